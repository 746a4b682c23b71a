import {
  REPORTS_PER_HOUR,
  REVIEW_MARKS_PER_HOUR,
  REVIEWS_PER_ADDRESS_PER_HOUR,
  REVIEWS_PER_VISITOR_PER_HOUR,
} from '@shared/constants';
import { STACKS_PER_HOUR } from '@shared/schemas/stacks';
import type { Env } from '../env';
import { AppError } from './errors';
import type { RateLimitDecision, RateLimiter } from './rate-limiter';

const MINUTE_MS = 60_000;
const QUARTER_HOUR_MS = 15 * MINUTE_MS;
const HOUR_MS = 60 * MINUTE_MS;

/** Submissions a client may send per hour (each costs the server a fetch of someone else's site). */
export const SUBMISSIONS_PER_HOUR = 5;
/** Unknown or revoked API keys one address may try per minute; past it no key of it is looked up. */
export const WRONG_KEY_LIMIT = 10;
/** Failed sign-ins per minute from one client, whatever the account. */
export const LOGIN_FAILURE_LIMIT = 5;
/** Attempts of any outcome per minute and client: bounds the password hashing one client can cause. */
export const LOGIN_ATTEMPT_LIMIT = 30;
/** Failed sign-ins per quarter hour for one account from one client. */
export const LOGIN_PAIR_FAILURE_LIMIT = 10;
/** Failed sign-ins per quarter hour for one account from all clients together (decision 0022). */
export const LOGIN_ACCOUNT_FAILURE_LIMIT = 20;

export const LOGIN_RATE_LIMIT_MESSAGE = 'Too many failed sign-in attempts. Please wait a minute and try again.';

const minutes = (retryAfter: number) => Math.ceil(retryAfter / 60);

/**
 * Whom a policy counts: `client` the address (lib/visitor.ts clientKey), `visitor` the signed visitor
 * cookie with the address (visitorKey), `browser` the browser's own cookie (browserKey); `subject`
 * policies are taken by the code that knows what they count (an account, a claim), never by a route.
 */
export type RateLimitKey = 'client' | 'visitor' | 'browser' | 'subject';

export interface RateLimitPolicy {
  /** Hits allowed per window. */
  limit: number | ((env: Env) => number);
  windowMs: number;
  key: RateLimitKey;
  /** The 429's message (the error shape's `message`). */
  message: (decision: RateLimitDecision) => string;
  /**
   * On a route: count before the input is validated, so invalid requests count too (a public form
   * whose every request may cost a fetch). Otherwise only requests that pass validation count.
   */
  beforeValidation?: boolean;
}

/**
 * Every rate limit of the product, by name: routes name theirs in their options
 * (`config: { rateLimit: 'search' }`), the sign-in throttle and the API's access hook take theirs
 * by name. Counters live in the database (RateLimiter), so each limit holds across instances.
 */
