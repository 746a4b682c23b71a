import { and, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rateLimitHits } from '../db/schema';

export interface RateLimitDecision {
  allowed: boolean;
  count: number;
  limit: number;
  /** Seconds until the window ends. */
  retryAfter: number;
}

/** Hits waiting for the next write, per key and window. */
interface PendingHits {
  key: string;
  windowStart: Date;
  waiters: { resolve: (count: number) => void; reject: (error: unknown) => void }[];
}

/**
 * Fixed-window counters kept in the database, so a limit holds across every server instance
 * (an in-memory store would multiply each limit by the number of instances).
 *
 * Every hit is counted in the database before it is answered, but hits that arrive while a write is
 * in flight are written together by the next one (one upsert adding each key's number of hits and
 * returning the totals): under load, a burst of searches costs one round trip instead of one each,
 * and each hit still learns its own exact position in its window.
 */
export class RateLimiter {
  private lastSweep = 0;
  private pending = new Map<string, PendingHits>();
  private writing = false;

  constructor(private readonly db: Db) {}

  /** Counts one hit for `key` and says whether it is within `limit` per `windowMs`. */
  async hit(key: string, limit: number, windowMs: number, now = Date.now()): Promise<RateLimitDecision> {
    const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
    const count = await new Promise<number>((resolve, reject) => {
      const slot = `${windowStart.getTime()}|${key}`;
      let entry = this.pending.get(slot);
      if (!entry) {
        entry = { key, windowStart, waiters: [] };
        this.pending.set(slot, entry);
      }
      entry.waiters.push({ resolve, reject });
      if (!this.writing) {
        this.writing = true;
        // Started after the requests already read have had their turn: on PGlite a query runs on this
        // thread, so a write started at once would leave nothing to join it and every hit paid its own.
        setImmediate(() => void this.writePending());
      }
    });
    void this.sweep(now);
    return {
      allowed: count <= limit,
      count,
      limit,
      retryAfter: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000)),
    };
  }

  /** Writes the waiting hits, one upsert per round, until none are left. */
  private async writePending(): Promise<void> {
    try {
      while (this.pending.size > 0) {
        const batch = [...this.pending.values()];
        this.pending = new Map();
        try {
          const rows = await this.db
            .insert(rateLimitHits)
            .values(batch.map((entry) => ({ key: entry.key, windowStart: entry.windowStart, count: entry.waiters.length })))
            .onConflictDoUpdate({
              target: [rateLimitHits.key, rateLimitHits.windowStart],
              set: { count: sql`${rateLimitHits.count} + excluded.count`, updatedAt: sql`excluded.updated_at` },
            })
            .returning({ key: rateLimitHits.key, windowStart: rateLimitHits.windowStart, count: rateLimitHits.count });
          const totals = new Map(rows.map((row) => [`${new Date(row.windowStart).getTime()}|${row.key}`, Number(row.count)]));
          for (const entry of batch) {
            const total = totals.get(`${entry.windowStart.getTime()}|${entry.key}`) ?? entry.waiters.length;
            // The hits of one round are the last ones of the window's count, in arrival order.
            entry.waiters.forEach((waiter, index) => waiter.resolve(total - entry.waiters.length + 1 + index));
          }
        } catch (error) {
          for (const entry of batch) for (const waiter of entry.waiters) waiter.reject(error);
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
