import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin, type TestSession } from '../../test/admin-session';
import { buildAppRecord, insertApps } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

const CATALOGUE_SIZE = 5_000;
let t: TestApp;
let admin: TestSession;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAsAdmin(t);
  const categories = ['Writing', 'Design', 'Development', 'Marketing', 'Video'];
  const records = Array.from({ length: CATALOGUE_SIZE }, (_, index) =>
    buildAppRecord({
      name: `Scale App ${index} ${index % 97 === 0 ? 'Needle' : 'Hay'}`,
      category: categories[index % categories.length],
      description: index % 500 === 0 ? 'A rare zebra description.' : 'An ordinary tool.',
      status: (['pending', 'approved', 'published', 'rejected'] as const)[index % 4],
    }),
  );
  await insertApps(t.ctx.db, records);
}, 180_000);
afterAll(async () => t.close());

async function timed(url: string) {
  const started = performance.now();
  const response = await t.app.inject({ url, headers: { cookie: admin.cookie } });
  return { response, ms: performance.now() - started };
}

describe(`GET /api/admin/apps with ${CATALOGUE_SIZE} apps`, () => {
  it('pages, searches and filters in SQL, answering each page quickly', async () => {
    await timed('/api/admin/apps?limit=50'); // warm-up
    const page = await timed('/api/admin/apps?limit=50&offset=4900');
    expect(page.response.statusCode).toBe(200);
    expect(page.response.headers['x-total-count']).toBe(String(CATALOGUE_SIZE));
    expect(page.response.json()).toHaveLength(50);

    const search = await timed('/api/admin/apps?limit=50&q=needle');
    expect(search.response.headers['x-total-count']).toBe(String(Math.ceil(CATALOGUE_SIZE / 97)));
    const byDescription = await timed('/api/admin/apps?limit=50&q=zebra&status=pending');
    expect(byDescription.response.headers['x-total-count']).toBe(String(CATALOGUE_SIZE / 500));
    const filtered = await timed('/api/admin/apps?limit=50&status=published');
    expect(filtered.response.headers['x-total-count']).toBe(String(CATALOGUE_SIZE / 4));

    // Generous bounds for a busy shared CI machine; locally these take a few tens of milliseconds.
    for (const { ms } of [page, search, byDescription, filtered]) expect(ms).toBeLessThan(1_500);
  });
});

describe(`POST /api/admin/apps/bulk-delete {matching} with ${CATALOGUE_SIZE} apps`, () => {
  it('deletes every app matching the search and status, not only one page, and leaves the others', async () => {
    const total = async (query: string) =>
      Number((await timed(`/api/admin/apps?limit=1${query}`)).response.headers['x-total-count']);
    const needles = await total('&q=needle');
    const publishedNeedles = await total('&q=needle&status=published');
    expect(publishedNeedles).toBeGreaterThan(0);

    const byStatus = await t.app.inject({
      method: 'POST',
      url: '/api/admin/apps/bulk-delete',
      headers: { cookie: admin.cookie },
      payload: { matching: { q: 'needle', status: 'published' } },
    });
    expect(byStatus.statusCode).toBe(200);
    expect(byStatus.json()).toEqual({ deleted: publishedNeedles });
    expect(await total('&q=needle')).toBe(needles - publishedNeedles);

    const rejected = await total('&status=rejected');
    expect(rejected).toBeGreaterThan(1_000);
    const many = await t.app.inject({
      method: 'POST',
      url: '/api/admin/apps/bulk-delete',
      headers: { cookie: admin.cookie },
      payload: { matching: { status: 'rejected' } },
    });
    expect(many.json()).toEqual({ deleted: rejected });
    expect(await total('&status=rejected')).toBe(0);
    expect(await total('&status=pending')).toBe(CATALOGUE_SIZE / 4);

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/apps/bulk-delete',
      headers: { cookie: admin.cookie },
      payload: { matching: { status: 'gone' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(await total('&status=pending')).toBe(CATALOGUE_SIZE / 4);
  });
});
