import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../../server/app';
import { openAndPrepareDatabase } from '../../server/bootstrap';
import { createContext, type AppContext } from '../../server/context';
import type { Db } from '../../server/db/database';
import { loadEnv } from '../../server/env';

export interface BenchServer {
  /** `http://127.0.0.1:<port>` */
  base: string;
  ctx: AppContext;
  close(): Promise<void>;
}

/**
 * A real server listening on 127.0.0.1 over a fresh embedded database in a temporary dir (the demo
 * catalogue is seeded unless SEED_DEMO_DATA=false; `prepare` may load other data before it listens).
 * Production settings, no scheduler, silent logs. `close()` stops it and removes the dir.
 */
export async function startBenchServer(options: { env?: Record<string, string>; prepare?: (db: Db) => Promise<void> } = {}): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aitlas-bench-'));
  const env = loadEnv({
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DISCOVERY_SCHEDULER: 'false',
    LINK_HEALTH_SCHEDULER: 'false',
    ...options.env,
  });
  const database = await openAndPrepareDatabase(env, { info: () => undefined, warn: (message) => console.warn(message) });
  await options.prepare?.(database.db);
  const ctx = createContext(env, database, pino({ level: 'silent' }));
  await ctx.changes.start();
  const app = await buildApp(ctx, { logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    ctx,
    async close() {
      await app.close();
      await ctx.changes.stop();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
