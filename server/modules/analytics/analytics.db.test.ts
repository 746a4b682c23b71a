import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appEvents, apps, discoveryLogs } from '../../db/schema';
import { signInAsAdmin, type TestSession } from '../../test/admin-session';
import { insertApp } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { eq } from 'drizzle-orm';

let t: TestApp;
let admin: TestSession;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAsAdmin(t);
});
afterAll(async () => t.close());

const get = (url: string) => t.app.inject({ url, headers: { cookie: admin.cookie } });
const DAY_MS = 24 * 3600_000;

describe('GET /api/admin/analytics/overview', () => {
  it('is all zeros on an empty catalogue', async () => {
    const response = await get('/api/admin/analytics/overview');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      overview: {
        totalApps: 0,
        publishedApps: 0,
        pendingApps: 0,
        approvedApps: 0,
        rejectedApps: 0,
        totalViews: 0,
        totalSaves: 0,
        conversionRate: 0,
        totalTraffic: 0,
      },
      categoryStats: {},
      topApps: [],
      discovery: { totalDiscoveries: 0, successRate: 0 },
    });
  });

  it('counts statuses, views, saves (conversion in percent), traffic, categories, top apps and discoveries', async () => {
    const big = await insertApp(
      t.ctx.db,
      { name: 'Big Writer', category: 'Writing', monthlyVisitors: 3_000_000_000, viewCount: 300, saveCount: 30 },
      'published',
    );
    const small = await insertApp(
      t.ctx.db,
      { name: 'Small Designer', category: 'Design', monthlyVisitors: 1_000, viewCount: 100, saveCount: 20 },
      'published',
    );
    await insertApp(
      t.ctx.db,
      { name: 'Unseen', category: 'Design', monthlyVisitors: 0, viewCount: 0, saveCount: 0 },
      'published',
    );
    await insertApp(
      t.ctx.db,
      { name: 'Waiting', category: 'Writing', monthlyVisitors: 500, viewCount: 50, saveCount: 0 },
      'pending',
    );
    await insertApp(
      t.ctx.db,
      { name: 'Okayed', category: 'Writing', monthlyVisitors: 0, viewCount: 0, saveCount: 0 },
      'approved',
    );
    await insertApp(t.ctx.db, { name: 'Refused', category: 'Video', monthlyVisitors: 0, viewCount: 0, saveCount: 0 }, 'rejected');
    await t.ctx.db.insert(discoveryLogs).values([
      { discovered: 10, processed: 7, errors: 1 },
      { discovered: 5, processed: 2, errors: 0 },
    ]);

    const body = (await get('/api/admin/analytics/overview')).json();
    expect(body.overview).toEqual({
      totalApps: 6,
      publishedApps: 3,
      pendingApps: 1,
      approvedApps: 1,
      rejectedApps: 1,
      totalViews: 450,
      totalSaves: 50,
      conversionRate: 11.1,
      totalTraffic: 3_000_001_500,
    });
    expect(body.categoryStats).toEqual({ Writing: 3, Design: 2, Video: 1 });
    expect(body.categoryStats).not.toHaveProperty('All');
    expect(body.topApps).toEqual([
      { id: big, name: 'Big Writer', category: 'Writing', viewCount: 300 },
      { id: small, name: 'Small Designer', category: 'Design', viewCount: 100 },
    ]);
    expect(body.discovery).toEqual({ totalDiscoveries: 15, successRate: 60 });
  });
});

describe('GET /api/admin/analytics/trends', () => {
  it('gives 30 days of views, saves and searches, and the top and zero-result queries', async () => {
    const fresh = await createTestApp();
    try {
      const session = await signInAsAdmin(fresh);
      const id = await insertApp(fresh.ctx.db, { name: 'Trendy', category: 'Writing' }, 'published');
      // Real counters write the view and save events.
      expect(
        (await fresh.app.inject({ method: 'POST', url: `/api/apps/${id}/view`, remoteAddress: '10.0.0.1' })).statusCode,
      ).toBe(200);
      expect(
        (await fresh.app.inject({ method: 'POST', url: `/api/apps/${id}/view`, remoteAddress: '10.0.0.2' })).statusCode,
      ).toBe(200);
      expect(
        (await fresh.app.inject({ method: 'POST', url: `/api/apps/${id}/save`, remoteAddress: '10.0.0.1' })).statusCode,
      ).toBe(200);
      const now = Date.now();
      await fresh.ctx.db.insert(appEvents).values([
        { type: 'search', query: 'Write a Blog', resultCount: 4 },
        { type: 'search', query: '  write a blog ', resultCount: 3 },
        { type: 'search', query: 'WRITE   A BLOG', resultCount: 3 },
        { type: 'search', query: 'edit video', resultCount: 2 },
        { type: 'search', query: 'quantum knitting', resultCount: 0 },
        { type: 'search', query: 'Quantum Knitting', resultCount: 0 },
        { type: 'search', query: 'moon cheese', resultCount: 0 },
        { type: 'search', query: '   ', resultCount: 0 },
        { type: 'view', appId: id, createdAt: new Date(now - 3 * DAY_MS) },
        { type: 'search', query: 'ancient query', resultCount: 0, createdAt: new Date(now - 45 * DAY_MS) },
        { type: 'view', appId: id, createdAt: new Date(now - 45 * DAY_MS) },
      ]);

      const response = await fresh.app.inject({ url: '/api/admin/analytics/trends', headers: { cookie: session.cookie } });
      expect(response.statusCode).toBe(200);
      const body = response.json() as {
        days: { date: string; views: number; saves: number; searches: number }[];
        topQueries: { query: string; count: number }[];
        zeroResultQueries: { query: string; count: number }[];
      };
      expect(body.days).toHaveLength(30);
      const today = new Date().toISOString().slice(0, 10);
      expect(body.days.at(-1)).toEqual({ date: today, views: 2, saves: 1, searches: 8 });
      expect(body.days[0]?.date).toBe(new Date(now - 29 * DAY_MS).toISOString().slice(0, 10));
      const threeDaysAgo = new Date(now - 3 * DAY_MS).toISOString().slice(0, 10);
      expect(body.days.find((day) => day.date === threeDaysAgo)?.views).toBe(1);
      expect(body.days.reduce((sum, day) => sum + day.views, 0)).toBe(3);

      expect(body.topQueries.slice(0, 3)).toEqual([
        { query: 'write a blog', count: 3 },
        { query: 'quantum knitting', count: 2 },
        { query: 'edit video', count: 1 },
      ]);
      expect(body.topQueries.map((entry) => entry.query)).not.toContain('ancient query');
      expect(body.zeroResultQueries).toEqual([
        { query: 'quantum knitting', count: 2 },
        { query: 'moon cheese', count: 1 },
      ]);
    } finally {
      await fresh.close();
    }
  });
});

describe('GET /api/admin/pending', () => {
  it('lists pending apps only', async () => {
    const id = await insertApp(t.ctx.db, { name: 'Pending Analytics', category: 'Writing' }, 'pending');
    const response = await get('/api/admin/pending');
    const list = response.json() as { id: number; status: string }[];
    expect(list.map((app) => app.id)).toContain(id);
    expect(new Set(list.map((app) => app.status))).toEqual(new Set(['pending']));
    await t.ctx.db.update(apps).set({ status: 'approved' }).where(eq(apps.id, id));
    expect(((await get('/api/admin/pending')).json() as { id: number }[]).map((app) => app.id)).not.toContain(id);
  });
});