export const RATE_LIMIT_POLICIES = {
  search: {
    limit: (env) => env.RATE_LIMIT_SEARCH_PER_MINUTE,
    windowMs: MINUTE_MS,
    key: 'client',
    message: ({ limit, retryAfter }) =>
      `Too many searches: at most ${limit} per minute. Please wait ${retryAfter} seconds and try again.`,
  },
  'discover-app': {
    limit: SUBMISSIONS_PER_HOUR,
    windowMs: HOUR_MS,
    key: 'client',
    beforeValidation: true,
    message: ({ limit, retryAfter }) =>
      `Too many submissions: at most ${limit} per hour. Please try again in ${minutes(retryAfter)} minutes.`,
  },
  report: {
    limit: REPORTS_PER_HOUR,
    windowMs: HOUR_MS,
    key: 'visitor',
    message: ({ limit, retryAfter }) =>
      `Too many reports: at most ${limit} per hour. Please try again in ${minutes(retryAfter)} minutes.`,
  },
  stack: {
    limit: STACKS_PER_HOUR,
    windowMs: HOUR_MS,
    key: 'visitor',
    message: ({ limit, retryAfter }) =>
      `Too many lists: at most ${limit} per hour. Please try again in ${minutes(retryAfter)} minutes.`,
  },
  'review:browser': {
    limit: REVIEWS_PER_VISITOR_PER_HOUR,
    windowMs: HOUR_MS,
    key: 'browser',
    message: ({ retryAfter }) => `Too many reviews: please try again in ${minutes(retryAfter)} minutes.`,
  },
  'review:client': {
    limit: REVIEWS_PER_ADDRESS_PER_HOUR,
    windowMs: HOUR_MS,
    key: 'client',
    message: ({ retryAfter }) => `Too many reviews: please try again in ${minutes(retryAfter)} minutes.`,
  },
  'review-mark': {
    limit: REVIEW_MARKS_PER_HOUR,
    windowMs: HOUR_MS,
    key: 'client',
    message: () => 'Too many votes and reports from this address. Please try again later.',
  },
  claim: {
    limit: 10,
    windowMs: HOUR_MS,
    key: 'client',
    message: ({ retryAfter }) => `Too many claims: please try again in ${minutes(retryAfter)} minutes.`,
  },
  'claim-verify': {
    limit: 30,
    windowMs: HOUR_MS,
    key: 'client',
    message: ({ retryAfter }) => `Too many verification attempts: please try again in ${minutes(retryAfter)} minutes.`,
  },
  /** Per claim: a management link's holder proposes changes to its listing. */
  proposal: {
    limit: 20,
    windowMs: HOUR_MS,
    key: 'subject',
    message: ({ retryAfter }) => `Too many proposals: please try again in ${minutes(retryAfter)} minutes.`,
  },
  /** Public API v1 and MCP together, per address without a key. */
  'api:ip': {
    limit: (env) => env.RATE_LIMIT_API_PER_MINUTE,
    windowMs: MINUTE_MS,
    key: 'subject',
    message: ({ limit, retryAfter }) =>
      `Too many requests: at most ${limit} per minute. An API key raises this limit. Please wait ${retryAfter} seconds.`,
  },
  /** The same, per API key. */
  'api:key': {
    limit: (env) => env.RATE_LIMIT_API_KEY_PER_MINUTE,
    windowMs: MINUTE_MS,
    key: 'subject',
    message: ({ limit, retryAfter }) => `Too many requests: at most ${limit} per minute. Please wait ${retryAfter} seconds.`,
  },
  /** Reserved before a key is looked up, given back when the key is known. */
  'api:wrong-key': {
    limit: WRONG_KEY_LIMIT,
    windowMs: MINUTE_MS,
    key: 'subject',
    message: () => 'Too many unknown API keys from this address. Please wait a minute.',
  },
  'login-attempt:client': {
    limit: LOGIN_ATTEMPT_LIMIT,
    windowMs: MINUTE_MS,
    key: 'subject',
    message: () => LOGIN_RATE_LIMIT_MESSAGE,
  },
  /** Reserved before a password is checked, given back when it is right (login-throttle.ts). */
  'login-fail:client': {
    limit: LOGIN_FAILURE_LIMIT,
    windowMs: MINUTE_MS,
    key: 'subject',
    message: () => LOGIN_RATE_LIMIT_MESSAGE,
  },
  'login-fail:pair': {
    limit: LOGIN_PAIR_FAILURE_LIMIT,
    windowMs: QUARTER_HOUR_MS,
    key: 'subject',
    message: () => LOGIN_RATE_LIMIT_MESSAGE,
  },
  'login-fail:account': {
    limit: LOGIN_ACCOUNT_FAILURE_LIMIT,
    windowMs: QUARTER_HOUR_MS,
    key: 'subject',
    message: () => LOGIN_RATE_LIMIT_MESSAGE,
  },
} satisfies Record<string, RateLimitPolicy>;

export type RateLimitPolicyName = keyof typeof RATE_LIMIT_POLICIES;

/** A counted hit that can be given back (see RateLimits.reserve). */
export interface RateLimitReservation {
  decision: RateLimitDecision;
  release(): Promise<void>;
}

/** The 429 of a policy's refusal, in the one error shape, with `retryAfter` (also sent as Retry-After). */
export function rateLimited(name: RateLimitPolicyName, decision: RateLimitDecision): AppError {
  const policy: RateLimitPolicy = RATE_LIMIT_POLICIES[name];
  return new AppError('rate_limited', policy.message(decision), { retryAfter: decision.retryAfter });
}

/** The one way to apply a rate limit: a policy of the table, by name, counted in the database. */
export class RateLimits {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly env: Env,
  ) {}

  /** The limit of a policy with this instance's settings. */
  limitOf(name: RateLimitPolicyName): number {
    const policy: RateLimitPolicy = RATE_LIMIT_POLICIES[name];
    return typeof policy.limit === 'function' ? policy.limit(this.env) : policy.limit;
  }

  /** Counts one hit of `subject` under the policy, without refusing (the caller decides). */
  async hit(name: RateLimitPolicyName, subject: string, now = Date.now()): Promise<RateLimitDecision> {
    return this.limiter.hit(`${name}:${subject}`, this.limitOf(name), RATE_LIMIT_POLICIES[name].windowMs, now);
  }

  /**
   * Counts one hit and refuses it past the limit.
   * @throws AppError 429 with the policy's message and `retryAfter`.
   */
  async take(name: RateLimitPolicyName, subject: string, now = Date.now()): Promise<RateLimitDecision> {
    const decision = await this.hit(name, subject, now);
    if (!decision.allowed) throw rateLimited(name, decision);
    return decision;
  }

  /**
   * Counts one hit as a reservation, whatever its outcome: the caller reads `decision.allowed`, does
   * the costly thing only when allowed, and releases the hit when it should not count.
   */
  async reserve(name: RateLimitPolicyName, subject: string, now = Date.now()): Promise<RateLimitReservation> {
    const key = `${name}:${subject}`;
    const decision = await this.hit(name, subject, now);
    return { decision, release: () => this.limiter.release(key, decision.windowStart) };
  }

  /** The current count of `subject` under the policy, without adding a hit. */
  async peek(name: RateLimitPolicyName, subject: string, now = Date.now()): Promise<number> {
    return this.limiter.peek(`${name}:${subject}`, RATE_LIMIT_POLICIES[name].windowMs, now);
  }
}
