import { setTimeout as sleep } from 'node:timers/promises';
import { FetchRefusedError, type FetchTrace, type GuardedFetcher } from '../../lib/guarded-fetch';
import type { CheckerFailure } from '@shared/schemas/link-health';
import { pageSignals } from './link-health.signals';
import type { CheckFacts } from './link-health.state';

/** One visit of a URL: the facts the state needs plus the evidence shown to curators. */
export interface CheckResult extends CheckFacts {
  redirectChain: string[];
  responseTimeMs: number;
}

const GONE_STATUSES = new Set([404, 410]);

/** Failures that a machine without a way to the web produces for every site alike. */
const MACHINE_FAILURES = new Set(['unresolvable', 'network', 'timeout']);
/** Fewer checks than this say nothing about the checker (a handful of dead sites is possible). */
export const CHECKER_SAMPLE_MIN = 10;
/** The share of the sampled checks failing the same way from which the checker is the problem. */
export const CHECKER_FAILURE_SHARE = 0.8;

/**
 * Whether a sample of a run's latest checks shows the checker failing rather than the sites: at
 * least CHECKER_SAMPLE_MIN checks and most of them (CHECKER_FAILURE_SHARE) failing in the same
 * machine-wide way. Real catalogues never lose most of their sites at once; a machine without DNS
 * or a route to the web loses them all.
 */
export function checkerFailureOf(sample: readonly Pick<CheckResult, 'failure' | 'failureMessage'>[]): CheckerFailure | null {
  if (sample.length < CHECKER_SAMPLE_MIN) return null;
  const byFailure = new Map<string, number>();
  for (const check of sample)
    if (check.failure && MACHINE_FAILURES.has(check.failure))
      byFailure.set(check.failure, (byFailure.get(check.failure) ?? 0) + 1);
  const [failure, failed] = [...byFailure].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  if (failed < sample.length * CHECKER_FAILURE_SHARE) return null;
  const example = sample.find((check) => check.failure === failure)?.failureMessage ?? failure;
  return {
    failure,
    failed,
    sampled: sample.length,
    message: `The link check stopped without changing any app: ${failed} of the last ${sample.length} checks failed the same way (${failure}: ${example}). The checker, not the sites, seems unable to reach the web; check this server's network and DNS, then run the check again.`,
  };
}

/**
 * Visits an app's URL through the guarded fetch (robots.txt, timeouts, size cap, the address guard
 * on every hop) and records what happened. Never throws for the site's behaviour: a failure is a
 * result. A 404/410 is confirmed by a second request after `confirmGoneDelayMs`, so one glitch of a
 * server cannot make an app dead.
 */
export async function checkUrl(
  fetcher: GuardedFetcher,
  url: string,
  options: { confirmGoneDelayMs: number; signal?: AbortSignal | undefined },
): Promise<CheckResult> {
  const first = await visit(fetcher, url);
  if (first.httpStatus === null || !GONE_STATUSES.has(first.httpStatus)) return first;
  await sleep(options.confirmGoneDelayMs, undefined, { signal: options.signal }).catch(() => undefined);
  return visit(fetcher, url);
}

async function visit(fetcher: GuardedFetcher, url: string): Promise<CheckResult> {
  const trace: FetchTrace = { hops: [], status: null };
  const started = performance.now();
  const base = { checkedAt: new Date(), url };
  try {
    const page = await fetcher.fetch(url, 'html', trace);
    const signals = pageSignals(page.body, page.url);
    return {
      ...base,
      httpStatus: page.status,
      finalUrl: page.url,
      redirectChain: trace.hops,
      responseTimeMs: Math.round(performance.now() - started),
      failure: null,
      failureMessage: null,
      parkedMarker: signals.parkedMarker,
      title: signals.title || null,
      description: signals.description || null,
      fingerprint: signals.fingerprint,
    };
  } catch (error) {
    const refused = error instanceof FetchRefusedError;
    const status = trace.status;
    // A page that is not HTML (a PDF, an image) still answered: the site is up.
    const answeredOk = refused && error.reason === 'unsupported_type' && status !== null && status < 300;
    return {
      ...base,
      httpStatus: status,
      finalUrl: trace.hops[trace.hops.length - 1] ?? null,
      redirectChain: trace.hops,
      responseTimeMs: Math.round(performance.now() - started),
      failure: answeredOk ? null : refused ? error.reason : 'network',
      failureMessage: answeredOk ? null : error instanceof Error ? error.message : String(error),
      parkedMarker: null,
      title: null,
      description: null,
      fingerprint: null,
    };
  }
}

/**
 * Runs tasks with at most `concurrency` at once overall and never two at once for the same host
 * (politeness). Items of a busy host wait while other hosts' items go ahead.
 * @returns when every item ran or `signal` aborted (items not started are left out).
 */
export async function runPerHost<T>(
  items: T[],
  hostOf: (item: T) => string,
  concurrency: number,
  signal: AbortSignal | undefined,
  task: (item: T) => Promise<void>,
): Promise<void> {
  const queues = new Map<string, T[]>();
  for (const item of items) {
    const host = hostOf(item);
    const queue = queues.get(host);
    if (queue) queue.push(item);
    else queues.set(host, [item]);
  }
  const busy = new Set<string>();
  let wake: (() => void) | undefined;
  const nextFree = (): [string, T] | undefined => {
    for (const [host, queue] of queues) {
      if (busy.has(host)) continue;
      const item = queue.shift();
      if (queue.length === 0) queues.delete(host);
      if (item !== undefined) return [host, item];
    }
    return undefined;
  };
  const worker = async (): Promise<void> => {
    while (!signal?.aborted && queues.size > 0) {
      const next = nextFree();
      if (!next) {
        // Every remaining host is busy: wait until a worker frees one.
        await new Promise<void>((resolve) => {
          const previous = wake;
          wake = () => {
            previous?.();
            resolve();
          };
        });
        continue;
      }
      const [host, item] = next;
      busy.add(host);
      try {
        await task(item);
      } finally {
        busy.delete(host);
        const waiting = wake;
        wake = undefined;
        waiting?.();
      }
    }
  };
  const workers = Math.max(1, Math.min(concurrency, items.length));
  await Promise.all(Array.from({ length: workers }, worker));
}
