import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertApp } from '../../db/factories';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await insertApp(t.ctx.db, { name: 'Cached One', category: 'Writing' });
});
afterAll(() => t.close());

describe('marketplace pages in memory', () => {
  it('serves pages from memory and reloads them when apps or categories change on any instance', async () => {
    const names = async (url: string) => ((await t.app.inject(url)).json() as { name: string }[]).map((app) => app.name);
    expect(await names('/api/marketplace?limit=12')).toEqual(['Cached One']);

    // A write that bypasses the services is not announced: the page stays as it was…
    await insertApp(t.ctx.db, { name: 'Cached Two', category: 'Writing', monthlyVisitors: 10_000_000 });
    expect(await names('/api/marketplace?limit=12')).toEqual(['Cached One']);
    // …the whole-catalogue call is always fresh…
    expect((await names('/api/marketplace')).sort()).toEqual(['Cached One', 'Cached Two']);
    // …and an announced change reaches the pages at once.
    await t.ctx.changes.publish('apps.changed', { ids: [] });
    expect(await names('/api/marketplace?limit=12')).toEqual(['Cached Two', 'Cached One']);
    const total = (await t.app.inject('/api/marketplace?limit=1&category=writing')).headers['x-total-count'];
    expect(total).toBe('2');

    await insertApp(t.ctx.db, { name: 'Cached Three', category: 'Writing' });
    await t.ctx.changes.publish('categories.changed', {});
    expect((await t.app.inject('/api/marketplace?limit=1&category=writing')).headers['x-total-count']).toBe('3');
  });
});
