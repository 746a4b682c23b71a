import type { DiscoveryRunResult, DiscoveryStats, DiscoveryStatus } from '@shared/schemas/discovery';
import type { DiscoveryLogEntry } from '@shared/schemas/settings';
import type { AppContext } from '../../context';
import { AppError, conflict } from '../../lib/errors';
import { normalizeUrl } from '../apps/app-identity';
import type { AppWithCategory } from '../../db/catalogue';
import { publishNotification } from '../notifications/notifications.service';
import { DiscoveryPipeline } from './discovery.pipeline';
import { presentLog } from './discovery.presenter';
import { DiscoveryRepository, type DiscoverySourceRow } from './discovery.repository';
import { readNextRunAt, readSyncIntervalMinutes } from './discovery.schedule-store';
import { parseSource } from './discovery.source-parser';
import { FetchRefusedError, type GuardedFetcher } from '../../lib/guarded-fetch';
import { countOf } from '@shared/pluralize';

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

/** The outcome of one URL of a run. */
type UrlOutcome =
  { kind: 'created'; app: AppWithCategory } | { kind: 'duplicate'; message: string } | { kind: 'failed'; message: string };

/**
 * Discovery runs over every enabled source: the run lock shared by every instance, the candidates a
 * run takes, its log and notification, and the figures and status the admin screens show.
 */
export class DiscoveryRunsService {
  private readonly repository: DiscoveryRepository;
  private readonly pipeline: DiscoveryPipeline;

  constructor(
    private readonly ctx: AppContext,
    options: { fetcher?: GuardedFetcher } = {},
  ) {
    this.repository = new DiscoveryRepository(ctx.db);
    this.pipeline = new DiscoveryPipeline(ctx, options);
  }

  /**
   * A curator's "Run discovery now": one run over the sources, answered with its figures.
   * @throws 409 while another run (on any instance) is in progress.
   */
  async runNow(): Promise<DiscoveryRunResult> {
    const result = await this.runExclusive('scan');
    if (!result) throw conflict('A discovery run is already in progress. Please wait for it to finish.');
    return { discovered: result.discovered, processed: result.processed, errors: result.errors, firstError: result.firstError };
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
        let sourceError: string | null = null;
        try {
          const urls = await this.readSource(source);
          for (const url of urls) candidates.push({ url, source: source.url });
          details.push(`Read ${urls.length} URL${urls.length === 1 ? '' : 's'} from ${source.url}`);
        } catch (error) {
          sourceError = messageOf(error);
          fail(`Source ${source.url} failed: ${sourceError}`);
        }
        await this.repository.markSourceRun(source.id, new Date(), sourceError);
      }

      const queue = await this.newCandidates(candidates);
      const discovered = queue.length;
      if (sources.length === 0) details.unshift('No enabled discovery sources: add one in Settings.');
      else
        details.unshift(
          `Found ${discovered} new candidate URL${discovered === 1 ? '' : 's'} in ${sources.length} source${sources.length === 1 ? '' : 's'}`,
        );

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
      if (ids.length > 0) await this.ctx.changes.publish('apps.added', { ids, source: 'discovery' });
      await publishNotification(this.ctx, {
        type: 'discovery_completed',
        title: 'Discovery Completed',
        message: `Found ${countOf(discovered, 'app')}, processed ${countOf(processed, 'new one', 'new ones')}${errors > 0 ? ` (${countOf(errors, 'error')})` : ''}.`,
        data: { discovered, processed, errors, duplicates, appIds: ids.slice(0, 100), logId },
      });
      return { discovered, processed, errors, firstError, duplicates };
    } catch (error) {
      const message = messageOf(error);
      this.ctx.log.error({ err: error }, 'discovery run failed');
      await this.repository
        .insertLog({
          trigger,
          durationMs: Date.now() - started,
          discovered: 0,
          processed: 0,
          errors: errors + 1,
          details: [...details, `Run failed: ${message}`].slice(0, MAX_LOG_DETAILS),
        })
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
      return { kind: 'created', app: await this.pipeline.createFromUrl(url, source) };
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
    const document = await this.pipeline.fetcher.fetch(source.url, expected);
    const listing = parseSource(document.body, source.type, document.url);
    const urls = [...listing.urls];
    for (const child of listing.childSitemaps.slice(0, MAX_CHILD_SITEMAPS)) {
      const childDocument = await this.pipeline.fetcher.fetch(child, 'xml');
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

  /** The schedule as the Settings and Discover screens show it (spec §3). */
  async status(): Promise<DiscoveryStatus> {
    const [nextRunAt, running, intervalMinutes] = await Promise.all([
      readNextRunAt(this.ctx),
      this.isRunning(),
      readSyncIntervalMinutes(this.ctx),
    ]);
    return {
      nextRunAt: nextRunAt?.toISOString() ?? null,
      running,
      intervalMinutes,
      schedulerEnabled: this.ctx.env.DISCOVERY_SCHEDULER,
    };
  }

  /** The latest runs, newest first (spec §3 Discovery log). */
  async logs(limit: number): Promise<DiscoveryLogEntry[]> {
    return (await this.repository.listLogs(limit)).map(presentLog);
  }
}

function messageOf(error: unknown): string {
  if (error instanceof FetchRefusedError || error instanceof AppError) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Runs `task` over `items`, at most `limit` at a time; stops taking new items once `signal` aborts. */
export async function runWithConcurrency<T>(
  items: T[],
  limit: number,
  signal: AbortSignal | undefined,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !signal?.aborted) {
      const item = items[next++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}
