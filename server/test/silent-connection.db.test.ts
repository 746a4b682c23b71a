import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { createContext, type AppContext } from '../context';
import { openPostgres, type Database } from '../db/database';
import { ensureAllCategory } from '../db/seed/seed';
import { testEnv } from '../env';
import { insertApp } from '../db/factories';
import { startTcpRelay, type TcpRelay } from './tcp-relay';
import { testDriver } from './test-database';

/**
 * An instance whose connections to PostgreSQL go through a relay that stops forwarding without
 * closing anything (failover, NAT/conntrack expiry, partition). With the product's own timeouts
 * (no shortened ones), health answers 503 within seconds, requests fail in the error shape instead
 * of hanging, and the instance recovers by itself once the path is back. PostgreSQL only.
 */
const adminUrl = () => (inject('postgresTemplate') ?? '').replace(/\/[^/]*$/, '/postgres');
const databaseName = `aitlas_silent_${process.pid}_${randomBytes(3).toString('hex')}`;

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Runs `request` and returns its answer with how long it took. */
async function timed<T>(request: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await request();
  return { value, ms: performance.now() - started };
}

describe.runIf(testDriver === 'postgres')('a silently lost database connection', () => {
  let relay: TcpRelay;
  let database: Database;
  let ctx: AppContext;
  let app: FastifyInstance;
  let appId: number;

  beforeAll(async () => {
    const template = new URL(inject('postgresTemplate') as string);
    await adminQuery(
      `CREATE DATABASE ${pg.escapeIdentifier(databaseName)} TEMPLATE ${pg.escapeIdentifier(template.pathname.slice(1))}`,
    );
    relay = await startTcpRelay({ host: template.hostname, port: Number(template.port || 5432) });
    const url = new URL(template);
    url.pathname = `/${databaseName}`;
    url.hostname = '127.0.0.1';
    url.port = String(relay.port);
    database = await openPostgres(url.toString(), { max: 4 });
    await ensureAllCategory(database.db);
    appId = await insertApp(database.db, { name: 'Relay Writer', status: 'published' });
    ctx = createContext(testEnv(), database, (await import('pino')).default({ level: 'silent' }));
    await ctx.changes.start();
    app = await buildApp(ctx, { logger: false });
    await app.ready();
  });

  afterAll(async () => {
    relay?.resume();
    await app?.close();
    await ctx?.changes.stop();
    await database?.close();
    await relay?.close();
    if (inject('postgresTemplate')) await adminQuery(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(databaseName)} WITH (FORCE)`);
  });

  const health = () => app.inject({ url: '/api/health' });
  const view = () => app.inject({ method: 'POST', url: `/api/apps/${appId}/view` });

  it('health says 503 within seconds, a request fails in the error shape, and both recover once the relay forwards again', async () => {
    expect((await health()).json()).toEqual({ status: 'ok' });
    expect((await view()).statusCode).toBeLessThan(300);

    relay.silence();
    const lostAt = performance.now();
    // Health pings are reused for 1 s: the first one after that finds the silence.
    await expect.poll(async () => (await health()).statusCode, { timeout: 6_000, interval: 250 }).toBe(503);
    const healthDetectedMs = performance.now() - lostAt;
    const body = (await health()).json() as { error: { code: string } };
    expect(body.error.code).toBe('unavailable');

    const failed = await timed(view);
    expect(failed.value.statusCode).toBe(503);
    expect((failed.value.json() as { error: { code: string } }).error.code).toBe('unavailable');
    // Once one query timed out every pooled connection was dropped: the next request fails within the connect timeout.
    const next = await timed(view);
    expect(next.value.statusCode).toBe(503);
    expect(next.ms).toBeLessThan(5_000);

    relay.resume();
    const healedAt = performance.now();
    await expect.poll(async () => (await view()).statusCode, { timeout: 10_000, interval: 250 }).toBeLessThan(300);
    const requestsBackMs = performance.now() - healedAt;
    // The LISTEN connection is reopened too (health is `ok`, not `degraded`).
    await expect.poll(async () => (await health()).json(), { timeout: 20_000, interval: 250 }).toEqual({ status: 'ok' });
    const listenerBackMs = performance.now() - healedAt;
    console.warn(
      `silent loss: health 503 after ${Math.round(healthDetectedMs)} ms; first request answered 503 after ${Math.round(failed.ms)} ms, the next after ${Math.round(next.ms)} ms; ` +
        `after the relay came back: requests in ${Math.round(requestsBackMs)} ms, LISTEN in ${Math.round(listenerBackMs)} ms`,
    );
  }, 60_000);

  it('a LISTEN connection that goes silent on its own is noticed (degraded) and reopened', async () => {
    const states: boolean[] = [];
    const off = database.onListenerStateChange((state) => states.push(state.connected));
    const started = performance.now();
    // Only the connections open now go silent; the pool's and the reopened LISTEN connection's new ones work.
    relay.silenceExisting();
    await expect.poll(() => states.includes(false), { timeout: 10_000, interval: 100 }).toBe(true);
    const detectedMs = performance.now() - started;
    await expect.poll(async () => (await health()).json(), { timeout: 15_000, interval: 250 }).toEqual({ status: 'ok' });
    const recoveredMs = performance.now() - started;
    off();
    console.warn(
      `silent LISTEN connection: noticed after ${Math.round(detectedMs)} ms, reopened after ${Math.round(recoveredMs)} ms`,
    );
  }, 40_000);
});
