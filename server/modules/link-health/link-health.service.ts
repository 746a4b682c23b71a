import {
  DEFAULT_HEALTH_CONCURRENCY,
  DEFAULT_HEALTH_INTERVAL_MINUTES,
  HEALTH_STATE_LABELS,
  HEALTH_STATES,
  healthSettingsSchema,
  type CheckerFailure,
  type HealthAction,
  type HealthLastRun,
  type HealthCounts,
  type HealthEntry,
  type HealthEvidence,
  type HealthRunProgress,
  type HealthRunResult,
  type HealthSettings,
  type HealthState,
  type HealthSummary,
  PROBLEM_STATES,
} from '@shared/schemas/link-health';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../lib/errors';
import { normalizeUrl } from '../apps/app-identity';
import { AppRecordsService } from '../apps/apps.records.service';
import { extractApp, type ExtractedApp } from '../discovery/discovery.extractor';
import { fetcherOptions, GuardedFetcher } from '../../lib/guarded-fetch';
import { publishNotification } from '../notifications/notifications.service';
import { ReportsService } from '../reports/reports.service';
import { checkerFailureOf, checkUrl, runPerHost, type CheckResult } from './link-health.checker';
import { presentCheck, presentHealthEntry } from './link-health.presenter';
import { LinkHealthRepository } from './link-health.repository';
import { computeState, type Baseline, type CheckFacts } from './link-health.state';

/** The lock that makes a run exclusive across instances. */
export const HEALTH_RUN_LOCK = 'link-health-run';
/** Settings key of the run in progress: its plan and live progress, read by every instance. */
export const HEALTH_RUN_KEY = 'linkHealth.run';
export const HEALTH_INTERVAL_KEY = 'linkHealth.intervalMinutes';
export const HEALTH_CONCURRENCY_KEY = 'linkHealth.concurrency';
/** States whose arrival is announced to admins. */
const ALERT_STATES = new Set<HealthState>(['dead', 'moved', 'parked']);
/** How often a running check writes its progress and looks for a stop request. */
const PROGRESS_EVERY_MS = 500;
/** A run record older than this without progress belongs to a dead instance (the status call ignores it). */
const STALE_RUN_MS = 10 * 60_000;
const EVIDENCE_CHECKS = 5;
/** Settings key of how the last finished run ended. */
export const HEALTH_LAST_RUN_KEY = 'linkHealth.lastRun';
/** Checks held back before they are stored, so a checker failing as a whole is noticed before it changes anything. */
const CHECKS_HELD = 20;

/** A run as stored under HEALTH_RUN_KEY. */
interface StoredRun {
  startedAt: string;
  ids: number[] | null;
  total: number;
  done: number;
  problems: number;
  stopRequested: boolean;
  trigger: string;
  heartbeatAt: string;
}

/** Test and benchmark knobs. */
export interface LinkHealthOptions {
  fetcher?: GuardedFetcher;
  /** Pause before a 404/410 is confirmed by a second request. */
  confirmGoneDelayMs?: number;
  /** Called around every request, to observe politeness (the benchmark). */
  onVisit?: (host: string, phase: 'start' | 'end') => void;
}

function emptyCounts(): HealthCounts {
  return Object.fromEntries(HEALTH_STATES.map((state) => [state, 0])) as HealthCounts;
}

function hostKey(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return url;
  }
}

function baselineOf(check: CheckFacts): Baseline | null {
  return check.fingerprint ? { fingerprint: check.fingerprint, text: `${check.title ?? ''} ${check.description ?? ''}` } : null;
}

/**
 * Link health (issue 13): visits published apps' URLs politely through the guarded fetch, stores
 * every check, computes each app's state, tells admins about new dead/moved/parked apps, and lets
 * curators act on problems.
 */
