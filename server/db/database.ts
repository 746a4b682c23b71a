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

/** A database connection with the few capabilities the product needs beyond queries. */
export interface Database {
  readonly driver: Driver;
  readonly db: Db;
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  /** Subscribes to a NOTIFY channel; resolves to an unsubscribe function. */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
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

/** Opens a pool on a real PostgreSQL server. */
export async function openPostgres(connectionString: string, options: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next query.
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let listener: pg.Client | undefined;
  const handlers = new Map<string, Set<(payload: string) => void>>();

  async function listenerClient(): Promise<pg.Client> {
    if (listener) return listener;
    const client = new pg.Client({ connectionString });
    await client.connect();
    client.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    client.on('error', () => {
      // Reconnection is the next listen()'s job; notifications are a cache-invalidation hint, the
      // database stays the source of truth.
      listener = undefined;
    });
    listener = client;
    return client;
  }

  return {
    driver: 'postgres',
    db,
    migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
    async listen(channel, handler) {
      const client = await listenerClient();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
      };
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
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
      await listener?.end().catch(() => undefined);
      await pool.end();
    },
  };
}

/** Opens the configured database: PostgreSQL when a URL is given, else PGlite in `dataDir`. */
export function openDatabase(config: { databaseUrl?: string | undefined; dataDir: string }): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite({ dataDir: config.dataDir });
}
