import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { buildAppRecord, insertApp, insertApps } from '../../db/factories';

let t: TestApp;
let writingIds: number[];
let pendingId: number;
let hiddenId: number;

beforeAll(async () => {
  t = await createTestApp();
  writingIds = await insertApps(
    t.ctx.db,
    Array.from({ length: 14 }, (_, i) => buildAppRecord({ category: 'Writing', monthlyVisitors: (i + 1) * 100_000 })),
  );
  await insertApps(t.ctx.db, [buildAppRecord({ category: 'Design', name: 'Café Logo Studio' })]);
  pendingId = await insertApp(t.ctx.db, { category: 'Writing' }, 'pending');
  hiddenId = await insertApp(t.ctx.db, { category: 'Hidden Stuff' });
  await t.ctx.db.update(categories).set({ isActive: false }).where(eq(categories.name, 'Hidden Stuff'));
});
afterAll(() => t.close());

describe('GET /api/marketplace', () => {
  it('returns every public app in trending order with the total, hiding pending apps and inactive categories', async () => {
    const res = await t.app.inject('/api/marketplace');
    expect(res.statusCode).toBe(200);
    const apps = res.json() as { id: number; monthlyVisitors: number; status: string }[];
    expect(apps).toHaveLength(15);
    expect(res.headers['x-total-count']).toBe('15');
    expect(apps.map((app) => app.id)).not.toContain(pendingId);
    expect(apps.map((app) => app.id)).not.toContain(hiddenId);
    expect(apps.every((app) => app.status === 'published')).toBe(true);
    const writing = apps.filter((app) => writingIds.includes(app.id));
    // Same rating and age: more visitors trend higher.
    expect(writing[0]?.monthlyVisitors).toBe(1_400_000);
  });

  it('pages with limit and offset and filters by category slug or name', async () => {
    const first = await t.app.inject('/api/marketplace?limit=12');
    const second = await t.app.inject('/api/marketplace?limit=12&offset=12');
    expect(first.json()).toHaveLength(12);
    expect(second.json()).toHaveLength(3);
    const ids = [...first.json(), ...second.json()].map((app: { id: number }) => app.id);
    expect(new Set(ids).size).toBe(15);
    const design = await t.app.inject('/api/marketplace?category=design');
    expect(design.json().map((app: { name: string }) => app.name)).toEqual(['Café Logo Studio']);
    expect(design.headers['x-total-count']).toBe('1');
    const byName = await t.app.inject('/api/marketplace?category=Design');
    expect(byName.json()).toHaveLength(1);
    const all = await t.app.inject('/api/marketplace?category=All&limit=1');
    expect(all.headers['x-total-count']).toBe('15');
    const hidden = await t.app.inject('/api/marketplace?category=hidden-stuff');
    expect(hidden.json()).toEqual([]);
  });

  it('rejects bad paging with a 400 in the error shape', async () => {
    for (const query of ['limit=0', 'limit=abc', 'offset=-1', 'limit=100000']) {
      const res = await t.app.inject(`/api/marketplace?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
      expect(typeof res.json().error.message).toBe('string');
    }
  });
});

describe('single app', () => {
  it('finds a published app by id and by slugs, case-insensitively', async () => {
    const byId = await t.app.inject(`/api/marketplace/app/${writingIds[0]}`);
    expect(byId.statusCode).toBe(200);
    const app = byId.json();
    expect(app.categorySlug).toBe('writing');
    const bySlug = await t.app.inject(`/api/marketplace/app/${app.categorySlug}/${app.nameSlug.toUpperCase()}`);
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json().id).toBe(app.id);
    const accented = await t.app.inject(`/api/marketplace/app/design/${encodeURIComponent('café-logo-studio')}`);
    expect(accented.statusCode).toBe(200);
  });

  it('answers 404 for pending, hidden and unknown apps and 400 for a non-numeric id', async () => {
    for (const id of [pendingId, hiddenId, 999999]) {
      const res = await t.app.inject(`/api/marketplace/app/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    expect((await t.app.inject('/api/marketplace/app/abc')).statusCode).toBe(400);
    expect((await t.app.inject('/api/marketplace/app/writing/no-such-app')).statusCode).toBe(404);
  });
});

describe('view and save counters', () => {
  it('counts a view once per visitor per 30 minutes', async () => {
    const id = writingIds[1];
    const first = await t.app.inject({ method: 'POST', url: `/api/apps/${id}/view` });
    expect(first.statusCode).toBe(200);
    expect(first.json().counted).toBe(true);
    const cookie = first.cookies.find((c) => c.name === 'aitlas_vid');
    expect(cookie).toBeDefined();
    for (let i = 0; i < 5; i++) {
      const again = await t.app.inject({ method: 'POST', url: `/api/apps/${id}/view`, cookies: { aitlas_vid: cookie!.value } });
      expect(again.json().counted).toBe(false);
    }
    // A loop without cookies is the same visitor (its cookie derives from the address)...
    for (let i = 0; i < 5; i++) await t.app.inject({ method: 'POST', url: `/api/apps/${id}/view` });
    // ...and forged cookies are ignored.
    await t.app.inject({
      method: 'POST',
      url: `/api/apps/${id}/view`,
      cookies: { aitlas_vid: 'AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBB' },
    });
    const app = (await t.app.inject(`/api/marketplace/app/${id}`)).json();
    expect(app.viewCount).toBe(1);
    // Another address is another visitor.
    const other = await t.app.inject({ method: 'POST', url: `/api/apps/${id}/view`, remoteAddress: '10.1.2.3' });
    expect(other.json()).toMatchObject({ counted: true, viewCount: 2 });
  });

  it('counts a save once per visitor', async () => {
    const id = writingIds[2];
    const first = await t.app.inject({ method: 'POST', url: `/api/apps/${id}/save` });
    expect(first.json()).toMatchObject({ counted: true, saveCount: 1 });
    const cookie = first.cookies.find((c) => c.name === 'aitlas_vid')!.value;
    const second = await t.app.inject({ method: 'POST', url: `/api/apps/${id}/save`, cookies: { aitlas_vid: cookie } });
    expect(second.json()).toMatchObject({ counted: false, saveCount: 1 });
  });

  it('answers 404 for unpublished apps and 400 for a non-numeric id', async () => {
    expect((await t.app.inject({ method: 'POST', url: `/api/apps/${pendingId}/view` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/apps/${pendingId}/save` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/apps/x1/view' })).statusCode).toBe(400);
  });
});

describe('errors and health', () => {
  it('reports health', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API paths and malformed JSON in the error shape', async () => {
    const missing = await t.app.inject('/api/nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
    const malformed = await t.app.inject({
      method: 'POST',
      url: `/api/apps/${writingIds[0]}/save`,
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('invalid_json');
  });

  it('lists active categories by sort order with All', async () => {
    const res = await t.app.inject('/api/categories');
    const names = res.json().map((c: { name: string }) => c.name);
    expect(names[0]).toBe('All');
    expect(names).toContain('Writing');
    expect(names).not.toContain('Hidden Stuff');
  });
});
