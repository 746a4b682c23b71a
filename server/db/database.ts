import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
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
  keepDrizzleParsersOnClient(client);
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

/**
 * The types Drizzle asks PGlite to hand back as text with every query (timestamps, dates, intervals, numeric
 * arrays): Drizzle parses them itself.
 */
const DRIZZLE_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const identity = (value: string) => value;

/** Whether `parsers` only keeps Drizzle's text types as text (checked once per parsers object). */
const keepsTextOnly = new WeakMap<object, boolean>();
function onlyDrizzleTextParsers(parsers: Record<number, (value: string, typeId: number) => unknown>): boolean {
  let known = keepsTextOnly.get(parsers);
  if (known === undefined) {
    const entries = Object.entries(parsers);
    known = entries.every(
      ([type, parse]) => DRIZZLE_TEXT_TYPES.includes(Number(type)) && parse('\u0000probe', Number(type)) === '\u0000probe',
    );
    keepsTextOnly.set(parsers, known);
  }
  return known;
}

/**
 * Drizzle passes the same parsers with every query (its text types kept as text), and PGlite then copies its whole
 * parser table (≈ 320 types with the array types) into a new object per query: ≈ 0.1 ms of the server's thread per
 * statement, measured (a seventh of what a repeated view cost). The client's own table keeps those types as text
 * once, and a query whose parsers are exactly that is run without them: the same rows from the same parsing. Only
 * Drizzle reads timestamps through this client (the raw queries here return none).
 */
function keepDrizzleParsersOnClient(client: PGlite): void {
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = identity;
  type Query = PGlite['query'];
  type Options = Parameters<Query>[2];
  const lean = (options: Options): Options => {
    if (!options?.parsers || !onlyDrizzleTextParsers(options.parsers)) return options;
    const { parsers: _kept, ...rest } = options;
    return rest;
  };
  const query = client.query.bind(client);
  client.query = ((text, params, options) => query(text, params, lean(options))) as Query;
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = ((text, params, options) => txQuery(text, params, lean(options))) as typeof tx.query;
      return callback(tx);
    })) as PGlite['transaction'];
}

/**
 * Names the connections show in `pg_stat_activity`, so an operator (and a test) tells the pool's from the LISTEN
 * connection, whose last query is usually its keep-alive ping rather than LISTEN.
 */
export const POOL_APPLICATION_NAME = 'aitlas';
export const LISTENER_APPLICATION_NAME = 'aitlas-listen';

/** First and longest wait before reopening a lost LISTEN connection. */
export const LISTEN_RETRY_MIN_MS = 200;
export const LISTEN_RETRY_MAX_MS = 10_000;

/** How long a new connection may take to be ready, and a pooled client to be handed out, before failing. */
export const CONNECT_TIMEOUT_MS = 3_000;
/** Longest any one query may take before its connection is presumed lost and destroyed. */
export const QUERY_TIMEOUT_MS = 30_000;
/** How often the LISTEN connection is proven alive, and how long the proof may take. */
export const LISTEN_PING_INTERVAL_MS = 5_000;
export const LISTEN_PING_TIMEOUT_MS = 2_000;
/** How long a health ping may take before the database counts as not answering. */
export const PING_TIMEOUT_MS = 2_000;
/** Idle sockets send TCP keep-alive probes after this long, so a dead peer is noticed while idle. */
const KEEPALIVE_DELAY_MS = 10_000;

/** Raised when a query outlives its timeout: the connection it ran on has been destroyed. */
export class DatabaseTimeoutError extends Error {
  override name = 'DatabaseTimeoutError';
  readonly code = 'DB_TIMEOUT';
}

type QueryFn = (...args: unknown[]) => unknown;

/**
 * Bounds every query of a client: one that has not answered within `timeoutMs()` destroys the
 * socket, which fails every query on it and makes the pool drop the client at release. A query on
 * a connection that silently stopped answering (a failover, an expired NAT or conntrack entry, a
 * partition) would otherwise wait for TCP itself: ≈ 15 minutes for a busy socket, forever for an idle one.
 * pg's own `query_timeout` answers the caller but leaves the wedged client in the pool.
 */
