import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createContext } from '../../context';
import { searchSnapshots } from '../../db/schema';
import { testEnv } from '../../env';
import { importApps } from '../apps/apps.import';
import { buildAppRecord, insertApps } from '../../db/factories';
import { startSecondInstance, type SecondInstance } from '../../test/second-instance';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SearchRepository } from './search.repository';

const seed = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../db/seed/demo-apps.json'), 'utf8')) as {
  tools: Record<string, unknown>[];
};
const QUERIES = [
  'remove the background of a product photo',
  'free alternatives to grammarly',
  'transcribe my meetings',
  'notion vs coda',
];

let first: TestApp;
const others: SecondInstance[] = [];

beforeAll(async () => {
  first = await createTestApp({ RATE_LIMIT_SEARCH_PER_MINUTE: '100000' });
  const imported = await importApps(first.ctx.db, { tools: seed.tools.slice(0, 120) }, 'published');
  if (!imported.ok) throw new Error('seed catalogue invalid');
  await first.ctx.changes.publish('apps.changed', { ids: imported.ids });
  await first.ctx.search.rebuild();
});
afterAll(async () => {
  for (const instance of others) await instance.close();
  await first.close();
});

async function restart(): Promise<SecondInstance> {
  const instance = await startSecondInstance(first, { RATE_LIMIT_SEARCH_PER_MINUTE: '100000' });
  others.push(instance);
  return instance;
}

/** What visitors get from an instance: every app's alternatives (with reasons) and a few searches over HTTP. */
async function answers(instance: { ctx: TestApp['ctx']; app: TestApp['app'] }, ids: number[]): Promise<unknown> {
  const alternatives = ids.map((id) => instance.ctx.search.alternatives(id, { limit: 32 }));
  const searches = [];
  for (const query of QUERIES)
    searches.push((await instance.app.inject({ method: 'POST', url: '/api/search', payload: { query } })).json());
  return { alternatives, searches };
}

async function savedFingerprint(): Promise<string | undefined> {
  const rows = await first.ctx.db
    .select({ fingerprint: searchSnapshots.fingerprint })
    .from(searchSnapshots)
    .where(eq(searchSnapshots.name, 'similarity-lists'));
  return rows[0]?.fingerprint;
}

