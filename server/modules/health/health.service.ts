import type { Database, ListenerState } from '../../db/database';

/** How long a database answer vouches for the instance: health checks within it need no round trip. */
export const HEALTH_PING_FRESH_MS = 1000;

/** What `/api/health` reports; `database: false` when the database did not answer. */
export type HealthState = { database: true; listener: ListenerState } | { database: false };

/**
 * Whether this instance can serve: the database answers and the LISTEN connection is up. Health
 * checks come from load balancers and monitors, often many at once: they share one ping in flight,
 * and a ping that succeeded less than a second ago answers for them. A failed ping is never reused.
 */
export class HealthService {
  private lastOkAt = Number.NEGATIVE_INFINITY;
  private pending: Promise<boolean> | undefined;

  constructor(
    private readonly database: Database,
    private readonly now: () => number = Date.now,
  ) {}

  /** The instance's state, pinging the database unless it answered within HEALTH_PING_FRESH_MS. */
  async check(): Promise<HealthState> {
    const answered = this.now() - this.lastOkAt < HEALTH_PING_FRESH_MS || (await this.ping());
    return answered ? { database: true, listener: this.database.listenerState() } : { database: false };
  }

  private ping(): Promise<boolean> {
    this.pending ??= this.database.ping().then(
      () => {
        this.pending = undefined;
        this.lastOkAt = this.now();
        return true;
      },
      () => {
        this.pending = undefined;
        return false;
      },
    );
    return this.pending;
  }
}
