import fs from 'node:fs';
import path from 'node:path';
import type { DiscoveryRunResult, DiscoverySource, DiscoveryStats, DiscoverySourceType } from '../../../shared/schemas/discovery';
import { slugify } from '../../../shared/slug';
import type { AppContext } from '../../context';
import { AppError, conflict, notFound } from '../../lib/errors';
import { normalizeName, normalizeUrl } from '../apps/app-identity';
import type { AppWithCategory } from '../apps/apps.presenter';
import { AppsRepository } from '../apps/apps.repository';
import { DuplicatesService } from '../duplicates/duplicates.service';
import { publishNotification } from '../notifications/notifications.service';
import { DiscoveryClassifier } from './discovery.classifier';
import { extractApp, type ExtractedApp } from './discovery.extractor';
import { DiscoveryRepository, type DiscoverySourceRow } from './discovery.repository';
import { parseSource } from './discovery.sources';
import { crawlerUserAgent, FetchRefusedError, GuardedFetcher, parseFetchableUrl, type GuardedFetchOptions } from './guarded-fetch';

/** What started a discovery: the Discover screen, a visitor's submission, the schedule, or "Start Scan". */
export type DiscoveryTrigger = 'manual' | 'submission' | 'schedule' | 'scan';

/** The lock that makes a run exclusive across every instance. */
export const RUN_LOCK = 'discovery-run';
/** Settings key holding the run in progress ({startedAt}), for the status call of any instance. */
export const RUNNING_KEY = 'discovery.running';
/** Settings key of the normalised URLs already tried by runs, so a feed's old entries are not fetched again. */
const SEEN_KEY = 'discovery.seenUrls';
const SEEN_LIMIT = 5000;
/** New candidates processed per run; the rest wait for the next run. */
export const MAX_CANDIDATES_PER_RUN = 100;
/** Child sitemaps read from one sitemap index. */
const MAX_CHILD_SITEMAPS = 5;
/** A run older than this is considered dead (its instance stopped) by the status call. */
const STALE_RUN_MS = 30 * 60_000;
const MAX_LOG_DETAILS = 60;

let cachedVersion: string | undefined;
/** The product version of package.json (for the crawler's User-Agent). */
export function productVersion(): string {
  if (cachedVersion) return cachedVersion;
  try {
    const file = path.join(import.meta.dirname, '..', '..', '..', 'package.json');
    cachedVersion = String((JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: string }).version ?? '0.0.0');
  } catch {
    cachedVersion = '0.0.0';
  }
  return cachedVersion;
}

/** The fetcher settings of a context. */
export function fetcherOptions(ctx: AppContext): GuardedFetchOptions {
  return { allowHosts: ctx.env.DISCOVERY_ALLOW_HOSTS, userAgent: crawlerUserAgent(productVersion(), ctx.env.PUBLIC_URL) };
}

/** The API shape of a source row. */
export function presentSource(row: DiscoverySourceRow): DiscoverySource {
  return { id: row.id, url: row.url, type: row.type, enabled: row.enabled, lastRunAt: row.lastRunAt?.toISOString() ?? null, createdAt: row.createdAt.toISOString() };
}

/** The outcome of one URL of a run. */
type UrlOutcome = { kind: 'created'; app: AppWithCategory } | { kind: 'duplicate'; message: string } | { kind: 'failed'; message: string };

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
  return conflict(`An app ${what} already exists: "${duplicate.name}" (id ${duplicate.id}).`, { existingId: duplicate.id, matchedBy: duplicate.by });
}

/**
 * The discovery pipeline, one code path for every entry point:
 * URL → guarded fetch → extraction → classification → duplicate check → pending app → log → notification.
 */
export class DiscoveryService {
  private readonly repository: DiscoveryRepository;
  private readonly apps: AppsRepository;
  private readonly classifier: DiscoveryClassifier;
  readonly fetcher: GuardedFetcher;

  constructor(
    private readonly ctx: AppContext,
    options: { fetcher?: GuardedFetcher } = {},
  ) {
    this.repository = new DiscoveryRepository(ctx.db);
    this.apps = new AppsRepository(ctx.db);
    this.classifier = new DiscoveryClassifier(ctx);
    this.fetcher = options.fetcher ?? new GuardedFetcher(fetcherOptions(ctx));
  }

