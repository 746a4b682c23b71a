import type { SubmissionDuplicate, SubmissionResult } from '@shared/schemas/discovery';
import { appPath } from '@shared/slug';
import type { AppContext } from '../../context';
import { AppError, conflict } from '../../lib/errors';
import { AppRecordsService } from '../apps/apps.records.service';
import { DiscoveryPipeline } from './discovery.pipeline';

/**
 * A visitor's suggestion of a tool ("Submit a tool", `POST /api/discover-app`): the discovery
 * pipeline into **pending**, with an answer a visitor can act on when the tool is already listed.
 */
export class SubmissionsService {
  private readonly pipeline: DiscoveryPipeline;
  private readonly apps: AppRecordsService;

  constructor(private readonly ctx: AppContext) {
    this.pipeline = new DiscoveryPipeline(ctx);
    this.apps = new AppRecordsService(ctx.db);
  }

  /**
   * Runs the pipeline for a visitor's URL.
   * @throws 409 "Already listed: …" (details: the app and its public page) for a duplicate, and the
   * pipeline's refusals (403 blocked address, 422/502 unreachable site, ...) as they are.
   */
  async submit(input: { url: string; email: string | null; note: string | null }): Promise<SubmissionResult> {
    try {
      const app = await this.pipeline.discoverOne(input.url, 'submission', { email: input.email, note: input.note });
      return { id: app.id, name: app.name, status: 'pending' };
    } catch (error) {
      if (error instanceof AppError && error.code === 'conflict') throw await this.alreadyListed(error);
      throw error;
    }
  }

  private async alreadyListed(error: AppError): Promise<AppError> {
    const existingId = (error.details as { existingId?: number } | undefined)?.existingId;
    if (existingId === undefined) return error;
    const published = await this.apps.findPublicById(existingId);
    if (published) {
      const details: SubmissionDuplicate = {
        existingId,
        name: published.name,
        path: appPath({ categorySlug: published.categorySlug, nameSlug: published.nameSlug }),
      };
      return conflict(`Already listed: ${published.name}`, details);
    }
    const existing = await this.apps.findById(existingId);
    const name = existing?.name ?? 'this tool';
    const details: SubmissionDuplicate = { existingId, name, path: null };
    return conflict(`Already submitted: ${name} is waiting for review.`, details);
  }
}
