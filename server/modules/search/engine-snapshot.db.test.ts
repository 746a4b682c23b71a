import fs from 'node:fs';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, searchSnapshots } from '../../db/schema';
import { importApps } from '../apps/apps.import';
import { startSecondInstance, type SecondInstance } from '../../test/second-instance';
import { createTestApp, type TestApp } from '../../test/test-app';
import { engineSnapshotFormat } from './engine/engine-snapshot';
import { SearchRepository } from './search.repository';

const seed = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../db/seed/demo-apps.json'), 'utf8')) as {
  tools: Record<string, unknown>[];
};
/** A task, a misspelt task, run-together words, a named app with a modifier, alternatives, a comparison, French. */
const QUERIES = [
  'remove the background of a product photo',
  'backround remover',
  'textto speech',
  'grammerly',
  'canva but cheaper',
  'free alternatives to grammarly',
  'notion vs coda',
  'traduire un document',
];
const ENGINE = 'engine-state';

let first: TestApp;
let repository: SearchRepository;
const others: SecondInstance[] = [];

beforeAll(async () => {
  first = await createTestApp({ RATE_LIMIT_SEARCH_PER_MINUTE: '100000' });
  repository = new SearchRepository(first.ctx.db);
  const imported = await importApps(first.ctx.db, { tools: seed.tools.slice(0, 120) }, 'published');
  if (!imported.ok) throw new Error('seed catalogue invalid');
  await first.ctx.search.rebuild();
}, 120_000);
afterAll(async () => {
  for (const instance of others) await instance.close();
  await first.close();
});

async function restart(): Promise<SecondInstance> {
  const instance = await startSecondInstance(first, { RATE_LIMIT_SEARCH_PER_MINUTE: '100000' });
  others.push(instance);
  return instance;
}

/** What visitors get from an instance: searches over HTTP and every app's alternatives with reasons. */
async function answers(instance: { ctx: TestApp['ctx']; app: TestApp['app'] }, ids: number[]): Promise<unknown> {
  const searches = [];
  for (const query of QUERIES)
    searches.push((await instance.app.inject({ method: 'POST', url: '/api/search', payload: { query } })).json());
  return { searches, alternatives: ids.map((id) => instance.ctx.search.alternatives(id, { limit: 32 })) };
}

async function savedEngine(): Promise<string | undefined> {
  const rows = await first.ctx.db
    .select({ fingerprint: searchSnapshots.fingerprint })
    .from(searchSnapshots)
    .where(eq(searchSnapshots.name, ENGINE));
  return rows[0]?.fingerprint;
}

/** The save the manifest names. */
async function currentSaveId(): Promise<string> {
  const [manifest] = await first.ctx.db.select().from(searchSnapshots).where(eq(searchSnapshots.name, ENGINE));
  return (JSON.parse(Buffer.from(manifest!.data).toString('utf8')) as { id: string }).id;
}

function publicIds(instance: { ctx: TestApp['ctx'] }): number[] {
  return [...Array(3000).keys()].filter((id) => instance.ctx.search.findPublished(id));
}

