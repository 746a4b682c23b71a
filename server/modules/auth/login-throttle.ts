import { createHash } from 'node:crypto';
import {
  LOGIN_ACCOUNT_FAILURE_LIMIT,
  rateLimited,
  type RateLimitPolicyName,
  type RateLimitReservation,
  type RateLimits,
} from '../../lib/rate-limits';

/**
 * Failures for one account one client may already have and still try once the account is past its
 * account-wide limit: an owner who mistyped keeps signing in while others are guessing (decision 0022).
 */
export const LOGIN_ACCOUNT_GRACE = 3;

function keyOf(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 32);
}

/** A sign-in attempt admitted by the throttle: say how it ended. */
export interface LoginAttempt {
  /** The password was right: the reserved failure is given back. */
  succeeded(): Promise<void>;
}

/**
 * The sign-in throttle, kept in the database (so it holds across instances). Each attempt reserves
 * a failure before its password is evaluated, against the client (its address as `clientKey` gives
 * it, never a client-written header), the pair of account and client, and the account; a right
 * password gives the reservation back. Reserving first is what holds the limits under parallel
 * guesses: of 40 simultaneous wrong passwords from one client, only LOGIN_FAILURE_LIMIT are checked.
 * The account-wide limit refuses only clients that already failed for that account more than
 * LOGIN_ACCOUNT_GRACE times, so nobody can lock its owner out by failing on purpose from elsewhere.
 */
export class LoginThrottle {
  constructor(private readonly limits: RateLimits) {}

  /**
   * Counts an attempt and reserves its failure, or refuses it when a limit is reached.
   * @throws AppError 429 with `retryAfter` in seconds.
   */
  async admit(email: string, client: string, now = Date.now()): Promise<LoginAttempt> {
    await this.limits.take('login-attempt:client', client, now);
    const account = keyOf(email.toLowerCase());
    const reserved: [RateLimitPolicyName, RateLimitReservation][] = await Promise.all(
      (
        [
          ['login-fail:client', client],
          ['login-fail:pair', `${account}:${client}`],
          ['login-fail:account', account],
        ] as const
      ).map(
        async ([name, subject]) =>
          [name, await this.limits.reserve(name, subject, now)] as [RateLimitPolicyName, RateLimitReservation],
      ),
    );
    const releaseAll = async () => {
      await Promise.all(reserved.map(([, reservation]) => reservation.release()));
    };
    const [clientFailures, pairFailures, accountFailures] = reserved.map(([, reservation]) => reservation.decision) as [
      RateLimitReservation['decision'],
      RateLimitReservation['decision'],
      RateLimitReservation['decision'],
    ];
    // This client's earlier failures for the account, in flight ones included.
    const pairFailuresBefore = pairFailures.count - 1;
    const refusal: [RateLimitPolicyName, RateLimitReservation['decision']] | null = !clientFailures.allowed
      ? ['login-fail:client', clientFailures]
      : !pairFailures.allowed
        ? ['login-fail:pair', pairFailures]
        : accountFailures.count > LOGIN_ACCOUNT_FAILURE_LIMIT && pairFailuresBefore > LOGIN_ACCOUNT_GRACE
          ? ['login-fail:account', accountFailures]
          : null;
    if (refusal) {
      // A refused attempt evaluated no password: it is no failure.
      await releaseAll();
      throw rateLimited(refusal[0], refusal[1]);
    }
    return { succeeded: releaseAll };
  }
}
