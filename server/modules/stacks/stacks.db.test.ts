import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '@shared/schemas/app';
import type { ApiStackResponse } from '@shared/schemas/public-api';
import type { CreatedStack, Stack } from '@shared/schemas/stacks';
import { apps, stacks } from '../../db/schema';
import { buildAppRecord, insertApp } from '../../db/factories';
import { insertCatalogue } from '../../test/factories';
import { bodyText, elementTexts } from '../../test/page-html';
import { openApiContract } from '../../test/openapi-contract';
import { createTestApp, type TestApp } from '../../test/test-app';

const PUBLIC_URL = 'https://aitlas.example';
let t: TestApp;
let ids: Record<string, number>;
let pendingId: number;

const names = ['Riverside', 'Descript', 'Auphonic', 'Podcastle'];

const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    headers: { origin: PUBLIC_URL, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function create(
  payload: unknown,
  ip = '10.0.0.1',
): Promise<{ status: number; body: CreatedStack & { error?: { code: string; details?: unknown } } }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/stacks',
    headers: { origin: PUBLIC_URL },
    payload: payload as object,
    remoteAddress: ip,
  });
  return { status: res.statusCode, body: res.json() };
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL, RATE_LIMIT_API_PER_MINUTE: '100000' });
  ids = await insertCatalogue(
    t,
    names.map((name) => buildAppRecord({ name, category: 'Audio' })),
  );
  pendingId = await insertApp(t.ctx.db, { name: 'Not Yet', category: 'Audio' }, 'pending');
});
afterAll(() => t.close());

