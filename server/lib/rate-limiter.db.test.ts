import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { createTestDatabase } from '../test/test-database';
import { RateLimiter } from './rate-limiter';

describe('rate limiter', () => {
  let database: Database | undefined;
  afterAll(async () => {
    await database?.close();
  });

  it('counts every one of a burst of concurrent hits exactly, also across two instances sharing the database', async () => {
    database = await createTestDatabase();
    const now = Date.UTC(2026, 10, 24, 6, 0, 30);
    const first = new RateLimiter(database.db);
    const second = new RateLimiter(database.db);
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, index) => (index % 2 === 0 ? first : second).hit('search:burst', 30, 60_000, now)),
    );
    expect(burst.filter((decision) => decision.allowed)).toHaveLength(30);
    expect(burst.map((decision) => decision.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, index) => index + 1),
    );
    expect(await first.peek('search:burst', 60_000, now)).toBe(40);

    // Another key and the next window start from zero; the window's end is announced.
    const other = await first.hit('search:other', 30, 60_000, now);
    expect(other).toMatchObject({ allowed: true, count: 1, retryAfter: 30 });
    expect((await second.hit('search:burst', 30, 60_000, now + 60_000)).count).toBe(1);
  });

  it('gives hits back with release, also in a burst across two instances, never below zero', async () => {
    database ??= await createTestDatabase();
    const now = Date.UTC(2026, 10, 24, 7, 0, 30);
    const first = new RateLimiter(database.db);
    const second = new RateLimiter(database.db);
    const reserved = await Promise.all(
      Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? first : second).hit('login:burst', 5, 60_000, now)),
    );
    expect(reserved.filter((decision) => decision.allowed)).toHaveLength(5);
    // The refused ones give their hit back: the count ends at the five that kept theirs.
    await Promise.all(
      reserved
        .filter((decision) => !decision.allowed)
        .map((decision, index) => (index % 2 === 0 ? first : second).release('login:burst', decision.windowStart)),
    );
    expect(await first.peek('login:burst', 60_000, now)).toBe(5);
    const next = await second.hit('login:burst', 5, 60_000, now);
    expect(next).toMatchObject({ allowed: false, count: 6 });
    for (let index = 0; index < 10; index++) await first.release('login:burst', next.windowStart);
    expect(await second.peek('login:burst', 60_000, now)).toBe(0);
  });
});
