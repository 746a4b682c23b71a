import { createHash } from 'node:crypto';
import { AppError } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limiter';

const MINUTE_MS = 60_000;
const QUARTER_HOUR_MS = 15 * MINUTE_MS;

/** Failed sign-ins per minute from one client, whatever the account. */
export const LOGIN_FAILURE_LIMIT = 5;
/**
 * Attempts of any outcome per minute and client: bounds a burst of parallel guesses, which could
 * all pass the failure check before the first failure is counted.
 */
export const LOGIN_ATTEMPT_LIMIT = 30;
/** Failed sign-ins per quarter hour for one account from one client. */
export const LOGIN_PAIR_FAILURE_LIMIT = 10;
/**
 * Failed sign-ins per quarter hour for one account from all clients together. Past it the account
 * is under attack: only clients in good standing (no failure for this account this quarter hour)
 * may still try, so its owner signs in while every guessing client is held back.
 */
export const LOGIN_ACCOUNT_FAILURE_LIMIT = 20;

export const LOGIN_RATE_LIMIT_MESSAGE = 'Too many failed sign-in attempts. Please wait a minute and try again.';

function keyOf(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 32);
}

function throttled(retryAfter: number): AppError {
  return new AppError('rate_limited', LOGIN_RATE_LIMIT_MESSAGE, { retryAfter });
}

function secondsLeft(windowMs: number, now: number): number {
  return Math.max(1, Math.ceil((windowMs - (now % windowMs)) / 1000));
}

/**
 * The sign-in throttle, kept in the database (so it holds across instances). It limits the client
 * (its address as `clientKey` gives it, never a client-written header) and the pair of account and
 * client; the account-wide back-off never stops a client that has not failed for that account, so
 * nobody can lock an admin out by failing on purpose from elsewhere.
 */
export class LoginThrottle {
  constructor(private readonly limiter: RateLimiter) {}

  private keys(email: string, client: string) {
    const account = keyOf(email.toLowerCase());
    return {
      attempts: `login-attempt:client:${client}`,
      client: `login-fail:client:${client}`,
      pair: `login-fail:pair:${account}:${client}`,
      account: `login-fail:account:${account}`,
    };
  }

  /**
   * Counts an attempt and refuses it when a limit is reached.
   * @throws AppError 429 with `retryAfter` in seconds.
   */
  async admit(email: string, client: string, now = Date.now()): Promise<void> {
    const keys = this.keys(email, client);
    const attempts = await this.limiter.hit(keys.attempts, LOGIN_ATTEMPT_LIMIT, MINUTE_MS, now);
    if (!attempts.allowed) throw throttled(attempts.retryAfter);
    const [clientFailures, pairFailures, accountFailures] = await Promise.all([
      this.limiter.peek(keys.client, MINUTE_MS, now),
      this.limiter.peek(keys.pair, QUARTER_HOUR_MS, now),
      this.limiter.peek(keys.account, QUARTER_HOUR_MS, now),
    ]);
    if (clientFailures >= LOGIN_FAILURE_LIMIT) throw throttled(secondsLeft(MINUTE_MS, now));
    if (pairFailures >= LOGIN_PAIR_FAILURE_LIMIT) throw throttled(secondsLeft(QUARTER_HOUR_MS, now));
    const inGoodStanding = pairFailures === 0 && clientFailures === 0;
    if (accountFailures >= LOGIN_ACCOUNT_FAILURE_LIMIT && !inGoodStanding) throw throttled(secondsLeft(QUARTER_HOUR_MS, now));
  }

  /** Counts a failed sign-in against the client, the pair and the account. */
  async recordFailure(email: string, client: string, now = Date.now()): Promise<void> {
    const keys = this.keys(email, client);
    await Promise.all([
      this.limiter.hit(keys.client, LOGIN_FAILURE_LIMIT, MINUTE_MS, now),
      this.limiter.hit(keys.pair, LOGIN_PAIR_FAILURE_LIMIT, QUARTER_HOUR_MS, now),
      this.limiter.hit(keys.account, LOGIN_ACCOUNT_FAILURE_LIMIT, QUARTER_HOUR_MS, now),
    ]);
  }
}
