import { fork } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import pino from 'pino';
import { buildApp } from '../../server/app';
import { openAndPrepareDatabase } from '../../server/bootstrap';
import { createContext, type AppContext } from '../../server/context';
import type { Db } from '../../server/db/database';
import { loadEnv } from '../../server/env';
import { createLogger } from '../../server/logger';

export interface BenchServer {
  /** `http://127.0.0.1:<port>` */
  base: string;
  ctx: AppContext;
  close(): Promise<void>;
}

/** The path of the bench-only route that answers a constant: the ceiling a route of this app can reach. */
export const BARE_ROUTE = '/__bench/bare';

/**
 * Routes that exist only in bench servers (never registered by `server/main.ts`): a constant answer
 * that passes through the same plugins and hooks as every route, so `/api/health` can be compared
 * with what the framework and the app's own hooks cost on their own.
 */
const benchRoutes: FastifyPluginAsync = async (app) => {
  app.get(BARE_ROUTE, async () => ({ status: 'ok' }));
};

export interface BenchServerOptions {
  env?: Record<string, string>;
  prepare?: (db: Db) => Promise<void>;
  /** Log as a production server does (LOG_LEVEL, default info, to stdout) instead of not at all. */
  productionLogging?: boolean;
}

/**
 * A real server listening on 127.0.0.1 over a fresh embedded database in a temporary dir, or on
 * DATABASE_URL when given (the demo catalogue is seeded unless SEED_DEMO_DATA=false; `prepare` may
 * load other data before it listens). Production settings, no scheduler, silent logs unless
 * `productionLogging`. `close()` stops it and removes the dir.
 */
export async function startBenchServer(options: BenchServerOptions = {}): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aitlas-bench-'));
  const env = loadEnv({
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
    DATA_DIR: dataDir,
    LOG_LEVEL: options.productionLogging ? 'info' : 'silent',
    DISCOVERY_SCHEDULER: 'false',
    LINK_HEALTH_SCHEDULER: 'false',
    ...options.env,
  });
  const database = await openAndPrepareDatabase(env, { info: () => undefined, warn: (message) => console.warn(message) });
  await options.prepare?.(database.db);
  const log: FastifyBaseLogger = options.productionLogging ? createLogger(env) : pino({ level: 'silent' });
  const ctx = createContext(env, database, log);
  await ctx.changes.start();
  const app = await buildApp(ctx, options.productionLogging ? {} : { logger: false });
  await app.register(benchRoutes);
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

/** A bench server running in a child process of its own, as an operator runs the product. */
export interface BenchServerProcess {
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** The server process's id. */
  pid: number;
  /**
   * The server process's resident set size (bytes), CPU time used so far (microseconds, user + system)
   * and its caches' counters (answers served from the public cache, and computed). With `collect`,
   * garbage is collected first, so the heap figure is what the server still holds.
   */
  stats(options?: { collect?: boolean }): Promise<BenchServerStats>;
  /** Starts recording a CPU profile of the server process. */
  startProfile(): Promise<void>;
  /** Stops recording and writes the profile (`.cpuprofile`, readable by Chrome DevTools) to `file`. */
  stopProfile(file: string): Promise<void>;
  /** Stops the server. */
  close(): Promise<void>;
}

/** What a bench server process reports about itself. */
export interface BenchServerStats {
  rss: number;
  /** `process.memoryUsage()` besides RSS (bytes): the JavaScript heap, and memory outside it (buffers, WebAssembly). */
  memory: { heapUsed: number; heapTotal: number; external: number; arrayBuffers: number };
  cpuMicros: number;
  counters: Record<string, number>;
  /** The event loop's delay since the previous `stats()` (perf_hooks monitorEventLoopDelay), in ms. */
  eventLoop: { p50Ms: number; p99Ms: number; maxMs: number };
}

type ChildMessage =
  | { type: 'ready'; base: string }
  | ({ type: 'stats' } & BenchServerStats)
  | { type: 'profiling' }
  | { type: 'profiled' }
  | { type: 'failed'; message: string };

/**
 * Starts `startBenchServer` in its own Node process (production logging to /dev/null by default),
 * so that a load generator in this process does not share the server's event loop or its memory
 * figure.
 */
export async function startBenchServerProcess(
  options: {
    env?: Record<string, string>;
    productionLogging?: boolean;
    /** Serve the evaluation catalogue (published) grown to this many apps instead of the demo seed. */
    catalogue?: number;
    /** Write the server's log (one JSON line per answered request) to this file instead of discarding it. */
    logFile?: string;
  } = {},
): Promise<BenchServerProcess> {
  const child = fork(path.join(import.meta.dirname, 'bench-server-process.ts'), [], {
    // --expose-gc: `stats({ collect: true })` measures what is retained, not what is not yet collected.
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: {
      ...process.env,
      // What an operator's production server has (README): libraries read it from the process's own
      // environment, not from the settings passed to loadEnv, and React's development build renders
      // pages several times slower than its production build.
      NODE_ENV: 'production',
      BENCH_SERVER_OPTIONS: JSON.stringify({
        env: options.env ?? {},
        productionLogging: options.productionLogging ?? true,
        catalogue: options.catalogue,
      }),
    },
    stdio: ['ignore', options.logFile ? fs.openSync(options.logFile, 'w') : 'ignore', 'inherit', 'ipc'],
  });
  const waiters: { resolve: (message: ChildMessage) => void; reject: (error: Error) => void }[] = [];
  child.on('message', (message: ChildMessage) => waiters.shift()?.resolve(message));
  child.on('exit', (code) => {
    for (const waiter of waiters.splice(0)) waiter.reject(new Error(`the bench server exited (code ${code})`));
  });
  const next = () => new Promise<ChildMessage>((resolve, reject) => waiters.push({ resolve, reject }));
  const ready = await next();
  if (ready.type !== 'ready')
    throw new Error(`the bench server did not start: ${ready.type === 'failed' ? ready.message : ready.type}`);
  return {
    base: ready.base,
    pid: child.pid as number,
    async stats(options = {}) {
      const answer = next();
      child.send({ type: 'stats', collect: options.collect ?? false });
      const message = await answer;
      if (message.type !== 'stats') throw new Error(`unexpected answer from the bench server: ${message.type}`);
      return {
        rss: message.rss,
        memory: message.memory,
        cpuMicros: message.cpuMicros,
        counters: message.counters,
        eventLoop: message.eventLoop,
      };
    },
    async startProfile() {
      const answer = next();
      child.send({ type: 'profile-start' });
      await answer;
    },
    async stopProfile(file) {
      const answer = next();
      child.send({ type: 'profile-stop', file });
      await answer;
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'close' });
      await exited;
    },
  };
}