describe('stacks: create, read, edit, delete', () => {
  it('POST /api/stacks answers 201 {id, url, secret}; the secret is stored only hashed', async () => {
    const created = await create({
      title: 'The stack for our podcast',
      apps: [{ id: ids.Riverside, note: 'We record here' }, { id: ids.Auphonic }],
    });
    expect(created.status).toBe(201);
    expect(created.body.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(created.body.url).toBe(`${PUBLIC_URL}/stacks/${created.body.id}`);
    expect(created.body.secret.length).toBeGreaterThanOrEqual(40);
    const [row] = await t.ctx.db.select().from(stacks).where(eq(stacks.id, created.body.id));
    expect(row?.secretHash).not.toContain(created.body.secret);
    expect(row?.secretHash).toMatch(/^[0-9a-f]{64}$/);

    const read = (await t.app.inject(`/api/stacks/${created.body.id}`)).json() as Stack;
    expect(read.title).toBe('The stack for our podcast');
    expect(read.apps.map((entry) => [entry.name, entry.note, entry.listed])).toEqual([
      ['Riverside', 'We record here', true],
      ['Auphonic', null, true],
    ]);

    const v1 = await t.app.inject(`/api/v1/stacks/${created.body.id}`);
    expect(v1.statusCode).toBe(200);
    const body = v1.json() as ApiStackResponse;
    expect(body).toMatchObject({ id: created.body.id, title: 'The stack for our podcast' });
    expect(body.apps[0]).toMatchObject({
      name: 'Riverside',
      note: 'We record here',
      listed: true,
      app: { pageUrl: `${PUBLIC_URL}/ai-apps/audio/riverside` },
    });
    const check = openApiContract((await t.app.inject('/api/v1/openapi.json')).json() as object);
    expect(check('/api/v1/stacks/{id}', 200, body)).toEqual([]);
    const missing = await t.app.inject('/api/v1/stacks/AAAAAAAAAAAAAAAAAAAAAA');
    expect(check('/api/v1/stacks/{id}', missing.statusCode, missing.json())).toEqual([]);
  });

  it('PATCH and DELETE need the secret: 401 without it, 403 with a wrong one', async () => {
    const { body: created } = await create({ title: 'Edit me', apps: [{ id: ids.Descript }] });
    const url = `/api/stacks/${created.id}`;
    expect((await send('PATCH', url, { title: 'Hijacked' })).statusCode).toBe(401);
    const wrong = await send(
      'PATCH',
      url,
      { title: 'Hijacked' },
      { authorization: 'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    );
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ error: { code: 'forbidden' } });
    expect((await send('DELETE', url, undefined, { authorization: 'Bearer nope' })).statusCode).toBe(403);
    expect((await send('DELETE', url)).statusCode).toBe(401);

    const auth = { authorization: `Bearer ${created.secret}` };
    const edited = await send(
      'PATCH',
      url,
      { title: 'Edited', apps: [{ id: ids.Podcastle, note: 'first' }, { id: ids.Descript }], published: true },
      auth,
    );
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as Stack).apps.map((entry) => entry.name)).toEqual(['Podcastle', 'Descript']);
    expect((await t.app.inject(url)).json()).toMatchObject({ title: 'Edited', published: true });

    expect((await send('DELETE', url, undefined, auth)).statusCode).toBe(204);
    expect((await t.app.inject(url)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/v1/stacks/${created.id}`)).statusCode).toBe(404);
    expect((await send('PATCH', url, { title: 'x' }, auth)).statusCode).toBe(404);
  });

  it('validates: title length, at most 50 apps, published apps only, notes, one app once', async () => {
    const cases: [unknown, RegExp][] = [
      [{ title: '', apps: [{ id: ids.Riverside }] }, /title/i],
      [{ title: 'x'.repeat(101), apps: [{ id: ids.Riverside }] }, /title/i],
      [{ title: 'Empty', apps: [] }, /apps/i],
      [{ title: 'Too many', apps: Array.from({ length: 51 }, (_, index) => ({ id: index + 1 })) }, /apps/i],
      [{ title: 'Long note', apps: [{ id: ids.Riverside, note: 'n'.repeat(281) }] }, /apps/i],
      [{ title: 'Twice', apps: [{ id: ids.Riverside }, { id: ids.Riverside }] }, /apps/i],
      [{ title: 'Bad id', apps: [{ id: 'one' }] }, /apps/i],
    ];
    for (const [payload, field] of cases) {
      const res = await create(payload);
      expect(res.status, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(JSON.stringify(res.body.error?.details ?? res.body.error), JSON.stringify(payload).slice(0, 80)).toMatch(field);
    }
    const unpublished = await create({ title: 'Pending', apps: [{ id: ids.Riverside }, { id: pendingId }, { id: 999_999 }] });
    expect(unpublished.status).toBe(400);
    expect(unpublished.body.error?.details).toEqual({ apps: [pendingId, 999_999] });
    expect((await t.app.inject('/api/stacks/short')).statusCode).toBe(400);
    expect((await t.app.inject('/api/stacks/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
  });

  it('shows apps unpublished later as no longer listed, not silently dropped', async () => {
    const { body: created } = await create({
      title: 'Fading',
      apps: [{ id: ids.Podcastle }, { id: ids.Auphonic, note: 'great levels' }],
    });
    await t.ctx.db.update(apps).set({ status: 'rejected' }).where(eq(apps.id, ids.Auphonic!));
    await t.ctx.changes.publish('apps.changed', { ids: [ids.Auphonic!] });
    const read = (await t.app.inject(`/api/stacks/${created.id}`)).json() as Stack;
    expect(read.apps.map((entry) => [entry.name, entry.listed, entry.note])).toEqual([
      ['Podcastle', true, null],
      ['Auphonic', false, 'great levels'],
    ]);
    expect(read.apps[1]?.app).toBeNull();
    const page = await t.app.inject(`/stacks/${created.id}`);
    expect(bodyText(page.body)).toContain('No longer listed on Aitlas.');
    await t.ctx.db.update(apps).set({ status: 'published' }).where(eq(apps.id, ids.Auphonic!));
    await t.ctx.changes.publish('apps.changed', { ids: [ids.Auphonic!] });
  });

  it('limits how many stacks one visitor creates per hour (429 in the one error shape)', async () => {
    const payload = { title: 'Spam', apps: [{ id: ids.Riverside }] };
    for (let index = 0; index < 10; index += 1) expect((await create(payload, '10.9.9.9')).status).toBe(201);
    const limited = await create(payload, '10.9.9.9');
    expect(limited.status).toBe(429);
    expect(limited.body.error?.code).toBe('rate_limited');
    expect((await create(payload, '10.9.9.10')).status).toBe(201);
  });
});

describe('the stack page and the Saved page', () => {
  it('/stacks/{id} is server-rendered with ItemList, noindex until published', async () => {
    const { body: created } = await create({
      title: 'Podcast kit',
      apps: [{ id: ids.Riverside, note: 'Remote recording' }, { id: ids.Descript }],
    });
    const res = await t.app.inject(`/stacks/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Podcast kit | Aitlas</title>');
    expect(res.body).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(res.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/stacks/${created.id}" />`);
    expect(res.body).toContain('"@type":"ItemList"');
    expect(elementTexts(res.body, 'h1')).toEqual(['Podcast kit']);
    expect(bodyText(res.body)).toContain('Remote recording');
    await send('PATCH', `/api/stacks/${created.id}`, { published: true }, { authorization: `Bearer ${created.secret}` });
    expect((await t.app.inject(`/stacks/${created.id}`)).body).not.toContain('noindex');
    expect((await t.app.inject('/stacks/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await t.app.inject('/stacks/bad')).statusCode).toBe(404);
  });

  it('/saved is rendered (noindex) and the saved list reads its apps by id, listed ones only', async () => {
    const page = await t.app.inject('/saved');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('noindex');
    expect(elementTexts(page.body, 'h1')).toEqual(['Saved apps']);
    const list = (
      await t.app.inject(`/api/marketplace/apps-by-id?ids=${ids.Descript},${pendingId},${ids.Riverside}`)
    ).json() as App[];
    expect(list.map((app) => app.name)).toEqual(['Descript', 'Riverside']);
    expect((await t.app.inject('/api/marketplace/apps-by-id?ids=a,b')).statusCode).toBe(400);
  });
});
