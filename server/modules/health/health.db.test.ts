import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { createTestDatabase } from '../../test/test-database';
import { HEALTH_PING_FRESH_MS, HealthService } from './health.service';

describe('health checks', () => {
  const opened: Database[] = [];
  afterAll(async () => {
    for (const database of opened) await database.close().catch(() => undefined);
  });

  it('share one ping among concurrent checks, reuse a fresh answer, and report a database that stopped answering', async () => {
    const database = await createTestDatabase();
    opened.push(database);
    let pings = 0;
    const counted: Database = {
      ...database,
      ping: async () => {
        pings += 1;
        return database.ping();
      },
    };
    let now = 1_000_000;
    const health = new HealthService(counted, () => now);

    const states = await Promise.all(Array.from({ length: 20 }, () => health.check()));
    expect(states.every((state) => state.database)).toBe(true);
    expect(pings).toBe(1);

    now += HEALTH_PING_FRESH_MS - 1;
    expect((await health.check()).database).toBe(true);
    expect(pings).toBe(1);

    // Past the window the database is asked again: once it is gone, the check says so.
    await database.close();
    now += 2;
    expect(await health.check()).toEqual({ database: false });
    expect(pings).toBe(2);
    // A failure is not reused: the next check asks again.
    expect(await health.check()).toEqual({ database: false });
    expect(pings).toBe(3);
  });
});
