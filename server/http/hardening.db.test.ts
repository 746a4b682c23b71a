import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appEvents, apps } from '../db/schema';
import { SearchRepository } from '../modules/search/search.repository';
import { signInAsAdmin } from '../test/admin-session';
import { insertApp } from '../db/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { PERMISSIONS_POLICY } from './security-headers';

/** Hostile input at the HTTP boundary: every answer is a 2xx or a 4xx in the one error shape. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://aitlas.example.com', RATE_LIMIT_SEARCH_PER_MINUTE: '1000' });
});
afterAll(async () => t.close());

function expectErrorShape(
  response: { statusCode: number; json(): unknown; headers: Record<string, unknown> },
  status: number,
  code?: string,
) {
  expect(response.statusCode).toBe(status);
  expect(String(response.headers['content-type'])).toMatch(/application\/json/);
  const body = response.json() as { error: { code: string; message: string } };
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(0);
  if (code) expect(body.error.code).toBe(code);
}

describe('text PostgreSQL cannot store', () => {
  it('refuses a NUL byte in the public login with a 400 naming the field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a\u0000b@example.com', password: 'x' },
    });
    expectErrorShape(response, 400, 'bad_request');
    expect((response.json() as { error: { details: { fields: Record<string, string[]> } } }).error.details.fields).toHaveProperty(
      ['body.email'],
    );
  });

  it('refuses NUL and lone surrogates in bodies, keys, queries and path parameters of any route', async () => {
    const admin = await signInAsAdmin(t);
    const cases = [
      { method: 'POST' as const, url: '/api/search', payload: { query: 'write \u0000 blog posts' } },
      { method: 'POST' as const, url: '/api/search', payload: { query: 'lone \ud800 surrogate' } },
      { method: 'POST' as const, url: '/api/search', payload: { query: 'ok', ['k\u0000']: 1 } },
      { method: 'GET' as const, url: '/api/marketplace?category=%00' },
      { method: 'POST' as const, url: '/api/apps/%00/view' },
      {
        method: 'POST' as const,
        url: '/api/admin/categories',
        payload: { name: 'Bad\u0000Name', description: 'x' },
        headers: { cookie: admin.cookie },
      },
    ];
    for (const { headers, ...request } of cases) {
      const response = await t.app.inject({ ...request, headers: headers ?? {} });
      expectErrorShape(response, 400, 'bad_request');
    }
    const nested = `{"query":"deep","next":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    expectErrorShape(
      await t.app.inject({
        method: 'POST',
        url: '/api/search',
        headers: { 'content-type': 'application/json' },
        payload: nested,
      }),
      400,
      'bad_request',
    );
  });
});

describe('router-level errors', () => {
  it('answer in the error shape: bad percent-encoding, over-long parameter, content type, JSON, size, prototype keys', async () => {
    expectErrorShape(await t.app.inject({ method: 'POST', url: '/api/apps/%ff%fe/view' }), 400, 'bad_request');
    expectErrorShape(await t.app.inject({ method: 'POST', url: `/api/apps/${'9'.repeat(5000)}/view` }), 414, 'uri_too_long');
    expectErrorShape(
      await t.app.inject({ method: 'POST', url: '/api/search', headers: { 'content-type': 'application/xml' }, payload: '<q/>' }),
      415,
    );
    expectErrorShape(
      await t.app.inject({
        method: 'POST',
        url: '/api/search',
        headers: { 'content-type': 'application/json' },
        payload: '{"query":',
      }),
      400,
      'invalid_json',
    );
    expectErrorShape(
      await t.app.inject({
        method: 'POST',
        url: '/api/search',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ query: 'x'.repeat(6 * 1024 * 1024) }),
      }),
      413,
      'payload_too_large',
    );
    expectErrorShape(
      await t.app.inject({
        method: 'POST',
        url: '/api/search',
        headers: { 'content-type': 'application/json' },
        payload: '{"query":"x","__proto__":{"admin":true}}',
      }),
      400,
    );
  });
});

describe('long app names', () => {
  it('serves the app page data of a 200-character name whose slug is over 100 characters', async () => {
    const admin = await signInAsAdmin(t);
    await insertApp(t.ctx.db, { category: 'Writing' });
    const name = `Long ${'name '.repeat(40)}`.slice(0, 200).trim();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/apps',
      headers: { cookie: admin.cookie },
      payload: {
        name,
        url: 'https://long-name.example.com',
        category: 'Writing',
        description: 'An app with a very long name.',
        status: 'published',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { categorySlug, nameSlug } = created.json() as { categorySlug: string; nameSlug: string };
    expect(nameSlug.length).toBeGreaterThan(100);
    const page = await t.app.inject({ url: `/api/marketplace/app/${categorySlug}/${nameSlug}` });
    expect(page.statusCode).toBe(200);
    expect((page.json() as { name: string }).name).toBe(name);
    const html = await t.app.inject({ url: `/ai-apps/${categorySlug}/${nameSlug}` });
    expect(html.statusCode).toBe(200);
  });
});

describe('import bounds agree with the columns', () => {
  it('refuses 2^31 in an integer column with a 400 naming the record and field, and accepts a large monthlyVisitors', async () => {
    const admin = await signInAsAdmin(t);
    const record = (overrides: Record<string, unknown>, index: number) => ({
      name: `Bounded ${index}`,
      url: `https://bounded-${index}.example.com`,
      category: 'Writing',
      description: 'Bounds check.',
      ...overrides,
    });
    for (const field of ['viewCount', 'saveCount', 'trafficGrowth']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/apps/import',
        headers: { cookie: admin.cookie },
        payload: [record({}, 1), record({ [field]: 2 ** 31 }, 2)],
      });
      expectErrorShape(response, 400);
      expect(JSON.stringify(response.json())).toContain(field);
      expect(JSON.stringify(response.json())).toMatch(/"record":1/);
    }
    expect(await t.ctx.db.select().from(apps).where(eq(apps.name, 'Bounded 1'))).toHaveLength(0);
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/admin/apps/import',
      headers: { cookie: admin.cookie },
      payload: [record({ monthlyVisitors: 5_000_000_000, viewCount: 2 ** 31 - 1 }, 3)],
    });
    expect(big.statusCode).toBe(201);
    const [row] = await t.ctx.db.select().from(apps).where(eq(apps.name, 'Bounded 3'));
    expect(row?.monthlyVisitors).toBe(5_000_000_000);
  });
});

describe('search analytics', () => {
  it('records every acceptable search of a batch with one bad one among them', async () => {
    const before = await t.ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(appEvents)
      .where(eq(appEvents.type, 'search'));
    const answers = [];
    for (let index = 0; index < 20; index++) {
      const query = index === 7 ? 'note \u0000 taker' : `analytics probe ${index}`;
      answers.push((await t.app.inject({ method: 'POST', url: '/api/search', payload: { query } })).statusCode);
    }
    expect(answers.filter((status) => status === 200)).toHaveLength(19);
    expect(answers[7]).toBe(400);
    await expect
      .poll(
        async () =>
          (
            await t.ctx.db
              .select({ n: sql<number>`count(*)`.mapWith(Number) })
              .from(appEvents)
              .where(eq(appEvents.type, 'search'))
          )[0]!.n,
        {
          timeout: 15_000,
        },
      )
      .toBe(before[0]!.n + 19);
  });

  it('at the repository level, one row the database refuses never takes the good ones with it', async () => {
    const repository = new SearchRepository(t.ctx.db);
    const batch = Array.from({ length: 20 }, (_, index) => ({
      query: index === 3 ? 'bad \u0000 row' : `repository batch ${index}`,
      resultCount: index,
    }));
    expect(await repository.recordSearches(batch)).toBe(19);
    const rows = await t.ctx.db
      .select({ query: appEvents.query })
      .from(appEvents)
      .where(and(eq(appEvents.type, 'search'), sql`${appEvents.query} like 'repository batch %'`));
    expect(rows).toHaveLength(19);
  });
});

describe('logout', () => {
  it("refuses a sign-out started by another site and keeps the session; the site's own link signs out", async () => {
    const admin = await signInAsAdmin(t);
    const isSignedIn = async () =>
      (await t.app.inject({ url: '/api/auth/user', headers: { cookie: admin.cookie } })).statusCode === 200;
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      { referer: 'https://evil.example.net/page' },
      { origin: 'https://evil.example.net' },
    ]) {
      const response = await t.app.inject({ url: '/api/logout', headers: { cookie: admin.cookie, ...headers } });
      expect(response.statusCode).toBe(403);
      expect(response.body).toContain('Sign-out refused');
      expect(await isSignedIn()).toBe(true);
    }
    const own = await t.app.inject({
      url: '/api/logout',
      headers: { cookie: admin.cookie, 'sec-fetch-site': 'same-origin', referer: 'https://aitlas.example.com/admin' },
    });
    expect(own.statusCode).toBe(302);
    expect(await isSignedIn()).toBe(false);
  });
});

describe('headers and cookies', () => {
  it('sends Permissions-Policy, a Secure visitor cookie on https, and masks unlisted headers in the diagnostics', async () => {
    const id = await insertApp(t.ctx.db);
    const view = await t.app.inject({ method: 'POST', url: `/api/apps/${id}/view` });
    expect(view.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    const cookie = view.cookies.find((entry) => entry.name === 'aitlas_vid');
    expect(cookie?.secure).toBe(true);
    const debug = await t.app.inject({
      url: '/api/auth/debug',
      headers: { 'x-api-key': 'upstream-secret-42', 'user-agent': 'probe/1.0' },
    });
    expect(debug.body).not.toContain('upstream-secret-42');
    const headers = (debug.json() as { headers: Record<string, string> }).headers;
    expect(headers['x-api-key']).toBe('[hidden]');
    expect(headers['user-agent']).toBe('probe/1.0');
  });
});