  /**
   * Discovers one URL (the Discover screen or a visitor's submission): creates a pending app, logs
   * it, notifies the admins and announces the change.
   * @throws AppError 400 invalid URL, 403/413/415/422/502 fetch refusals, 409 duplicate, 422 no category.
   */
  async discoverOne(rawUrl: string, trigger: 'manual' | 'submission'): Promise<AppWithCategory> {
    const started = Date.now();
    const app = await this.createFromUrl(rawUrl, trigger === 'submission' ? rawUrl : null);
    await this.repository.insertLog({
      trigger,
      durationMs: Date.now() - started,
      discovered: 1,
      processed: 1,
      errors: 0,
      details: [`Created "${app.name}" (${app.categoryName}) from ${app.url}`],
    });
    await this.ctx.changes.publish('apps.changed', { ids: [app.id] });
    await publishNotification(this.ctx, {
      type: trigger === 'submission' ? 'app_submitted' : 'app_discovered',
      title: trigger === 'submission' ? 'App Submitted' : 'App Discovered',
      message:
        trigger === 'submission'
          ? `A visitor submitted "${app.name}"; it is waiting for review in ${app.categoryName}.`
          : `"${app.name}" was added to ${app.categoryName} and is waiting for review.`,
      data: { appId: app.id, name: app.name, category: app.categoryName, url: app.url },
    });
    await new DuplicatesService(this.ctx).flagNew([app.id], 'discovery');
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
    const values = this.appValues(extracted, appUrl, classification, sourceUrl);
    const duplicateUrls = [normalizeUrl(url.toString()), normalizeUrl(page.url), normalizeUrl(appUrl)];
    const outcome = await this.repository.insertUnlessDuplicate(values, duplicateUrls);
    if (!outcome.created) throw duplicateError(outcome.duplicate);
    const row = await this.apps.findById(outcome.id);
    if (!row) throw new Error('the discovered app vanished after insert');
    return row;
  }

  private appValues(
    extracted: ExtractedApp,
    appUrl: string,
    classification: { categoryId: number; tags: string[] },
    sourceUrl: string | null,
  ) {
    const now = new Date();
    const nameSlug = slugify(extracted.name) || slugify(new URL(appUrl).hostname.replace(/^www\./, '').split('.')[0] ?? '') || 'app';
    return {
      name: extracted.name,
      nameSlug,
      categoryId: classification.categoryId,
      description: extracted.description,
      longDescription: extracted.longDescription,
      url: appUrl,
      tags: classification.tags,
      features: extracted.features,
      useCases: extracted.useCases,
      rating: extracted.rating,
      status: 'pending' as const,
      screenshotUrl: extracted.screenshotUrl,
      iconUrl: extracted.iconUrl,
      aiGenerated: true,
      detectedAt: now,
      pricingType: extracted.pricingType,
      company: extracted.company,
      sourceUrl: sourceUrl ?? appUrl,
      normalizedUrl: normalizeUrl(appUrl),
      normalizedName: normalizeName(extracted.name),
    };
  }

  /**
   * One run over every enabled source, exclusive across instances. New candidate URLs (not an app
   * yet, not tried by an earlier run) are processed with bounded concurrency; duplicates are skipped
   * and counted; the run is logged and announced.
   * @returns null when another run holds the lock.
   */
  async runExclusive(
    trigger: 'schedule' | 'scan',
    options: { signal?: AbortSignal; stillDue?: () => Promise<boolean>; afterRun?: () => Promise<void> } = {},
  ): Promise<(DiscoveryRunResult & { duplicates: number }) | null> {
    const outcome = await this.ctx.database.withExclusiveLock(RUN_LOCK, async () => {
      // Another instance may have run while this one waited for the lock.
      if (options.stillDue && !(await options.stillDue())) return null;
      await this.repository.setSetting(RUNNING_KEY, { startedAt: new Date().toISOString(), trigger });
      try {
        return await this.run(trigger, options.signal);
      } finally {
        await options.afterRun?.();
        await this.repository.deleteSetting(RUNNING_KEY).catch(() => undefined);
      }
    });
    return outcome.acquired ? outcome.result : null;
  }

