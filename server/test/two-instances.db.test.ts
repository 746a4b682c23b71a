import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { createContext, type AppContext } from '../context';
import { LISTENER_APPLICATION_NAME, openPostgres, type Database, type ListenerState } from '../db/database';
import { discoveryLogs } from '../db/schema';
import { ensureAllCategory } from '../db/seed/seed';
import { testEnv } from '../env';
import { planAndRun } from '../modules/discovery/discovery.scheduler';
import { DiscoveryRunsService } from '../modules/discovery/discovery.runs.service';
import { signInAsAdmin } from './admin-session';
import { insertApp } from '../db/factories';
import { testDriver } from './test-database';

/**
 * Two server instances on one PostgreSQL database, as behind a load balancer: changes, sessions and
 * notifications reach both; a scheduled slot runs once; a terminated LISTEN connection is reopened
 * and the instance resyncs. PostgreSQL only (PGlite is one process by design).
 */
interface Instance {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  logs: string[];
}

const adminUrl = () => (inject('postgresTemplate') ?? '').replace(/\/[^/]*$/, '/postgres');
const databaseName = `aitlas_harden_2i_${process.pid}_${randomBytes(3).toString('hex')}`;
const instances: Instance[] = [];

async function startInstance(url: string, listenRetryMinMs?: number): Promise<Instance> {
  const database = await openPostgres(url, { max: 4, ...(listenRetryMinMs ? { listenRetryMinMs } : {}) });
  const logs: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void logs.push(line) });
  const ctx = createContext(testEnv({ RATE_LIMIT_SEARCH_PER_MINUTE: '1000' }), database, log);
  await ctx.changes.start();
  const app = await buildApp(ctx, { logger: false });
  await app.ready();
  const instance = { app, ctx, database, logs };
  instances.push(instance);
  return instance;
}

async function adminQuery<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const searchNames = async (instance: Instance, query: string) =>
  (
    (await instance.app.inject({ method: 'POST', url: '/api/search', payload: { query } })).json() as { apps: { name: string }[] }
  ).apps.map((app) => app.name);

describe.runIf(testDriver === 'postgres')('two instances on one PostgreSQL', () => {
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    const template = new URL(inject('postgresTemplate') as string);
    await adminQuery(
      `CREATE DATABASE ${pg.escapeIdentifier(databaseName)} TEMPLATE ${pg.escapeIdentifier(template.pathname.slice(1))}`,
    );
    template.pathname = `/${databaseName}`;
    const url = template.toString();
    const setup = await openPostgres(url, { max: 1 });
    await ensureAllCategory(setup.db);
    await insertApp(setup.db, { name: 'Seed Writer', category: 'Writing' });
    await setup.close();
    a = await startInstance(url);
    // B reopens its LISTEN connection after 3 s, long enough to watch it report `degraded`.
    b = await startInstance(url, 3000);
  });

  afterAll(async () => {
    for (const instance of instances) {
      await instance.app.close();
      await instance.ctx.changes.stop();
      await instance.database.close();
    }
    if (inject('postgresTemplate')) await adminQuery(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(databaseName)} WITH (FORCE)`);
  });

  it('an app published on one instance is found by the other one’s search at once', async () => {
    const admin = await signInAsAdmin({ app: a.app, ctx: a.ctx, close: async () => undefined });
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/admin/apps',
      headers: { cookie: admin.cookie },
      payload: {
        name: 'Quokka Ledger',
        url: 'https://quokka-ledger.example.com',
        category: 'Writing',
        description: 'Bookkeeping for quokka farms.',
        status: 'published',
      },
    });
    expect(created.statusCode).toBe(201);
    await expect.poll(() => searchNames(b, 'quokka ledger bookkeeping'), { timeout: 5_000 }).toContain('Quokka Ledger');
  });

  it('shares sessions: signed in on one instance is signed in on the other; logout on one ends both', async () => {
    const admin = await signInAsAdmin({ app: a.app, ctx: a.ctx, close: async () => undefined });
    expect((await b.app.inject({ url: '/api/auth/user', headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    await b.app.inject({ url: '/api/logout', headers: { cookie: admin.cookie } });
    expect((await a.app.inject({ url: '/api/auth/user', headers: { cookie: admin.cookie } })).statusCode).toBe(401);
  });

  it('delivers a notification published on one instance to the other', async () => {
    const received: string[] = [];
    const unsubscribe = b.ctx.changes.subscribe('notification', (message) => void received.push(message.title));
    await a.ctx.changes.publish('notification', {
      id: 1,
      type: 'info',
      title: 'Hello from A',
      message: 'm',
      timestamp: new Date().toISOString(),
      data: null,
    });
    await expect.poll(() => received, { timeout: 5_000 }).toContain('Hello from A');
    unsubscribe();
  });

  it('runs a due scheduler slot once when both instances wake up for it', async () => {
    const t0 = Date.now();
    await planAndRun(a.ctx, new DiscoveryRunsService(a.ctx), undefined, () => t0);
    const before = (await a.ctx.db.select().from(discoveryLogs)).length;
    const later = () => t0 + 61 * 60_000;
    await Promise.all([
      planAndRun(a.ctx, new DiscoveryRunsService(a.ctx), undefined, later),
      planAndRun(b.ctx, new DiscoveryRunsService(b.ctx), undefined, later),
    ]);
    expect((await a.ctx.db.select().from(discoveryLogs)).length).toBe(before + 1);
  });

  it('reopens a terminated LISTEN connection, reports degraded meanwhile, and resyncs what it missed', async () => {
    const states: ListenerState[] = [];
    b.database.onListenerStateChange((state) => states.push(state));
    // By name: a LISTEN connection's last query is often its keep-alive ping, not LISTEN.
    const listeners = await adminQuery<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name = $2',
      [databaseName, LISTENER_APPLICATION_NAME],
    );
    expect(listeners).toHaveLength(2);
    await adminQuery('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name = $2', [
      databaseName,
      LISTENER_APPLICATION_NAME,
    ]);

    await expect
      .poll(async () => (await b.app.inject({ url: '/api/health' })).json(), { timeout: 5_000, interval: 100 })
      .toMatchObject({
        status: 'degraded',
        reason: expect.stringMatching(/LISTEN connection/),
      });
    // A change made while B cannot hear it: its notification is lost for B.
    const id = await insertApp(a.ctx.db, { name: 'Wombat Planner', category: 'Writing', description: 'Plans wombat burrows.' });
    await a.ctx.changes.publish('apps.changed', { ids: [id] });

    await expect
      .poll(async () => (await b.app.inject({ url: '/api/health' })).json(), { timeout: 20_000 })
      .toEqual({ status: 'ok' });
    // Well before the 60 s fingerprint check: the reconnect resynced the index.
    await expect.poll(() => searchNames(b, 'wombat planner burrows'), { timeout: 5_000 }).toContain('Wombat Planner');
    expect(states.map((state) => state.connected)).toEqual([false, true]);
    expect(b.logs.join('\n')).toMatch(/change feed degraded[\s\S]*change feed reconnected; resyncing/);

    // And notifications flow again after the reconnect.
    const id2 = await insertApp(a.ctx.db, {
      name: 'Numbat Notes',
      category: 'Writing',
      description: 'Field notes about numbats.',
    });
    await a.ctx.changes.publish('apps.changed', { ids: [id2] });
    await expect.poll(() => searchNames(b, 'numbat notes field'), { timeout: 5_000 }).toContain('Numbat Notes');
  }, 60_000);
});
