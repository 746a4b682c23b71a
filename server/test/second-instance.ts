import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { createContext, type AppContext } from '../context';
import { openPostgres, type Database } from '../db/database';
import { testEnv } from '../env';
import type { TestApp } from './test-app';
import { testDriver } from './test-database';

export interface SecondInstance {
  ctx: AppContext;
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * Another application instance on the first one's database. On PostgreSQL it has its own connections, as on
 * another server. PGlite belongs to one process, so there it shares the database object: changes still travel
 * through NOTIFY and the other instance's change feed.
 */
export async function startSecondInstance(first: TestApp, envOverrides: Record<string, string> = {}): Promise<SecondInstance> {
  const database = await secondDatabase(first);
  const ctx = createContext(testEnv(envOverrides), database, pino({ level: 'silent' }));
  await ctx.changes.start();
  const app = await buildApp(ctx, { logger: false });
  await app.ready();
  return {
    ctx,
    app,
    async close() {
      await app.close();
      await ctx.changes.stop();
      // On PGlite the database is the first instance's, which closes with it.
      if (database !== first.ctx.database) await database.close();
    },
  };
}

async function secondDatabase(first: TestApp): Promise<Database> {
  if (testDriver !== 'postgres') return first.ctx.database;
  const template = inject('postgresTemplate');
  if (!template) throw new Error('TEST_DATABASE_URL is not set');
  const result = await first.ctx.db.execute<{ name: string }>(sql`SELECT current_database() AS name`);
  const url = new URL(template);
  url.pathname = `/${(result as unknown as { rows: { name: string }[] }).rows[0]?.name}`;
  return openPostgres(url.toString(), { max: 2 });
}
