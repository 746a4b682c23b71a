import { and, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rateLimitHits } from '../db/schema';

export interface RateLimitDecision {
  allowed: boolean;
  count: number;
  limit: number;
  /** Seconds until the window ends. */
  retryAfter: number;
  /** The window this hit was counted in (what `release` takes back from). */
  windowStart: Date;
}

/** Hits (and releases) waiting for the next write, per key and window. */
interface PendingHits {
  key: string;
  windowStart: Date;
  waiters: { resolve: (count: number) => void; reject: (error: unknown) => void }[];
  releases: { resolve: () => void; reject: (error: unknown) => void }[];
}

/**
 * Fixed-window counters kept in the database, so a limit holds across every server instance
 * (an in-memory store would multiply each limit by the number of instances).
 *
 * Every hit is counted in the database before it is answered, but hits that arrive while a write is
 * in flight are written together by the next one (one upsert adding each key's number of hits and
 * returning the totals): under load, a burst of searches costs one round trip instead of one each,
 * and each hit still learns its own exact position in its window. That position is what makes a
 * hit a reservation: of N parallel hits, exactly those within the limit are allowed, so a caller
 * that hits before doing the costly thing (a password check, a key lookup) does it at most `limit`
 * times, and gives the hit back with `release` when it turns out not to count (a right password).
 */
export class RateLimiter {
  private lastSweep = 0;
  private pending = new Map<string, PendingHits>();
  private writing = false;

  constructor(private readonly db: Db) {}

  private entry(key: string, windowStart: Date): PendingHits {
    const slot = `${windowStart.getTime()}|${key}`;
    let entry = this.pending.get(slot);
    if (!entry) {
      entry = { key, windowStart, waiters: [], releases: [] };
      this.pending.set(slot, entry);
    }
    return entry;
  }

  /** Counts one hit for `key` and says whether it is within `limit` per `windowMs`. */
  async hit(key: string, limit: number, windowMs: number, now = Date.now()): Promise<RateLimitDecision> {
    const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
    const count = await new Promise<number>((resolve, reject) => {
      this.entry(key, windowStart).waiters.push({ resolve, reject });
      this.scheduleWrite();
    });
    void this.sweep(now);
    return {
      allowed: count <= limit,
      count,
      limit,
      retryAfter: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000)),
      windowStart,
    };
  }

  /** Takes back one hit of `key` in the window it was counted in (never below zero). */
  async release(key: string, windowStart: Date): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.entry(key, windowStart).releases.push({ resolve, reject });
      this.scheduleWrite();
    });
  }

  private scheduleWrite(): void {
    if (this.writing) return;
    this.writing = true;
    // Started after the requests already read have had their turn: on PGlite a query runs on this
    // thread, so a write started at once would leave nothing to join it and every hit paid its own.
    setImmediate(() => void this.writePending());
  }

  /** Writes the waiting hits and releases, one upsert per round, until none are left. */
  private async writePending(): Promise<void> {
    try {
      while (this.pending.size > 0) {
        const batch = [...this.pending.values()];
        this.pending = new Map();
        try {
          const released = batch.filter((entry) => entry.releases.length > 0);
          if (released.length > 0) {
            const values = sql.join(
              released.map(
                (entry) => sql`(${entry.key}::text, ${entry.windowStart}::timestamptz, ${entry.releases.length}::integer)`,
              ),
              sql`, `,
            );
            await this.db.execute(
              sql`UPDATE ${rateLimitHits} SET count = GREATEST(${rateLimitHits}.count - v.n, 0) FROM (VALUES ${values}) AS v(key, window_start, n) WHERE ${rateLimitHits}.key = v.key AND ${rateLimitHits}.window_start = v.window_start`,
            );
          }
          const counted = batch.filter((entry) => entry.waiters.length > 0);
          const rows =
            counted.length === 0
              ? []
              : await this.db
                  .insert(rateLimitHits)
                  .values(
                    counted.map((entry) => ({ key: entry.key, windowStart: entry.windowStart, count: entry.waiters.length })),
                  )
                  .onConflictDoUpdate({
                    target: [rateLimitHits.key, rateLimitHits.windowStart],
                    set: { count: sql`${rateLimitHits.count} + excluded.count`, updatedAt: sql`excluded.updated_at` },
                  })
                  .returning({ key: rateLimitHits.key, windowStart: rateLimitHits.windowStart, count: rateLimitHits.count });
          const totals = new Map(rows.map((row) => [`${new Date(row.windowStart).getTime()}|${row.key}`, Number(row.count)]));
          for (const entry of batch) {
            const total = totals.get(`${entry.windowStart.getTime()}|${entry.key}`) ?? entry.waiters.length;
            // The releases of one round are written first (they answer earlier hits), then the round's hits in arrival order.
            entry.waiters.forEach((waiter, index) => waiter.resolve(total - entry.waiters.length + 1 + index));
            for (const release of entry.releases) release.resolve();
          }
        } catch (error) {
          for (const entry of batch) {
            for (const waiter of entry.waiters) waiter.reject(error);
            for (const release of entry.releases) release.reject(error);
          }
        }
      }
    } finally {
      this.writing = false;
    }
  }

  /** Reads the current count without adding a hit. */
  async peek(key: string, windowMs: number, now = Date.now()): Promise<number> {
    const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
    const rows = await this.db
      .select({ count: rateLimitHits.count })
      .from(rateLimitHits)
      .where(and(sql`${rateLimitHits.key} = ${key}`, sql`${rateLimitHits.windowStart} = ${windowStart}`));
    return Number(rows[0]?.count ?? 0);
  }

  /** Old windows are dead weight; drop them now and then rather than on every hit. */
  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < 10 * 60_000) return;
    this.lastSweep = now;
    await this.db
      .delete(rateLimitHits)
      .where(lt(rateLimitHits.windowStart, new Date(now - 24 * 3600_000)))
      .catch(() => undefined);
  }
}
