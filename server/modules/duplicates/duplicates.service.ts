import { setImmediate } from 'node:timers/promises';
import type { DuplicateCandidate, MergeResult } from '@shared/schemas/duplicate';
import type { AppContext } from '../../context';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { publishNotification } from '../notifications/notifications.service';
import { DuplicatesRepository, type DuplicateMatch } from './duplicates.repository';

/** Tells admins that a scan flagged apps (advisory). */
export async function notifyFlags(
  ctx: AppContext,
  count: number,
  source: 'discovery' | 'import' | 'scan',
  first?: DuplicateCandidate,
): Promise<void> {
  await publishNotification(ctx, {
    type: 'duplicate_suspected',
    title: 'Possible Duplicate',
    message: `${count} possible duplicate${count === 1 ? '' : 's'} after ${source}${first ? `: "${first.name}" — ${first.evidence.join(', ')}` : ''}.`,
    data: first ? { pairs: [{ appId: first.appId, duplicateOf: first.duplicateOf, evidence: first.evidence }] } : {},
  });
}

/** Names at least this similar (trigram similarity) are "very close". */
export const NAME_SIMILARITY = 0.8;
/** Descriptions at least this similar (trigram similarity) describe the same product, with a very close name. */
export const DESCRIPTION_SIMILARITY = 0.4;
/** Most apps compared per batch. */
export const SCAN_BATCH = 50;
/**
 * A comparison transaction takes no further app after this long (at least one app): on PGlite it
 * holds the only connection, and one app's comparison grows with the catalogue (a trigram index
 * scan); on PostgreSQL it compares many apps per round of BEGIN and COMMIT.
 */
export const SCAN_TRANSACTION_MS = 50;
/** A background batch takes no further transaction after this long, then saves what it compared. */
export const SCAN_BATCH_MS = 200;
/** An import or discovery of at most this many apps is compared at once and answered with its flags. */
export const SYNC_SCAN_LIMIT = 200;

const percent = (value: number) => `${Math.round(value * 100)} %`;

/**
 * Whether two apps are the same product (decision 0020): the same host and path (normalised
 * address: scheme, www., trailing slash, query dropped), or a very close name together with a
 * close description. A shared registrable domain alone is not identity (Gemini and Google Translate).
 * @returns the evidence lines, empty when the pair is not flagged.
 */
export function identityEvidence(match: DuplicateMatch, olderId: number): string[] {
  const evidence: string[] = [];
  if (match.sameAddress) evidence.push(`same address as #${olderId}`);
  if (match.nameSimilarity >= NAME_SIMILARITY && match.descriptionSimilarity >= DESCRIPTION_SIMILARITY) {
    evidence.push(
      `name ${percent(match.nameSimilarity)} and description ${percent(match.descriptionSimilarity)} similar to #${olderId}`,
    );
  }
  return evidence;
}

/**
 * Advisory duplicate detection and merging of a duplicate into the app that stays. Flags are kept
 * in the database: each scan compares only apps created or edited since (a partial index finds
 * them), in bounded batches through indexes, so neither an import nor the admin list compares the
 * whole catalogue.
 */
export class DuplicatesService {
  private readonly repository: DuplicatesRepository;

  constructor(private readonly ctx: AppContext) {
    this.repository = new DuplicatesRepository(ctx.db);
  }

  /** Stored flags, newest app first; only those involving `onlyIds` when given. */
  async candidates(onlyIds?: number[]): Promise<DuplicateCandidate[]> {
    return this.repository.flags(onlyIds);
  }

  /**
   * Compares `ids` with the catalogue in short transactions of at most SCAN_TRANSACTION_MS, letting
   * waiting requests run between them, until all are compared or `budgetMs` has passed, and stores
   * the compared apps' flags.
   * @returns the apps compared (a prefix of `ids`) and how many flags are new.
   */
  async scan(ids: number[], budgetMs = Number.POSITIVE_INFINITY): Promise<{ compared: number[]; flagged: number }> {
    if (ids.length === 0) return { compared: [], flagged: 0 };
    const started = performance.now();
    const scannedAt = new Date();
    const compared: number[] = [];
    const flags = new Map<string, { appId: number; duplicateOf: number; evidence: string[] }>();
    while (compared.length < ids.length && (compared.length === 0 || performance.now() - started < budgetMs)) {
      const step = await this.repository.matches(ids.slice(compared.length), NAME_SIMILARITY, SCAN_TRANSACTION_MS);
      for (const match of step.matches) {
        const appId = Math.max(match.appId, match.otherId);
        const duplicateOf = Math.min(match.appId, match.otherId);
        const evidence = identityEvidence(match, duplicateOf);
        if (evidence.length > 0) flags.set(`${appId}:${duplicateOf}`, { appId, duplicateOf, evidence });
      }
      compared.push(...step.compared);
      await setImmediate();
    }
    return { compared, flagged: await this.repository.saveScan(compared, [...flags.values()], scannedAt) };
  }

