import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin, type TestSession } from '../test/admin-session';
import { insertApp } from '../db/factories';
import { elementTexts } from '../test/page-html';
import { startSecondInstance, type SecondInstance } from '../test/second-instance';
import { createTestApp, type TestApp } from '../test/test-app';
import { API_CACHE_CONTROL, PAGE_CACHE_CONTROL, PRIVATE_CACHE_CONTROL } from './public-cache';

let t: TestApp;
let other: SecondInstance;
let admin: TestSession;
let appId: number;
let otherAppId: number;

beforeAll(async () => {
  t = await createTestApp();
  appId = await insertApp(t.ctx.db, { name: 'Cache Quill', category: 'Writing', description: 'Drafts posts from an outline.' });
  otherAppId = await insertApp(t.ctx.db, { name: 'Cache Brush', category: 'Writing' });
  other = await startSecondInstance(t);
  admin = await signInAsAdmin(t);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const adminWrite = (method: 'PUT' | 'PATCH', url: string, payload: object) =>
  t.app.inject({ method, url, headers: { cookie: admin.cookie, origin: t.ctx.env.PUBLIC_URL }, payload });

describe('HTTP caching of public answers', () => {
  it('gives public GET API answers an ETag and a short shared lifetime, and answers 304 to a matching If-None-Match', async () => {
    for (const url of ['/api/marketplace?limit=12', `/api/marketplace/app/${appId}`, '/api/categories', '/api/blog']) {
      const first = await t.app.inject(url);
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['cache-control'], url).toBe(API_CACHE_CONTROL);
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^"[\w-]+"$/);
      const again = await t.app.inject({ url, headers: { 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect(again.headers.etag, url).toBe(etag);
      // A changed tag gets the whole answer, the same as the first.
      const stale = await t.app.inject({ url, headers: { 'if-none-match': '"not-it"' } });
      expect(stale.statusCode, url).toBe(200);
      expect(stale.body, url).toBe(first.body);
    }
    // The list's total travels with the cached answer.
    const list = await t.app.inject('/api/marketplace?limit=1');
    const cachedList = await t.app.inject('/api/marketplace?limit=1');
    expect(cachedList.headers['x-total-count']).toBe(list.headers['x-total-count']);
    expect(Number(cachedList.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
  });

  it('revalidates server-rendered pages on every load (304 when unchanged), per content encoding', async () => {
    const page = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe(PAGE_CACHE_CONTROL);
    expect(page.headers['content-encoding']).toBe('gzip');
    const etag = String(page.headers.etag);
    expect((await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip', 'if-none-match': etag } })).statusCode).toBe(
      304,
    );
    // Another encoding is another body, with its own tag.
    const plain = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.etag).not.toBe(etag);
    expect(plain.body).toContain('Cache Quill');
    const missing = await t.app.inject('/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe(PAGE_CACHE_CONTROL);
  });

  it('never caches for a signed-in visitor, nor the back office and sign-in answers', async () => {
    for (const url of ['/', `/api/marketplace/app/${appId}`, '/api/marketplace?limit=12']) {
      const response = await t.app.inject({ url, headers: { cookie: admin.cookie } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe(PRIVATE_CACHE_CONTROL);
      expect(response.headers.etag, url).toBeUndefined();
    }
    const adminList = await t.app.inject({ url: '/api/admin/apps', headers: { cookie: admin.cookie } });
    expect(adminList.statusCode).toBe(200);
    expect(adminList.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
    expect((await t.app.inject('/api/admin/apps')).headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie: admin.cookie } })).headers['cache-control']).toBe(
      'no-store',
    );
    // The admin host's screens are the curator's, never kept.
    expect((await t.app.inject({ url: '/', headers: { host: 'app.aitlas.example.com' } })).headers['cache-control']).toBe(
      PRIVATE_CACHE_CONTROL,
    );
  });
});

describe('invalidation through the change feed', () => {
  it('shows an edit at once, on this instance and on another one, in the JSON and in the rendered page', async () => {
    const pagePath = '/ai-apps/writing/cache-quill';
    // Both instances hold the old answers.
    for (const instance of [t.app, other.app]) {
      expect((await instance.inject(`/api/marketplace/app/${appId}`)).json().description).toBe('Drafts posts from an outline.');
      expect((await instance.inject(pagePath)).body).toContain('Drafts posts from an outline.');
    }
    const oldTag = String((await t.app.inject(`/api/marketplace/app/${appId}`)).headers.etag);

    const edited = await adminWrite('PUT', `/api/admin/apps/${appId}`, {
      name: 'Cache Quill',
      url: 'https://cache-quill.example.com',
      description: 'Writes whole newsletters.',
      category: 'Writing',
      status: 'published',
    });
    expect(edited.statusCode, edited.body).toBe(200);

    for (const instance of [t.app, other.app]) {
      await expect
        .poll(async () => (await instance.inject(`/api/marketplace/app/${appId}`)).json().description)
        .toBe('Writes whole newsletters.');
      const page = await instance.inject(pagePath);
      expect(page.body).toContain('Writes whole newsletters.');
      expect(page.body).not.toContain('Drafts posts from an outline.');
    }
    // The old tag no longer matches: the browser gets the new answer.
    const revalidated = await t.app.inject({ url: `/api/marketplace/app/${appId}`, headers: { 'if-none-match': oldTag } });
    expect(revalidated.statusCode).toBe(200);
  });

  it("shows a counted save at once on the app's page and JSON, on both instances, and keeps the other answers", async () => {
    const pagePath = '/ai-apps/writing/cache-brush';
    const saveButton = (html: string) => /Save \((\d+)\)/.exec(html)?.[1];
    for (const instance of [t.app, other.app]) {
      expect((await instance.inject(`/api/marketplace/app/${otherAppId}`)).json().saveCount).toBe(0);
      expect(saveButton((await instance.inject(pagePath)).body)).toBe('0');
      expect((await instance.inject('/')).statusCode).toBe(200);
    }
    const held = t.ctx.publicCache.size;

    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/apps/${otherAppId}/save`,
      headers: { origin: t.ctx.env.PUBLIC_URL },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().counted).toBe(true);

    for (const instance of [t.app, other.app]) {
      await expect.poll(async () => (await instance.inject(`/api/marketplace/app/${otherAppId}`)).json().saveCount).toBe(1);
      expect(saveButton((await instance.inject(pagePath)).body)).toBe('1');
    }
    // Only the app's own answers went (and came back): the home page and the other lists stayed.
    expect(t.ctx.publicCache.size).toBe(held);
    const home = await t.app.inject('/');
    expect(home.headers.etag).toBeDefined();
    expect(t.ctx.publicCache.size).toBe(held);
  });

  it('turns an unpublished app into a 404 at once, in the JSON and in the rendered page', async () => {
    const pagePath = '/ai-apps/writing/cache-quill';
    expect((await other.app.inject(pagePath)).statusCode).toBe(200);
    expect(elementTexts((await t.app.inject('/')).body, 'h3')).toContain('Cache Quill');
    const unpublished = await adminWrite('PATCH', `/api/admin/apps/${appId}/status`, { status: 'rejected' });
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    for (const instance of [t.app, other.app]) {
      await expect.poll(async () => (await instance.inject(`/api/marketplace/app/${appId}`)).statusCode).toBe(404);
      expect((await instance.inject(pagePath)).statusCode).toBe(404);
      expect(elementTexts((await instance.inject('/')).body, 'h3')).not.toContain('Cache Quill');
    }
  });
});