  private async run(trigger: 'schedule' | 'scan', signal?: AbortSignal): Promise<DiscoveryRunResult & { duplicates: number }> {
    const started = Date.now();
    const details: string[] = [];
    let errors = 0;
    let firstError: string | null = null;
    const fail = (detail: string) => {
      errors++;
      firstError ??= detail;
      details.push(detail);
    };
    let duplicates = 0;
    try {
      const sources = await this.repository.listEnabledSources();
      const candidates: { url: string; source: string }[] = [];
      for (const source of sources) {
        try {
          const urls = await this.readSource(source);
          for (const url of urls) candidates.push({ url, source: source.url });
          details.push(`Read ${urls.length} URL${urls.length === 1 ? '' : 's'} from ${source.url}`);
        } catch (error) {
          fail(`Source ${source.url} failed: ${messageOf(error)}`);
        }
        await this.repository.markSourceRun(source.id, new Date());
      }

      const queue = await this.newCandidates(candidates);
      const discovered = queue.length;
      if (sources.length === 0) details.unshift('No enabled discovery sources: add one in Settings.');
      else details.unshift(`Found ${discovered} new candidate URL${discovered === 1 ? '' : 's'} in ${sources.length} source${sources.length === 1 ? '' : 's'}`);

      const created: AppWithCategory[] = [];
      await runWithConcurrency(queue, this.ctx.env.DISCOVERY_CONCURRENCY, signal, async (candidate) => {
        const result = await this.processCandidate(candidate.url, candidate.source);
        if (result.kind === 'created') {
          created.push(result.app);
          details.push(`Created "${result.app.name}" (${result.app.categoryName}) from ${candidate.url}`);
        } else if (result.kind === 'duplicate') {
          duplicates++;
          details.push(`Skipped duplicate ${candidate.url}: ${result.message}`);
        } else {
          fail(`Failed ${candidate.url}: ${result.message}`);
        }
      });
      await this.rememberSeen(queue.map((candidate) => normalizeUrl(candidate.url)));

      const processed = created.length;
      if (duplicates > 0) details.splice(1, 0, `Skipped ${duplicates} duplicate${duplicates === 1 ? '' : 's'}`);
      const logId = await this.repository.insertLog({
        trigger,
        durationMs: Date.now() - started,
        discovered,
        processed,
        errors,
        details: details.slice(0, MAX_LOG_DETAILS),
      });
      const ids = created.map((app) => app.id);
      if (ids.length > 0) await this.ctx.changes.publish('apps.changed', { ids });
      await new DuplicatesService(this.ctx).flagNew(ids, 'discovery');
      await publishNotification(this.ctx, {
        type: 'discovery_completed',
        title: 'Discovery Completed',
        message: `Found ${discovered} apps, processed ${processed} new ones${errors > 0 ? ` (${errors} error${errors === 1 ? '' : 's'})` : ''}.`,
        data: { discovered, processed, errors, duplicates, appIds: ids.slice(0, 100), logId },
      });
      return { discovered, processed, errors, firstError, duplicates };
    } catch (error) {
      const message = messageOf(error);
      this.ctx.log.error({ err: error }, 'discovery run failed');
      await this.repository
        .insertLog({ trigger, durationMs: Date.now() - started, discovered: 0, processed: 0, errors: errors + 1, details: [...details, `Run failed: ${message}`].slice(0, MAX_LOG_DETAILS) })
        .catch(() => undefined);
      await publishNotification(this.ctx, {
        type: 'discovery_failed',
        title: 'Discovery Failed',
        message: `The discovery run failed: ${message}`,
        data: { trigger },
      }).catch(() => undefined);
      throw error;
    }
  }

  private async processCandidate(url: string, source: string): Promise<UrlOutcome> {
    try {
      return { kind: 'created', app: await this.createFromUrl(url, source) };
    } catch (error) {
      if (error instanceof AppError && error.code === 'conflict') return { kind: 'duplicate', message: error.message };
      if (error instanceof AppError) return { kind: 'failed', message: error.message };
      this.ctx.log.warn({ err: error, url }, 'discovery of a candidate failed');
      return { kind: 'failed', message: messageOf(error) };
    }
  }

