import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../db/schema';
import { signIn, type TestSession } from '../../test/admin-session';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertApp } from '../../db/factories';

let t: TestApp;
let admin: TestSession;
let member: TestSession;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { isAdmin: true });
  member = await signIn(t, { isAdmin: false });
});
afterAll(async () => t.close());

interface RouteEntry {
  method: string;
  url: string;
}

/** Every registered route, read from Fastify's route tree (`printRoutes`), so a new route cannot hide. */
function routeTable(): RouteEntry[] {
  const entries: RouteEntry[] = [];
  const parents: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+) \(([^)]+)\)/.exec(line);
    if (!match?.[2] || !match[3]) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (parents[depth - 1] ?? '') + match[2];
    parents[depth] = path;
    parents.length = depth + 1;
    for (const method of match[3].split(',').map((entry) => entry.trim())) {
      entries.push({ method, url: path });
    }
  }
  return entries;
}

/** A concrete URL for a route pattern: every parameter gets a plausible value. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z]+/g, (param) => (/id$/i.test(param) ? '1' : 'writing'));
}

const adminRoutes = () => routeTable().filter((route) => route.url.startsWith('/api/admin') && route.method !== 'HEAD');

describe('the /api/admin scope', () => {
  it('the route table holds every admin call of the spec', () => {
    const keys = new Set(adminRoutes().map((route) => `${route.method} ${route.url}`));
    for (const expected of [
      'GET /api/admin/categories',
      'POST /api/admin/categories',
      'PATCH /api/admin/categories/:id',
      'DELETE /api/admin/categories/:id',
      'PATCH /api/admin/categories/:id/reorder',
      'GET /api/admin/apps',
      'POST /api/admin/apps',
      'PUT /api/admin/apps/:id',
      'PATCH /api/admin/apps/:id/status',
      'DELETE /api/admin/apps/:id',
      'POST /api/admin/apps/bulk-delete',
      'POST /api/admin/apps/import',
      'GET /api/admin/apps/export',
      'GET /api/admin/app/:id',
      'GET /api/admin/app-by-slug/:categorySlug/:nameSlug',
      'POST /api/admin/remove-duplicates',
      'GET /api/admin/sync-interval',
      'POST /api/admin/sync-interval',
      'GET /api/admin/discovery-logs',
      'GET /api/admin/analytics/overview',
      'GET /api/admin/analytics/trends',
      'GET /api/admin/pending',
    ]) {
      expect(keys, expected).toContain(expected);
    }
  });

  it('every admin route answers 401 in the error shape without a session', async () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(22);
    for (const route of routes) {
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json(), `${route.method} ${route.url}`).toEqual({
        error: { code: 'unauthorized', message: 'Authentication required' },
      });
    }
  });

  it('every admin route answers 403 in the error shape for a signed-in user who is not an admin', async () => {
    for (const route of adminRoutes()) {
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: { cookie: member.cookie },
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json().error.code, `${route.method} ${route.url}`).toBe('forbidden');
    }
  });

  it('refuses before any work: no body parsing, no write', async () => {
    const before = await t.app.inject({ url: '/api/admin/apps', headers: { cookie: admin.cookie } });
    const invalidJson = await t.app.inject({
      method: 'POST',
      url: '/api/admin/apps',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(invalidJson.statusCode).toBe(401);
    const validBody = await t.app.inject({
      method: 'POST',
      url: '/api/admin/categories',
      headers: { cookie: member.cookie },
      payload: { name: 'Sneaky', description: 'Created by a non-admin' },
    });
    expect(validBody.statusCode).toBe(403);
    const rows = await t.ctx.db.select().from(categories);
    expect(rows.map((row) => row.name)).not.toContain('Sneaky');
    const after = await t.app.inject({ url: '/api/admin/apps', headers: { cookie: admin.cookie } });
    expect(after.headers['x-total-count']).toBe(before.headers['x-total-count']);
  });

  it('an admin passes the hook', async () => {
    const response = await t.app.inject({ url: '/api/admin/categories', headers: { cookie: admin.cookie } });
    expect(response.statusCode).toBe(200);
  });

  it('a forged session cookie is a 401, and the spec client-side bypass (app. host) grants nothing', async () => {
    const forged = await t.app.inject({ url: '/api/admin/apps', headers: { cookie: 'aitlas_session=AAAA.BBBB' } });
    expect(forged.statusCode).toBe(401);
    const appHost = await t.app.inject({ url: '/api/admin/apps', headers: { host: 'app.aitlas.example.com' } });
    expect(appHost.statusCode).toBe(401);
  });
});

describe('cross-site writes with a valid admin session', () => {
  it('are refused with 403 when Origin or Referer names another site, and nothing changes', async () => {
    const id = await insertApp(t.ctx.db, { name: 'Csrf Target' }, 'pending');
    const crossOrigin = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/apps/${id}/status`,
      headers: { cookie: admin.cookie, origin: 'https://evil.example', host: 'localhost:3000' },
      payload: { status: 'published' },
    });
    expect(crossOrigin.statusCode).toBe(403);
    expect(crossOrigin.json().error.code).toBe('forbidden');
    const crossReferer = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/apps/${id}`,
      headers: { cookie: admin.cookie, referer: 'https://evil.example/page', host: 'localhost:3000' },
    });
    expect(crossReferer.statusCode).toBe(403);
    const app = await t.app.inject({ url: `/api/admin/app/${id}`, headers: { cookie: admin.cookie } });
    expect(app.statusCode).toBe(200);
    expect(app.json().status).toBe('pending');
  });

  it('pass from the site itself (Origin of the public URL or of the request host)', async () => {
    const id = await insertApp(t.ctx.db, { name: 'Same Origin Target' }, 'pending');
    const fromPublicUrl = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/apps/${id}/status`,
      headers: { cookie: admin.cookie, origin: t.ctx.env.PUBLIC_URL, host: 'localhost:3000' },
      payload: { status: 'approved' },
    });
    expect(fromPublicUrl.statusCode).toBe(200);
    expect(fromPublicUrl.json().status).toBe('approved');
    const fromHost = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/apps/${id}/status`,
      headers: { cookie: admin.cookie, origin: 'http://aitlas.internal:8080', host: 'aitlas.internal:8080' },
      payload: { status: 'published' },
    });
    expect(fromHost.statusCode).toBe(200);
    expect(fromHost.json().status).toBe('published');
  });

  it('a cross-site sign-in attempt is refused too (login CSRF)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: 'https://evil.example', host: 'localhost:3000' },
      payload: { email: admin.email, password: 'correct horse battery staple' },
    });
    expect(response.statusCode).toBe(403);
  });
});