  /**
   * One bounded batch of the apps waiting to be compared: at most `limit` apps, and no more once
   * SCAN_BATCH_MS has passed.
   * @returns the apps compared, how many flags are new, and whether more may wait.
   */
  async scanPendingBatch(
    limit = SCAN_BATCH,
    budgetMs = SCAN_BATCH_MS,
  ): Promise<{ ids: number[]; flagged: number; more: boolean }> {
    const pending = await this.repository.pendingIds(limit);
    const { compared, flagged } = await this.scan(pending, budgetMs);
    return { ids: compared, flagged, more: pending.length === limit || compared.length < pending.length };
  }

  /**
   * After a discovery or an import: a small one is compared at once and its flags are answered and
   * notified; a large one is left to the background scan (duplicates.scanner.ts), which notifies
   * when it is done. Advisory: nothing is refused; never fails the caller.
   */
  async flagNew(ids: number[], source: 'discovery' | 'import'): Promise<DuplicateCandidate[]> {
    if (ids.length === 0) return [];
    if (ids.length > SYNC_SCAN_LIMIT) return [];
    try {
      await this.scan(ids);
      const found = await this.candidates(ids);
      if (found.length > 0) await notifyFlags(this.ctx, found.length, source, found[0]);
      return found;
    } catch (error) {
      this.ctx.log.warn({ err: error }, 'duplicate check failed');
      return [];
    }
  }

  /**
   * The flags an import answers with: those of its apps when it was small enough to be compared at once (by
   * `flagAddedApps`, before the import's `apps.added` was published), none when it is left to the background scan.
   */
  async reportFor(ids: number[]): Promise<DuplicateCandidate[]> {
    if (ids.length === 0 || ids.length > SYNC_SCAN_LIMIT) return [];
    try {
      return await this.candidates(ids);
    } catch (error) {
      this.ctx.log.warn({ err: error }, 'duplicate check failed');
      return [];
    }
  }

  /**
   * "Not a duplicate": the pair is never flagged again (either order).
   * @throws 400 same app, 404 unknown app.
   */
  async dismiss(appId: number, duplicateOf: number): Promise<{ appId: number; duplicateOf: number; dismissed: true }> {
    if (appId === duplicateOf) throw badRequest('An app cannot be a duplicate of itself.');
    const newer = Math.max(appId, duplicateOf);
    const older = Math.min(appId, duplicateOf);
    if (!(await this.repository.dismiss(newer, older))) throw notFound('One of the two apps does not exist.');
    return { appId: newer, duplicateOf: older, dismissed: true };
  }

  /**
   * Keeps `into` and folds `id` into it: views, saves, tags, reports, analytics events and former
   * addresses move; the merged app's page answers 301 to the kept one.
   * @throws 400 same app, 404 unknown app.
   */
  async merge(id: number, into: number): Promise<MergeResult> {
    if (id === into) throw badRequest('An app cannot be merged into itself.');
    const [from, kept] = await Promise.all([this.repository.findWithCategory(id), this.repository.findWithCategory(into)]);
    if (!from) throw notFound(`App #${id} not found`);
    if (!kept) throw notFound(`App #${into} not found`);
    // Null when one of the two was deleted or merged between the look-up above and the merge's lock.
    const moved = await this.repository.merge(from, into);
    if (!moved) throw conflict('One of the two apps was deleted or merged meanwhile; reload and try again.');
    await this.ctx.changes.publish('apps.changed', { ids: [id, into] });
    return {
      kept: into,
      merged: id,
      moved: { views: moved.views, saves: moved.saves, tags: moved.tagsAdded, reports: moved.reports },
    };
  }
}

/**
 * Flags the apps an import or a discovery adds, as the change feed announces them (`apps.added`): the modules that
 * add apps publish, and need not know this one.
 * @returns a function that stops listening.
 */
export function flagAddedApps(ctx: AppContext): () => void {
  return ctx.changes.subscribe('apps.added', async ({ ids, source }) => {
    await new DuplicatesService(ctx).flagNew(ids, source);
  });
}
