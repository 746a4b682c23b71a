import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { loadEnv } from '../env';
import { testDriver } from '../test/test-database';
import { openDatabase } from './database';

/**
 * DATABASE_POOL_SIZE bounds the connections one instance opens to PostgreSQL: with several instances behind a load
 * balancer an operator sizes it against the server's max_connections. PostgreSQL only (PGlite has no connections).
 */
describe.runIf(testDriver === 'postgres')('the PostgreSQL pool size', () => {
  // The maintenance database: a statement there touches no test's data, and nobody clones from it.
  const adminUrl = () => (inject('postgresTemplate') ?? '').replace(/\/[^/]*$/, '/postgres');

  /** How many connections run this sleep at once when `statements` of them are sent together. */
  async function concurrentSleepers(poolSize: number | undefined, statements: number): Promise<number> {
    const tag = `pool_size_test_${randomBytes(4).toString('hex')}`;
    const env = loadEnv({ DATABASE_URL: adminUrl(), ...(poolSize ? { DATABASE_POOL_SIZE: String(poolSize) } : {}) });
    const database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      poolSize: env.DATABASE_POOL_SIZE,
    });
    const observer = new pg.Client({ connectionString: adminUrl() });
    await observer.connect();
    try {
      const sleeping = Promise.all(
        Array.from({ length: statements }, () => database.db.execute(sql.raw(`SELECT pg_sleep(1) AS ${tag}`))),
      );
      let settled = false;
      const settle = () => (settled = true);
      void sleeping.then(settle, settle);
      let most = 0;
      // Sampled while the statements run: those beyond the pool's size wait for a free client.
      while (!settled) {
        const active = await observer.query<{ n: string }>(
          "SELECT count(*) AS n FROM pg_stat_activity WHERE state = 'active' AND query = $1",
          [`SELECT pg_sleep(1) AS ${tag}`],
        );
        most = Math.max(most, Number(active.rows[0]?.n ?? 0));
      }
      await sleeping;
      return most;
    } finally {
      await observer.end();
      await database.close();
    }
  }

  it('opens at most DATABASE_POOL_SIZE connections, 10 when unset', async () => {
    expect(await concurrentSleepers(3, 8)).toBe(3);
    expect(await concurrentSleepers(undefined, 14)).toBe(10);
  });
});
