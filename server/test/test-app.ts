import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../app';
import { createContext, type AppContext } from '../context';
import { ensureAllCategory } from '../db/seed/seed';
import { testEnv } from '../env';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

/**
 * A real application on a fresh test database (PGlite or PostgreSQL by project), for `app.inject`
 * or `app.listen` tests. Call `close()` in afterAll.
 */
export async function createTestApp(envOverrides: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  await ensureAllCategory(database.db);
  const ctx = createContext(testEnv(envOverrides), database, pino({ level: 'silent' }));
  await ctx.changes.start();
  const app = await buildApp(ctx, { logger: false });
  await app.ready();
  return {
    app,
    ctx,
    async close() {
      await app.close();
      await ctx.changes.stop();
      await database.close();
    },
  };
}

/** Starts the app on a free loopback port, for tests that need a real socket; returns its base URL. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}