describe('the saved search snapshot', () => {
  it('is saved after a full build and gives a restarted instance the same answers without computing the lists', async () => {
    const repository = new SearchRepository(first.ctx.db);
    const fingerprint = await repository.fingerprint();
    await expect.poll(savedFingerprint, { timeout: 20_000 }).toBe(fingerprint);
    expect(first.ctx.search.builtFromSnapshot).toBe(false);

    const restarted = await restart();
    expect(restarted.ctx.search.builtFromSnapshot).toBe(true);
    const ids = [...Array(2000).keys()].filter((id) => first.ctx.search.findPublished(id));
    expect(ids.length).toBe(first.ctx.search.size);
    expect(ids.length).toBeGreaterThan(100);
    expect(await answers(restarted, ids)).toEqual(await answers(first, ids));
    // Not vacuous: the lists carry substitutes with reasons.
    expect(restarted.ctx.search.alternatives(ids[0]!, { limit: 5 })?.alternatives.length).toBe(5);
  });

  it('is not used once the catalogue changed, nor when it was made by another engine version', async () => {
    await expect.poll(savedFingerprint, { timeout: 20_000 }).toBe(await new SearchRepository(first.ctx.db).fingerprint());
    // A twin of an existing app, written behind the running instance's back (as by an instance that has since gone).
    const original = seed.tools[0] as {
      name: string;
      description: string;
      category: string;
      tags: string[];
      features: string[];
      useCases: string[];
    };
    const [twin] = await insertApps(first.ctx.db, [
      buildAppRecord({
        ...original,
        name: 'Twinly Copy',
        url: 'https://twinly.example',
        pricingType: 'free',
        monthlyVisitors: 1000,
      }),
    ]);

    const restarted = await restart();
    expect(restarted.ctx.search.builtFromSnapshot).toBe(false);
    const sourceId = [...Array(2000).keys()].find((id) => restarted.ctx.search.findPublished(id)?.name === original.name)!;
    const listed = restarted.ctx.search.alternatives(sourceId, { limit: 32 })?.alternatives.map((app) => app.id);
    expect(listed).toContain(twin);

    // The restarted instance saved the lists of the catalogue as it is now; one of another engine version is ignored.
    await expect.poll(savedFingerprint, { timeout: 20_000 }).toBe(await new SearchRepository(first.ctx.db).fingerprint());
    // Every row: the whole engine's snapshot (engine-snapshot.db.test.ts) carries the engine version too; it is saved
    // after the lists, so awaited first (else it would land after the rows are marked).
    const engineFingerprint = async () =>
      (
        await first.ctx.db
          .select({ fingerprint: searchSnapshots.fingerprint })
          .from(searchSnapshots)
          .where(eq(searchSnapshots.name, 'engine-state'))
      )[0]?.fingerprint;
    await expect.poll(engineFingerprint, { timeout: 30_000 }).toBe(await new SearchRepository(first.ctx.db).fingerprint());
    await first.ctx.db.update(searchSnapshots).set({ format: 'an-older-engine' });
    expect((await restart()).ctx.search.builtFromSnapshot).toBe(false);
  });

  it('is used by a later rebuild of the unchanged catalogue (a resync) with the same answers, never once it changed', async () => {
    const repository = new SearchRepository(first.ctx.db);
    await expect.poll(savedFingerprint, { timeout: 20_000 }).toBe(await repository.fingerprint());
    const original = seed.tools[1] as { name: string; description: string; category: string; tags: string[] };
    // Written behind the instance's back: its rebuild must compute the lists, not take the saved ones.
    const [twin] = await insertApps(first.ctx.db, [
      buildAppRecord({ ...original, name: 'Twinly Second', url: 'https://twinly-second.example', monthlyVisitors: 1000 }),
    ]);
    const builds = first.ctx.search.fullBuilds;
    await first.ctx.search.rebuild();
    expect(first.ctx.search.fullBuilds).toBe(builds + 1);
    expect(first.ctx.search.builtFromSnapshot).toBe(false);
    const sourceId = [...Array(3000).keys()].find((id) => first.ctx.search.findPublished(id)?.name === original.name)!;
    expect(first.ctx.search.alternatives(sourceId, { limit: 32 })?.alternatives.map((app) => app.id)).toContain(twin);
    const ids = [...Array(3000).keys()].filter((id) => first.ctx.search.findPublished(id));
    const computed = await answers(first, ids);

    // Once that build's lists are saved, the next rebuild of the same catalogue loads them and answers the same.
    await expect.poll(savedFingerprint, { timeout: 20_000 }).toBe(await repository.fingerprint());
    await first.ctx.search.rebuild();
    expect(first.ctx.search.fullBuilds).toBe(builds + 2);
    expect(first.ctx.search.builtFromSnapshot).toBe(true);
    expect(await answers(first, ids)).toEqual(computed);
  });
});

describe('GET /api/health while the search builds', () => {
  it('says warming (503) until the first build is done, holds other requests meanwhile, then says ok', async () => {
    const ctx = createContext(testEnv({ RATE_LIMIT_SEARCH_PER_MINUTE: '100000' }), first.ctx.database, pino({ level: 'silent' }));
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const rebuild = ctx.search.rebuild.bind(ctx.search);
    ctx.search.rebuild = async () => {
      await gate;
      return rebuild();
    };
    await ctx.changes.start();
    const app = await buildApp(ctx, { logger: false, serveWhileWarming: true });
    try {
      await app.ready();
      const warming = await app.inject({ url: '/api/health' });
      expect(warming.statusCode).toBe(503);
      expect(warming.json()).toEqual({ status: 'warming' });

      let answered = false;
      const search = app
        .inject({ method: 'POST', url: '/api/search', payload: { query: 'transcribe my meetings' } })
        .then((response) => {
          answered = true;
          return response;
        });
      // Still warming after the health check had its turn: the search has not been answered from an empty index.
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(503);
      expect(answered).toBe(false);

      release();
      const response = await search;
      expect(response.statusCode).toBe(200);
      expect(response.json().apps.length).toBeGreaterThan(0);
      const ok = await app.inject({ url: '/api/health' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ status: 'ok' });
    } finally {
      release();
      await app.close();
      await ctx.changes.stop();
    }
  });
});
