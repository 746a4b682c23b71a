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

/**
 * Fixed-window counters kept in the database, so a limit holds across every server instance
 * (an in-memory store would multiply each limit by the number of instances).
 */
export class RateLimiter {
  private lastSweep = 0;

  constructor(private readonly db: Db) {}

  /** Counts one hit for `key` and says whether it is within `limit` per `windowMs`. */
  async hit(key: string, limit: number, windowMs: number, now = Date.now()): Promise<RateLimitDecision> {
    const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
    const rows = await this.db
      .insert(rateLimitHits)
      .values({ key, windowStart, count: 1 })
      .onConflictDoUpdate({
        target: [rateLimitHits.key, rateLimitHits.windowStart],
        set: { count: sql`${rateLimitHits.count} + 1`, updatedAt: new Date(now) },
      })
      .returning({ count: rateLimitHits.count });
    const count = Number(rows[0]?.count ?? 1);
    void this.sweep(now);
    return {
      allowed: count <= limit,
      count,
      limit,
      retryAfter: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000)),
    };
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