describe('the whole-engine snapshot in the database', () => {
  it('is loaded by a restarted instance, which answers as the instance that built it, also after an edit', async () => {
    await expect.poll(savedEngine, { timeout: 30_000 }).toBe(await repository.fingerprint());
    expect(first.ctx.search.restoredFromSnapshot).toBe(false);
    // Saved in pieces named by their save, beside the manifest.
    expect((await repository.snapshotRows(ENGINE)).some((name) => name.startsWith(`${ENGINE}/`))).toBe(true);

    const restarted = await restart();
    expect(restarted.ctx.search.restoredFromSnapshot).toBe(true);
    const ids = publicIds(first);
    expect(ids.length).toBeGreaterThan(100);
    expect(publicIds(restarted)).toEqual(ids);
    const built = await answers(first, ids);
    expect(await answers(restarted, ids)).toEqual(built);
    // Not vacuous: a misspelling is read, a named app with a modifier asks for alternatives, lists carry reasons.
    const searches = (built as { searches: { reasoning: string; intent?: { kind: string } }[] }).searches;
    expect(searches[1]?.reasoning).toMatch(/Read/);
    expect(searches[4]?.intent?.kind).toBe('alternatives');
    expect(restarted.ctx.search.alternatives(ids[0]!, { limit: 5 })?.alternatives[0]?.reason).toBeTruthy();

    // An edit after the load reaches both instances through the change feed; they still answer alike.
    const target = ids[5]!;
    const description = 'Removes the background of product photos and turns them into zorblax catalogue shots.';
    await first.ctx.db.update(apps).set({ description, updatedAt: new Date() }).where(eq(apps.id, target));
    await first.ctx.changes.publish('apps.changed', { ids: [target] });
    await expect.poll(() => restarted.ctx.search.findPublished(target)?.description, { timeout: 20_000 }).toBe(description);
    await expect.poll(() => first.ctx.search.findPublished(target)?.description, { timeout: 20_000 }).toBe(description);
    const zorblax = async (instance: { app: TestApp['app'] }) =>
      (await instance.app.inject({ method: 'POST', url: '/api/search', payload: { query: 'zorblax catalogue shots' } })).json();
    expect((await zorblax(restarted)).apps[0]?.id).toBe(target);
    expect(await zorblax(restarted)).toEqual(await zorblax(first));
    expect(await answers(restarted, ids)).toEqual(await answers(first, ids));
  }, 240_000);

  it('is not loaded when stale, made by other engine code, or damaged: the instance builds and saves it anew', async () => {
    // The edit of the test above made the saved state stale: a new instance builds, and saves the state anew.
    const fingerprint = await repository.fingerprint();
    expect(await savedEngine()).not.toBe(fingerprint);
    expect((await restart()).ctx.search.restoredFromSnapshot).toBe(false);
    await expect.poll(savedEngine, { timeout: 30_000 }).toBe(fingerprint);

    // Made by other engine code (another source hash): built, not loaded.
    await first.ctx.db
      .update(searchSnapshots)
      .set({ format: 'engine-1-other-code' })
      .where(like(searchSnapshots.name, `${ENGINE}%`));
    const other = await restart();
    expect(other.ctx.search.restoredFromSnapshot).toBe(false);
    // It saves the snapshot of its own code again.
    await expect
      .poll(async () => (await repository.snapshotVersion(ENGINE))?.format, { timeout: 30_000 })
      .toBe(engineSnapshotFormat());

    // A damaged piece (one byte changed): its SHA-256 no longer matches, so it is built.
    // The current save's first piece (the manifest names its save; earlier saves' pieces may still be there).
    const saveId = await currentSaveId();
    const [piece] = await first.ctx.db
      .select()
      .from(searchSnapshots)
      .where(eq(searchSnapshots.name, `${ENGINE}/${saveId}/00000`));
    const damaged = Uint8Array.from(piece!.data);
    damaged[damaged.byteLength >> 1] = damaged[damaged.byteLength >> 1]! ^ 0xff;
    await first.ctx.db.update(searchSnapshots).set({ data: damaged }).where(eq(searchSnapshots.name, piece!.name));
    expect((await restart()).ctx.search.restoredFromSnapshot).toBe(false);

    // That instance saves its own state in place of the damaged one (awaited, so it does not overwrite what follows).
    await expect.poll(currentSaveId, { timeout: 30_000 }).not.toBe(saveId);

    // Pieces that pass their checksums but are no engine state (a bug, another layout under the same version).
    await repository.writeChunkedSnapshot(ENGINE, { format: engineSnapshotFormat(), fingerprint }, [
      new Uint8Array(4096).fill(7),
    ]);
    const garbled = await restart();
    expect(garbled.ctx.search.restoredFromSnapshot).toBe(false);
    expect(garbled.ctx.search.size).toBe(first.ctx.search.size);

    // The instance that could not load it saved its own state in its place; that one loads.
    const garbledId = await currentSaveId();
    await expect.poll(currentSaveId, { timeout: 30_000 }).not.toBe(garbledId);
    const fresh = await restart();
    expect(fresh.ctx.search.restoredFromSnapshot).toBe(true);
    await first.ctx.db
      .update(apps)
      .set({ updatedAt: new Date() })
      .where(eq(apps.id, publicIds(first)[0]!));
    const stale = await restart();
    expect(stale.ctx.search.restoredFromSnapshot).toBe(false);
    expect(stale.ctx.search.size).toBe(first.ctx.search.size);
  }, 240_000);
});