function guardQueries(client: pg.Client, timeoutMs: () => number, onTimeout: () => void = () => undefined): void {
  // A destroyed socket emits `error` on a client the pool has handed out (no listener of its own
  // then): its queries already fail, the pool drops it at release.
  client.on('error', () => undefined);
  const original = client.query.bind(client) as QueryFn;
  const guarded: QueryFn = (...args) => {
    const limit = timeoutMs();
    const timer = setTimeout(() => {
      const stream = (client as unknown as { connection?: { stream?: { destroy(error?: Error): void } } }).connection?.stream;
      stream?.destroy(new DatabaseTimeoutError(`The database did not answer within ${limit} ms.`));
      onTimeout();
    }, limit);
    const settled = () => clearTimeout(timer);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...results: unknown[]) => {
        settled();
        (callback as (...r: unknown[]) => void)(...results);
      };
      return original(...args);
    }
    const result = original(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(settled, settled);
    else settled();
    return result;
  };
  (client as unknown as { query: QueryFn }).query = guarded;
}

/** Rejects with DatabaseTimeoutError when `promise` takes longer than `ms`. */
function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DatabaseTimeoutError(`${what} took longer than ${ms} ms.`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface OpenPostgresOptions {
  max?: number;
  listenRetryMinMs?: number;
  connectTimeoutMs?: number;
  queryTimeoutMs?: number;
  listenPingIntervalMs?: number;
  listenPingTimeoutMs?: number;
  pingTimeoutMs?: number;
}

/**
 * Opens a pool on a real PostgreSQL server. Every connection has a connect timeout, TCP keep-alive
 * and a query timeout (client side, destroying the connection, and `statement_timeout` on the
 * server), so a connection that silently stops answering fails its requests within seconds and is
 * replaced; the LISTEN connection is pinged and reopened when it stops answering.
 */
export async function openPostgres(connectionString: string, options: OpenPostgresOptions = {}): Promise<Database> {
  const retryMinMs = options.listenRetryMinMs ?? LISTEN_RETRY_MIN_MS;
  const connectTimeoutMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  const queryTimeoutMs = options.queryTimeoutMs ?? QUERY_TIMEOUT_MS;
  const listenPingIntervalMs = options.listenPingIntervalMs ?? LISTEN_PING_INTERVAL_MS;
  const listenPingTimeoutMs = options.listenPingTimeoutMs ?? LISTEN_PING_TIMEOUT_MS;
  const pingTimeoutMs = options.pingTimeoutMs ?? PING_TIMEOUT_MS;
  const connection = {
    connectionString,
    connectionTimeoutMillis: connectTimeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
  };
  const pool = new pg.Pool({
    ...connection,
    application_name: POOL_APPLICATION_NAME,
    max: options.max ?? 10,
    // The server gives up too, so a query abandoned by a destroyed connection does not run on.
    statement_timeout: queryTimeoutMs,
    idle_in_transaction_session_timeout: Math.max(60_000, queryTimeoutMs * 2),
  });
  // The pool's connections share one path to the server: when a query got no answer in time, the idle connections most likely lost it too, and handing them out would make
  // each next request wait for its own timeout. They are destroyed (connections busy with a query
  // keep running until their own timeout), so the next requests open new connections, or fail
  // within the connect timeout while the server stays unreachable.
  const destroyIdle = () => {
    const idle = (pool as unknown as { _idle?: { client: pg.Client }[] })._idle ?? [];
    for (const { client } of idle)
      (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
  };
  pool.on('connect', (client) => guardQueries(client, () => queryTimeoutMs, destroyIdle));
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
  // are told (they resync, since whatever was notified meanwhile is lost). A connection that goes
  // silent without closing is found by a ping on it every few seconds.
  async function openListener(): Promise<pg.Client> {
    const client = new pg.Client({ ...connection, application_name: LISTENER_APPLICATION_NAME });
    guardQueries(client, () => listenPingTimeoutMs);
    const timers: { ping?: NodeJS.Timeout } = {};
    const lost = (reason: string) => {
      clearInterval(timers.ping);
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
    timers.ping = setInterval(() => {
      // A ping that times out destroys the socket (guardQueries), which reports the loss.
      client.query('SELECT 1').catch(() => undefined);
    }, listenPingIntervalMs);
    timers.ping.unref();
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
    async migrate() {
      // Its own connection without the query timeouts: building an index on a large table may take long.
      const client = new pg.Client(connection);
      await client.connect();
      try {
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.end().catch(() => undefined);
      }
    },
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
      // A slow ping only reports: under heavy load it would otherwise drop connections that work.
      await withTimeout(pool.query('SELECT 1'), pingTimeoutMs, 'The health ping');
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
export function openDatabase(config: {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
}): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, { max: config.poolSize })
    : openPglite({ dataDir: config.dataDir });
}