export class LinkHealthService {
  private readonly repository: LinkHealthRepository;
  private readonly appsAdmin: AppRecordsService;
  private readonly fetcherOverride: GuardedFetcher | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly options: LinkHealthOptions = {},
  ) {
    this.repository = new LinkHealthRepository(ctx.db);
    this.appsAdmin = new AppRecordsService(ctx.db);
    this.fetcherOverride = options.fetcher;
  }

  /** The Health view's header: state counts, open reports, the current run and the next scheduled one. */
  async summary(): Promise<HealthSummary> {
    const [counts, run, nextRunAt, settings, openReports, lastRun] = await Promise.all([
      this.counts(),
      this.progress(),
      this.repository.nextRunAt(),
      this.settings(),
      new ReportsService(this.ctx).countOpen(),
      this.repository.getSetting<HealthLastRun>(HEALTH_LAST_RUN_KEY),
    ]);
    const problems = PROBLEM_STATES.reduce((sum, state) => sum + counts[state], 0);
    return {
      counts,
      problems,
      openReports,
      run,
      lastRun: lastRun ?? null,
      nextRunAt: nextRunAt?.toISOString() ?? null,
      intervalMinutes: settings.intervalMinutes,
      concurrency: settings.concurrency,
    };
  }

  /** Minutes between scheduled runs and parallel checks (stored settings, defaults daily and 8). */
  async settings(): Promise<HealthSettings> {
    const [interval, concurrency] = await Promise.all([
      this.repository.getSetting(HEALTH_INTERVAL_KEY),
      this.repository.getSetting(HEALTH_CONCURRENCY_KEY),
    ]);
    const parsed = healthSettingsSchema.safeParse({
      intervalMinutes: interval ?? DEFAULT_HEALTH_INTERVAL_MINUTES,
      concurrency: concurrency ?? DEFAULT_HEALTH_CONCURRENCY,
    });
    return parsed.success
      ? parsed.data
      : { intervalMinutes: DEFAULT_HEALTH_INTERVAL_MINUTES, concurrency: DEFAULT_HEALTH_CONCURRENCY };
  }

  /** Stores validated settings. */
  async saveSettings(input: HealthSettings): Promise<HealthSettings> {
    await this.repository.setSetting(HEALTH_INTERVAL_KEY, input.intervalMinutes);
    await this.repository.setSetting(HEALTH_CONCURRENCY_KEY, input.concurrency);
    return this.settings();
  }

  /** The run in progress on any instance, or an idle progress. */
  async progress(): Promise<HealthRunProgress> {
    const run = await this.repository.getSetting<StoredRun>(HEALTH_RUN_KEY);
    const alive = run && Date.now() - Date.parse(run.heartbeatAt) < STALE_RUN_MS;
    if (!run || !alive) return { running: false, startedAt: null, done: 0, total: 0, problems: 0, stopRequested: false };
    return {
      running: true,
      startedAt: run.startedAt,
      done: run.done,
      total: run.total,
      problems: run.problems,
      stopRequested: run.stopRequested,
    };
  }

  /** Asks the running check (on whichever instance) to stop. @throws 409 when none runs */
  async requestStop(): Promise<HealthRunProgress> {
    const run = await this.repository.getSetting<StoredRun>(HEALTH_RUN_KEY);
    if (!run) throw conflict('No link check is running.');
    await this.repository.setSetting(HEALTH_RUN_KEY, { ...run, stopRequested: true });
    return this.progress();
  }

  /**
   * Checks the given apps (or every published app) now, exclusive across instances.
   * @throws 409 when a run is already going.
   */
  async runNow(ids: number[] | null, trigger = 'manual'): Promise<HealthRunResult> {
    const result = await this.runExclusive({ ids, trigger });
    if (!result) throw conflict('A link check is already running. Please wait for it to finish or stop it.');
    return result;
  }

  /**
   * Takes the run lock and runs: resumes an interrupted run (its record survived a restart) unless a
   * curator asked for a new one, else starts the planned run. `stillDue` is asked inside the lock.
   * @returns null when another instance holds the lock or nothing is due.
   */
  async runExclusive(
    plan: { ids: number[] | null; trigger: string } | null,
    options: { signal?: AbortSignal; stillDue?: () => Promise<boolean>; afterRun?: () => Promise<void> } = {},
  ): Promise<HealthRunResult | null> {
    const outcome = await this.ctx.database.withExclusiveLock(HEALTH_RUN_LOCK, async () => {
      const interrupted = await this.repository.getSetting<StoredRun>(HEALTH_RUN_KEY);
      let run: StoredRun;
      // A scheduled slot (or a plain wake-up) resumes an interrupted run; a curator's run replaces it.
      const resume = interrupted && !interrupted.stopRequested && (!plan || plan.trigger === 'schedule');
      if (resume) {
        run = interrupted;
      } else {
        if (!plan || (options.stillDue && !(await options.stillDue()))) {
          if (interrupted) await this.repository.deleteSetting(HEALTH_RUN_KEY);
          return null;
        }
        const now = new Date().toISOString();
        run = {
          startedAt: now,
          ids: plan.ids,
          total: await this.repository.countTargets(plan.ids),
          done: 0,
          problems: 0,
          stopRequested: false,
          trigger: plan.trigger,
          heartbeatAt: now,
        };
        await this.repository.setSetting(HEALTH_RUN_KEY, run);
      }
      const result = await this.execute(run, options.signal);
      await options.afterRun?.();
      return result;
    });
    return outcome.acquired ? outcome.result : null;
  }

  /** Whether a run record waits to be resumed (its instance stopped during the run). */
  async hasInterruptedRun(): Promise<boolean> {
    return (await this.repository.getSetting<StoredRun>(HEALTH_RUN_KEY)) !== undefined;
  }

  private async execute(run: StoredRun, outerSignal?: AbortSignal): Promise<HealthRunResult> {
    const controller = new AbortController();
    const stopOuter = () => controller.abort();
    outerSignal?.addEventListener('abort', stopOuter);
    const fetcher = this.fetcherOverride ?? new GuardedFetcher(fetcherOptions(this.ctx));
    const { concurrency } = await this.settings();
    // Apps checked since the run started are done: a resumed run goes on where it stopped.
    const targets = await this.repository.targets(run.ids, new Date(run.startedAt));
    const counts = emptyCounts();
    let stoppedByRequest = false;
    let lastFlush = 0;
    let flushing: Promise<void> | undefined;
    const flush = async (force: boolean) => {
      if (!force && Date.now() - lastFlush < PROGRESS_EVERY_MS) return;
      lastFlush = Date.now();
      const stored = await this.repository.getSetting<StoredRun>(HEALTH_RUN_KEY);
      if (stored?.stopRequested) {
        stoppedByRequest = true;
        controller.abort();
      }
      run.heartbeatAt = new Date().toISOString();
      await this.repository.setSetting(HEALTH_RUN_KEY, { ...run, stopRequested: stored?.stopRequested ?? false });
    };
    // The latest checks wait here before they are stored: when most of them failed the same way,
    // the checker (this machine's network) is the problem, and the run stops without storing them.
    const held: { target: (typeof targets)[number]; result: CheckResult }[] = [];
    let checkerFailure: CheckerFailure | null = null;
    const store = async ({ target, result }: (typeof held)[number]) => {
      await this.repository.insertCheck(target.id, result);
      const state = await this.recompute(target.id, target.name, target.url);
      counts[state] += 1;
      if (state !== 'ok') run.problems += 1;
    };
    try {
      await runPerHost(
        targets,
        (target) => hostKey(target.url),
        concurrency,
        controller.signal,
        async (target) => {
          const host = hostKey(target.url);
          this.options.onVisit?.(host, 'start');
          try {
            const result = await checkUrl(fetcher, target.url, {
              confirmGoneDelayMs: this.options.confirmGoneDelayMs ?? 1500,
              signal: controller.signal,
            });
            this.options.onVisit?.(host, 'end');
            if (checkerFailure) return;
            held.push({ target, result });
            run.done += 1;
            checkerFailure = checkerFailureOf(held.map((entry) => entry.result));
            if (checkerFailure) {
              held.length = 0;
              controller.abort();
              return;
            }
            while (held.length > CHECKS_HELD) await store(held.shift()!);
          } catch (error) {
            this.options.onVisit?.(host, 'end');
            this.ctx.log.warn({ err: error, appId: target.id }, 'link check failed');
            return;
          }
          flushing ??= flush(false).finally(() => {
            flushing = undefined;
          });
        },
      );
      await flushing;
      if (!checkerFailure) for (const entry of held.splice(0)) await store(entry);
    } finally {
      outerSignal?.removeEventListener('abort', stopOuter);
      await this.repository.deleteSetting(HEALTH_RUN_KEY).catch(() => undefined);
    }
    const checked = Object.values(counts).reduce((sum, n) => sum + n, 0);
    const failure = checkerFailure as CheckerFailure | null;
    await this.repository.setSetting(HEALTH_LAST_RUN_KEY, {
      finishedAt: new Date().toISOString(),
      checked,
      checkerFailure: failure,
    } satisfies HealthLastRun);
    if (failure) {
      this.ctx.log.error(
        { failure: failure.failure, failed: failure.failed, sampled: failure.sampled },
        'link check stopped: the checker cannot reach the web',
      );
      await publishNotification(this.ctx, {
        type: 'link_health',
        title: 'Link check stopped',
        message: failure.message,
        data: { checkerFailure: failure },
      });
    }
    return {
      checked,
      counts,
      stopped: failure !== null || stoppedByRequest || controller.signal.aborted,
      checkerFailure: failure,
    };
  }

  /** Recomputes an app's state from its checks, stores it and announces a new dead/moved/parked app. */
  async recompute(appId: number, name: string, url: string): Promise<HealthState> {
    const [checks, previous] = await Promise.all([this.repository.recentChecks(appId), this.repository.health(appId)]);
    const latest = checks[0];
    if (!latest) return 'ok';
    let baseline = (previous?.baseline as Baseline | null | undefined) ?? null;
    const setBaseline =
      !baseline &&
      latest.failure === null &&
      latest.fingerprint !== null &&
      normalizeUrl(latest.finalUrl ?? url) === normalizeUrl(url);
    if (setBaseline) baseline = baselineOf(latest);
    const verdict = computeState(url, checks, baseline);
    const evidence: HealthEvidence = {
      summary: verdict.summary,
      suggestedUrl: verdict.suggestedUrl,
      checks: checks.slice(0, EVIDENCE_CHECKS).map(presentCheck),
    };
    await this.repository.saveHealth({
      appId,
      state: verdict.state,
      checkedAt: latest.checkedAt,
      evidence,
      signature: verdict.signature,
      ...(setBaseline ? { baseline } : {}),
    });
    const dismissed = previous?.dismissedSignature === verdict.signature;
    if (ALERT_STATES.has(verdict.state) && previous?.state !== verdict.state && !dismissed) {
      await publishNotification(this.ctx, {
        type: 'link_health',
        title: `App ${HEALTH_STATE_LABELS[verdict.state]}`,
        message: `"${name}" is ${verdict.state}: ${verdict.summary}`,
        data: { appId, name, url, state: verdict.state },
      });
    }
    return verdict.state;
  }

  /** The problems queue (or one state), newest checks first. */
  async list(query: { state?: HealthState | undefined; includeDismissed: boolean; appId?: number }): Promise<HealthEntry[]> {
    return (await this.repository.list(query)).map(presentHealthEntry);
  }

  /** Apps per state (dismissed problems count under `ok`). */
  async counts(): Promise<HealthCounts> {
    const counts = emptyCounts();
    for (const row of await this.repository.counts()) counts[row.dismissed ? 'ok' : row.state] += row.n;
    return counts;
  }

  /**
   * A curator's action as the Health view sends it: re-extraction answers the current and extracted
   * values to compare, every other action the app's entry.
   * @throws as `act` and `reextract`.
   */
  async perform(
    appId: number,
    action: HealthAction,
  ): Promise<Awaited<ReturnType<LinkHealthService['reextract']>> | { entry: HealthEntry | null }> {
    if (action === 'reextract') return this.reextract(appId);
    return { entry: await this.act(appId, action) };
  }

  /**
   * A curator's action on an app's health: accept the suggested URL, unpublish, mark defunct (or
   * restore), dismiss until the problem changes. Re-extraction is `reextract`.
   * @throws 404 unknown app or no health record, 409 when the action does not apply.
   */
  async act(appId: number, action: Exclude<HealthAction, 'reextract'>): Promise<HealthEntry | null> {
    const app = await this.appsAdmin.findById(appId);
    if (!app) throw notFound('App not found');
    const health = await this.repository.health(appId);
    switch (action) {
      case 'accept_url': {
        const suggested = (health?.evidence as HealthEvidence | undefined)?.suggestedUrl;
        if (!suggested) throw conflict('There is no new URL to accept for this app.');
        await this.appsAdmin.update(appId, { url: suggested, normalizedUrl: normalizeUrl(suggested) });
        await this.repository.setBaseline(appId, null);
        await this.recompute(appId, app.name, suggested);
        break;
      }
      case 'unpublish':
        await this.appsAdmin.update(appId, { status: 'pending' });
        break;
      case 'mark_defunct':
        await this.appsAdmin.update(appId, { defunctAt: new Date() });
        break;
      case 'restore':
        await this.appsAdmin.update(appId, { defunctAt: null });
        break;
      case 'dismiss':
        if (!health) throw notFound('This app has not been checked yet.');
        await this.repository.setDismissed(appId, health.signature);
        break;
    }
    await this.ctx.changes.publish('apps.changed', { ids: [appId] });
    return (await this.list({ includeDismissed: true, appId }))[0] ?? null;
  }

  /** Fetches the app's page again and extracts it like discovery does, for the curator to review. @throws 404, fetch refusals */
  async reextract(appId: number): Promise<{
    current: { name: string; description: string; longDescription: string | null; features: string[] };
    extracted: ExtractedApp;
  }> {
    const app = await this.appsAdmin.findById(appId);
    if (!app) throw notFound('App not found');
    const fetcher = this.fetcherOverride ?? new GuardedFetcher(fetcherOptions(this.ctx));
    const page = await fetcher.fetch(app.url, 'html');
    return {
      current: { name: app.name, description: app.description, longDescription: app.longDescription, features: app.features },
      extracted: extractApp(page.body, page.url),
    };
  }

  /** Applies a reviewed re-extraction and makes the current page the new baseline. @throws 404 */
  async applyExtraction(
    appId: number,
    values: { description: string; longDescription?: string | null | undefined; features?: string[] | undefined },
  ): Promise<HealthEntry | null> {
    const app = await this.appsAdmin.findById(appId);
    if (!app) throw notFound('App not found');
    await this.appsAdmin.update(appId, {
      description: values.description,
      ...(values.longDescription !== undefined ? { longDescription: values.longDescription } : {}),
      ...(values.features !== undefined ? { features: values.features } : {}),
    });
    const [latest] = await this.repository.recentChecks(appId, 1);
    await this.repository.setBaseline(appId, latest ? baselineOf(latest) : null);
    await this.recompute(appId, app.name, app.url);
    await this.ctx.changes.publish('apps.changed', { ids: [appId] });
    return (await this.list({ includeDismissed: true, appId }))[0] ?? null;
  }
}
