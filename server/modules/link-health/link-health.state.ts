import type { HealthState } from '@shared/schemas/link-health';
import { normalizeUrl } from '../apps/app-identity';
import { registrableDomain, tokenCosine } from './link-health.signals';

/** The fields of a stored check the state depends on. */
export interface CheckFacts {
  checkedAt: Date;
  url: string;
  httpStatus: number | null;
  finalUrl: string | null;
  failure: string | null;
  failureMessage: string | null;
  parkedMarker: string | null;
  title: string | null;
  description: string | null;
  fingerprint: string | null;
}

/** The page an app's health compares later checks with (set by the first good check, reset by curators). */
export interface Baseline {
  fingerprint: string;
  text: string;
}

/** A computed state with its explanation. */
export interface StateVerdict {
  state: HealthState;
  summary: string;
  suggestedUrl: string | null;
  /** What identifies this problem: a dismissed problem shows again when this changes. */
  signature: string;
}

/** Unreachable checks in a row that make an app dead, and the span they must cover. */
export const DEAD_AFTER_FAILURES = 3;
export const DEAD_AFTER_MS = 2 * 24 * 3600_000;
/** Below this similarity of title and description to the baseline, the page "changed a lot". */
export const CHANGED_SIMILARITY = 0.5;

/** Failures that say nothing about the site's health (we were not allowed to look). */
const NEUTRAL_FAILURES = new Set(['robots']);
const GONE_STATUSES = new Set([404, 410]);

/** A check that reached no usable page: connection, DNS, timeout, 5xx, or another refusal. */
function isUnreachable(check: CheckFacts): boolean {
  if (check.failure === null || NEUTRAL_FAILURES.has(check.failure)) return false;
  return !(check.httpStatus !== null && GONE_STATUSES.has(check.httpStatus));
}

function describeFailure(check: CheckFacts): string {
  if (check.httpStatus !== null && check.httpStatus >= 400) return `answered HTTP ${check.httpStatus}`;
  return check.failureMessage ?? check.failure ?? 'failed';
}

/**
 * The health state of an app from its checks (newest first) — issue 13's rules:
 * - `dead`: the latest check answered 404/410 (the checker confirms such an answer with a second
 *   request before storing it), or the last 3 checks were all unreachable and span at least 2 days;
 * - `unreachable`: the latest check reached no page (DNS, connection, timeout, 5xx, refusal);
 * - `parked` > `moved` (another registrable domain) > `redirected` (same site, another address) >
 *   `changed` (title and description far from the baseline) > `ok`.
 * A single failure therefore never marks an app dead. A check robots.txt forbade changes nothing.
 */
export function computeState(appUrl: string, checks: CheckFacts[], baseline: Baseline | null): StateVerdict {
  const meaningful = checks.filter((check) => !(check.failure && NEUTRAL_FAILURES.has(check.failure)));
  const latest = meaningful[0];
  if (!latest) {
    const robots = checks[0];
    return {
      state: 'ok',
      summary: robots ? `Not checked: ${describeFailure(robots)}` : 'Not checked yet',
      suggestedUrl: null,
      signature: 'ok',
    };
  }
  if (latest.httpStatus !== null && GONE_STATUSES.has(latest.httpStatus)) {
    return {
      state: 'dead',
      summary: `The page is gone: HTTP ${latest.httpStatus} (confirmed twice)`,
      suggestedUrl: null,
      signature: `dead|${latest.httpStatus}`,
    };
  }
  if (isUnreachable(latest)) {
    const streak: CheckFacts[] = [];
    for (const check of meaningful) {
      if (!isUnreachable(check)) break;
      streak.push(check);
    }
    const oldest = streak[streak.length - 1] ?? latest;
    const span = latest.checkedAt.getTime() - oldest.checkedAt.getTime();
    if (streak.length >= DEAD_AFTER_FAILURES && span >= DEAD_AFTER_MS) {
      const days = Math.floor(span / (24 * 3600_000));
      return {
        state: 'dead',
        summary: `Unreachable in the last ${streak.length} checks over ${days} days: ${describeFailure(latest)}`,
        suggestedUrl: null,
        signature: 'dead|unreachable',
      };
    }
    const times = streak.length === 1 ? 'once' : `${streak.length} checks in a row`;
    return {
      state: 'unreachable',
      summary: `Unreachable (${times}): ${describeFailure(latest)}`,
      suggestedUrl: null,
      signature: `unreachable|${latest.failure ?? latest.httpStatus}`,
    };
  }
  const finalUrl = latest.finalUrl ?? latest.url;
  if (latest.parkedMarker) {
    return {
      state: 'parked',
      summary: `Looks like a parked or for-sale domain: ${latest.parkedMarker}`,
      suggestedUrl: null,
      signature: `parked|${normalizeUrl(finalUrl)}`,
    };
  }
  const fromDomain = registrableDomain(appUrl);
  const toDomain = registrableDomain(finalUrl);
  if (fromDomain && toDomain && fromDomain !== toDomain) {
    return {
      state: 'moved',
      summary: `Now answers on another site: ${toDomain} (was ${fromDomain})`,
      suggestedUrl: finalUrl,
      signature: `moved|${normalizeUrl(finalUrl)}`,
    };
  }
  if (normalizeUrl(finalUrl) !== normalizeUrl(appUrl)) {
    return {
      state: 'redirected',
      summary: `Redirects to ${finalUrl}`,
      suggestedUrl: finalUrl,
      signature: `redirected|${normalizeUrl(finalUrl)}`,
    };
  }
  if (baseline && latest.fingerprint && latest.fingerprint !== baseline.fingerprint) {
    const similarity = tokenCosine(baseline.text, `${latest.title ?? ''} ${latest.description ?? ''}`);
    if (similarity < CHANGED_SIMILARITY) {
      return {
        state: 'changed',
        summary: `Title and description changed a lot (${Math.round(similarity * 100)} % similar): now "${latest.title ?? ''}"`,
        suggestedUrl: null,
        signature: `changed|${latest.fingerprint}`,
      };
    }
  }
  return { state: 'ok', summary: `OK: HTTP ${latest.httpStatus ?? 200}`, suggestedUrl: null, signature: 'ok' };
}
