import type { AppContext } from '../../context';
import { AppError, conflict } from '../../lib/errors';
import { normalizeUrl } from '../apps/app-identity';
import { buildAppRow } from '../apps/app-row';
import { AppRecordsService } from '../apps/apps.records.service';
import type { AppWithCategory } from '../../db/catalogue';
import { publishNotification } from '../notifications/notifications.service';
import { DiscoveryClassifier } from './discovery.classifier';
import { extractApp } from './discovery.extractor';
import { DiscoveryRepository } from './discovery.repository';
import { fetcherOptions, GuardedFetcher, parseFetchableUrl } from '../../lib/guarded-fetch';

/** What started a discovery: the Discover screen, a visitor's submission, the schedule, or "Start Scan". */
export type DiscoveryTrigger = 'manual' | 'submission' | 'schedule' | 'scan';

/** Same host, ignoring `www.`. */
function sameSite(a: string, b: string): boolean {
  try {
    return new URL(a).hostname.replace(/^www\./, '') === new URL(b).hostname.replace(/^www\./, '');
  } catch {
    return false;
  }
}

function duplicateError(duplicate: { id: number; name: string; by: 'url' | 'name' }): AppError {
  const what = duplicate.by === 'url' ? 'with this URL' : 'with this name';
  return conflict(`An app ${what} already exists: "${duplicate.name}" (id ${duplicate.id}).`, {
    existingId: duplicate.id,
    matchedBy: duplicate.by,
  });
}

/**
 * The discovery pipeline, one code path for every entry point (the Discover screen, a visitor's
 * submission, each candidate of a run):
 * URL → guarded fetch → extraction → classification → duplicate check → pending app → log → notification.
 */
export class DiscoveryPipeline {
  private readonly repository: DiscoveryRepository;
  private readonly apps: AppRecordsService;
  private readonly classifier: DiscoveryClassifier;
  readonly fetcher: GuardedFetcher;

  constructor(
    private readonly ctx: AppContext,
    options: { fetcher?: GuardedFetcher } = {},
  ) {
    this.repository = new DiscoveryRepository(ctx.db);
    this.apps = new AppRecordsService(ctx.db);
    this.classifier = new DiscoveryClassifier(ctx);
    this.fetcher = options.fetcher ?? new GuardedFetcher(fetcherOptions(ctx));
  }

  /**
   * Discovers one URL (the Discover screen or a visitor's submission): creates a pending app, logs
   * it, notifies the admins and announces the change.
   * @throws AppError 400 invalid URL, 403/413/415/422/502 fetch refusals, 409 duplicate, 422 no category.
   */
  async discoverOne(
    rawUrl: string,
    trigger: 'manual' | 'submission',
    submitter: { email: string | null; note: string | null } = { email: null, note: null },
  ): Promise<AppWithCategory> {
    const started = Date.now();
    const from = [
      submitter.email ? `Submitted by ${submitter.email}` : null,
      submitter.note ? `Note: ${submitter.note}` : null,
    ].filter((line) => line !== null);
    const app = await this.createFromUrl(rawUrl, trigger === 'submission' ? rawUrl : null);
    await this.repository.insertLog({
      trigger,
      durationMs: Date.now() - started,
      discovered: 1,
      processed: 1,
      errors: 0,
      details: [`Created "${app.name}" (${app.categoryName}) from ${app.url}`, ...from],
    });
    await this.ctx.changes.publish('apps.changed', { ids: [app.id] });
    await publishNotification(this.ctx, {
      type: trigger === 'submission' ? 'app_submitted' : 'app_discovered',
      title: trigger === 'submission' ? 'App Submitted' : 'App Discovered',
      message:
        trigger === 'submission'
          ? `A visitor submitted "${app.name}"; it is waiting for review in ${app.categoryName}.${from.length > 0 ? ` ${from.join('. ')}` : ''}`
          : `"${app.name}" was added to ${app.categoryName} and is waiting for review.`,
      data: {
        appId: app.id,
        name: app.name,
        category: app.categoryName,
        url: app.url,
        ...(submitter.email ? { email: submitter.email } : {}),
        ...(submitter.note ? { note: submitter.note } : {}),
      },
    });
    await this.ctx.changes.publish('apps.added', { ids: [app.id], source: 'discovery' });
    return app;
  }

  /**
   * The pipeline up to the saved pending app (no log, no notification): the part every entry point shares.
   */
  async createFromUrl(rawUrl: string, sourceUrl: string | null): Promise<AppWithCategory> {
    const url = parseFetchableUrl(rawUrl);
    const early = await this.repository.findDuplicate([normalizeUrl(url.toString())], null);
    if (early) throw duplicateError(early);

    const page = await this.fetcher.fetch(url.toString(), 'html');
    const extracted = extractApp(page.body, page.url);
    const appUrl = extracted.canonicalUrl && sameSite(extracted.canonicalUrl, page.url) ? extracted.canonicalUrl : page.url;
    const classification = await this.classifier.classify(extracted);
    if (!classification) {
      throw new AppError('unprocessable', 'No active category exists to file the app under. Create a category first.');
    }
    const values = buildAppRow(
      {
        name: extracted.name,
        url: appUrl,
        categoryId: classification.categoryId,
        description: extracted.description,
        longDescription: extracted.longDescription,
        tags: classification.tags,
        features: extracted.features,
        useCases: extracted.useCases,
        rating: extracted.rating,
        screenshotUrl: extracted.screenshotUrl,
        iconUrl: extracted.iconUrl,
        aiGenerated: true,
        detectedAt: new Date(),
        pricingType: extracted.pricingType,
        company: extracted.company,
        sourceUrl: sourceUrl ?? appUrl,
      },
      { status: 'pending' },
    );
    const duplicateUrls = [normalizeUrl(url.toString()), normalizeUrl(page.url), normalizeUrl(appUrl)];
    const outcome = await this.repository.insertUnlessDuplicate(values, duplicateUrls);
    if (!outcome.created) throw duplicateError(outcome.duplicate);
    const row = await this.apps.findById(outcome.id);
    if (!row) throw new Error('the discovered app vanished after insert');
    return row;
  }
}