  /** The candidate URLs of a source, following a sitemap index one level down. */
  private async readSource(source: DiscoverySourceRow): Promise<string[]> {
    const expected = source.type === 'json' ? 'json' : 'xml';
    const document = await this.fetcher.fetch(source.url, expected);
    const listing = parseSource(document.body, source.type, document.url);
    const urls = [...listing.urls];
    for (const child of listing.childSitemaps.slice(0, MAX_CHILD_SITEMAPS)) {
      const childDocument = await this.fetcher.fetch(child, 'xml');
      urls.push(...parseSource(childDocument.body, 'sitemap', childDocument.url).urls);
    }
    return urls;
  }

  /** Candidates not yet in the catalogue and not tried before, one per normalised URL, at most one run's worth. */
  private async newCandidates(candidates: { url: string; source: string }[]): Promise<{ url: string; source: string }[]> {
    const unique = new Map<string, { url: string; source: string }>();
    for (const candidate of candidates) {
      const key = normalizeUrl(candidate.url);
      if (!unique.has(key)) unique.set(key, candidate);
    }
    const keys = [...unique.keys()];
    const known = await this.repository.knownNormalizedUrls(keys);
    const seen = new Set((await this.repository.getSetting<string[]>(SEEN_KEY)) ?? []);
    return keys
      .filter((key) => !known.has(key) && !seen.has(key))
      .slice(0, MAX_CANDIDATES_PER_RUN)
      .map((key) => unique.get(key))
      .filter((candidate): candidate is { url: string; source: string } => candidate !== undefined);
  }

  private async rememberSeen(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    const previous = (await this.repository.getSetting<string[]>(SEEN_KEY)) ?? [];
    const merged = [...new Set([...keys, ...previous])].slice(0, SEEN_LIMIT);
    await this.repository.setSetting(SEEN_KEY, merged);
  }

  /** Whether a run holds the lock on any instance (a run older than 30 minutes counts as dead). */
  async isRunning(): Promise<boolean> {
    const running = await this.repository.getSetting<{ startedAt?: string }>(RUNNING_KEY);
    const startedAt = running?.startedAt ? Date.parse(running.startedAt) : Number.NaN;
    return Number.isFinite(startedAt) && Date.now() - startedAt < STALE_RUN_MS;
  }

  async stats(): Promise<DiscoveryStats> {
    const figures = await this.repository.stats();
    return {
      appsDiscovered: figures.appsDiscovered,
      successRate: figures.discovered > 0 ? Math.round((figures.processed / figures.discovered) * 1000) / 10 : null,
      categories: figures.categories,
      pendingReview: figures.pendingReview,
    };
  }

  async listSources(): Promise<DiscoverySource[]> {
    return (await this.repository.listSources()).map(presentSource);
  }

  /** @throws 409 when a source with this URL exists. */
  async addSource(input: { url: string; type: DiscoverySourceType; enabled: boolean }): Promise<DiscoverySource> {
    const url = parseFetchableUrl(input.url).toString();
    const row = await this.repository.insertSource({ url, type: input.type, enabled: input.enabled });
    if (!row) {
      const existing = await this.repository.findSourceByUrl(url);
      throw conflict(`This source is already configured (id ${existing?.id ?? '?'}).`, { existingId: existing?.id });
    }
    return presentSource(row);
  }

  /** @throws 404 */
  async setSourceEnabled(id: number, enabled: boolean): Promise<DiscoverySource> {
    const row = await this.repository.setSourceEnabled(id, enabled);
    if (!row) throw notFound('Discovery source not found');
    return presentSource(row);
  }

  /** @throws 404 */
  async deleteSource(id: number): Promise<void> {
    if (!(await this.repository.deleteSource(id))) throw notFound('Discovery source not found');
  }
}

function messageOf(error: unknown): string {
  if (error instanceof FetchRefusedError || error instanceof AppError) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Runs `task` over `items`, at most `limit` at a time; stops taking new items once `signal` aborts. */
export async function runWithConcurrency<T>(items: T[], limit: number, signal: AbortSignal | undefined, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !signal?.aborted) {
      const item = items[next++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}
