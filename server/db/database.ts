import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle handle, the same type on both drivers. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Driver = 'pglite' | 'postgres';

/** Whether this instance hears other instances' notifications; `reason` says why not. */
export type ListenerState = { connected: true } | { connected: false; reason: string };

/** A database connection with the few capabilities the product needs beyond queries. */
export interface Database {
  readonly driver: Driver;
  readonly db: Db;
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  /** Subscribes to a NOTIFY channel; resolves to an unsubscribe function. */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** The state of the LISTEN connection (always connected on PGlite: one process, no connection to lose). */
  listenerState(): ListenerState;
  /**
   * Calls `handler` whenever the LISTEN connection is lost or restored (it is reopened with
   * backoff); returns a function that removes the handler.
   */
  onListenerStateChange(handler: (state: ListenerState) => void): () => void;
  /**
   * Runs `task` only if this process obtains the named lock, so that exactly one instance does the work.
   * On PostgreSQL a session advisory lock; on PGlite (one process per data dir) an in-process flag.
   */
  withExclusiveLock<T>(name: string, task: () => Promise<T>): Promise<{ acquired: true; result: T } | { acquired: false }>;
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/** Turns a lock name into the 64-bit key PostgreSQL advisory locks take. */
function advisoryKey(name: string): bigint {
  let hash = 0xcbf29ce484222325n;
  for (const byte of Buffer.from(name)) {
    hash ^= BigInt(byte);
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return BigInt.asIntN(64, hash);
}

export interface OpenPgliteOptions {
  /** A directory to keep data in; omitted for an in-memory database. */
  dataDir?: string;
  /** A tarball from `PGlite.dumpDataDir()` to start from (tests use a migrated template). */
  loadDataDir?: Blob;
}

/** Opens the embedded database. A data dir is locked to this process until `close()`. */
export async function openPglite(options: OpenPgliteOptions = {}): Promise<Database> {
  let lock: DataDirLock | undefined;
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    lock = acquireDataDirLock(options.dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(options.dataDir ? { dataDir: path.join(options.dataDir, 'pglite') } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      extensions: { pg_trgm },
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const heldLocks = new Set<string>();
  return {
    driver: 'pglite',
    db,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    async listen(channel, handler) {
      const unsubscribe = await client.listen(channel, handler);
      return async () => unsubscribe();
    },
    async notify(channel, payload) {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    listenerState: () => ({ connected: true }),
    onListenerStateChange: () => () => undefined,
    async withExclusiveLock(name, task) {
      if (heldLocks.has(name)) return { acquired: false };
      heldLocks.add(name);
      try {
        return { acquired: true, result: await task() };
      } finally {
        heldLocks.delete(name);
      }
    },
    async ping() {
      await client.query('SELECT 1');
      return true;
    },
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/** First and longest wait before reopening a lost LISTEN connection. */
export const LISTEN_RETRY_MIN_MS = 200;
export const LISTEN_RETRY_MAX_MS = 10_000;

/** Opens a pool on a real PostgreSQL server. */
export async function openPostgres(connectionString: string, options: { max?: number; listenRetryMinMs?: number } = {}): Promise<Database> {
  const retryMinMs = options.listenRetryMinMs ?? LISTEN_RETRY_MIN_MS;
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next query.
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const stateHandlers = new Set<(state: ListenerState) => void>();
  let listener: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let state: ListenerState = { connected: true };
  let retryTimer: NodeJS.Timeout | undefined;
  let failures = 0;
  let closed = false;

  function setState(next: ListenerState): void {
    const changed = next.connected !== state.connected || (!next.connected && !state.connected && next.reason !== state.reason);
    state = next;
    if (changed) for (const handler of stateHandlers) handler(next);
  }

  // The LISTEN connection is one dedicated client: when the server drops it, notifications stop, so
  // it is reopened with exponential backoff, every channel is listened to again, and subscribers
  // are told (they resync, since whatever was notified meanwhile is lost).
  async function openListener(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString });
    const lost = (reason: string) => {
      if (client !== listener || closed) return;
      listener = undefined;
      setState({ connected: false, reason });
      scheduleReconnect();
    };
    client.on('error', (error) => lost(`LISTEN connection lost: ${error.message}`));
    client.on('end', () => lost('LISTEN connection ended'));
    client.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    try {
      await client.connect();
      for (const channel of handlers.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    listener = client;
    return client;
  }

  function scheduleReconnect(): void {
    if (closed || retryTimer) return;
    const delay = Math.min(LISTEN_RETRY_MAX_MS, retryMinMs * 2 ** failures);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      openListener().then(
        () => {
          failures = 0;
          setState({ connected: true });
        },
        (error: unknown) => {
          failures += 1;
          setState({ connected: false, reason: `LISTEN connection could not be reopened: ${(error as Error).message}` });
          scheduleReconnect();
        },
      );
    }, delay);
  }

  function listenerClient(): Promise<pg.Client> {
    if (listener) return Promise.resolve(listener);
    connecting ??= openListener().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  return {
    driver: 'postgres',
    db,
    migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
    async listen(channel, handler) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        // While a lost connection is being reopened, the reopening listens to every known channel.
        if (state.connected) {
          const client = await listenerClient();
          await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        }
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
      };
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    listenerState: () => state,
    onListenerStateChange(handler) {
      stateHandlers.add(handler);
      return () => stateHandlers.delete(handler);
    },
    async withExclusiveLock(name, task) {
      // A session lock must be taken and released on the same connection.
      const client = await pool.connect();
      const key = advisoryKey(name).toString();
      try {
        const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS locked', [key]);
        if (!rows[0]?.locked) return { acquired: false };
        try {
          return { acquired: true, result: await task() };
        } finally {
          await client.query('SELECT pg_advisory_unlock($1::bigint)', [key]);
        }
      } finally {
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`SELECT 1`);
      return true;
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      await listener?.end().catch(() => undefined);
      await pool.end();
    },
  };
}

/** Opens the configured database: PostgreSQL when a URL is given, else PGlite in `dataDir`. */
export function openDatabase(config: { databaseUrl?: string | undefined; dataDir: string }): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite({ dataDir: config.dataDir });
}
