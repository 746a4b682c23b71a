import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin, type TestSession } from '../../test/admin-session';
import { buildAppRecord } from '../../db/factories';
import { insertCatalogue } from '../../test/factories';
import { startSecondInstance, type SecondInstance } from '../../test/second-instance';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let other: SecondInstance;
let admin: TestSession;
let ids: Record<string, number>;

const limits = { RATE_LIMIT_SEARCH_PER_MINUTE: '1000', RATE_LIMIT_API_PER_MINUTE: '1000' };

beforeAll(async () => {
  t = await createTestApp(limits);
  ids = await insertCatalogue(t, [
    buildAppRecord({
      name: 'Tidepool',
      category: 'Audio',
      description: 'Turns voice memos into tidy meeting minutes.',
      tags: ['minutes', 'voice'],
      features: ['Voice memo minutes'],
      pricingType: 'freemium',
    }),
    buildAppRecord({
      name: 'Inkwell',
      category: 'Writing',
      description: 'Drafts cover letters from a job advert.',
      tags: ['cover letter'],
      features: ['Cover letter drafts'],
      pricingType: 'free',
    }),
  ]);
  other = await startSecondInstance(t, limits);
  admin = await signInAsAdmin(t);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const search = (app: TestApp['app'], query: string) => app.inject({ method: 'POST', url: '/api/search', payload: { query } });
const descriptionOf = (body: { apps: { name: string; description: string }[] }, name: string) =>
  body.apps.find((app) => app.name === name)?.description;

describe('search answers kept in memory', () => {
  it('answers a repeated search from the cache, the same answer a fresh search gives, on every route', async () => {
    const query = 'turn my voice memos into meeting minutes';
    const first = await search(t.app, query);
    expect(first.statusCode, first.body).toBe(200);
    expect(descriptionOf(first.json(), 'Tidepool')).toBe('Turns voice memos into tidy meeting minutes.');
    const hits = t.ctx.search.answers.stats.hits;
    const again = await search(t.app, query);
    expect(t.ctx.search.answers.stats.hits).toBe(hits + 1);
    expect(again.body).toBe(first.body);
    // Surrounding spaces do not make it another search.
    expect((await search(t.app, `  ${query} `)).body).toBe(first.body);
    expect(t.ctx.search.answers.stats.hits).toBe(hits + 2);

    // The public API asks with its own options: its own entry, then answered from it.
    const url = `/api/v1/search?q=${encodeURIComponent(query)}&limit=5`;
    const v1 = await t.app.inject(url);
    expect(v1.statusCode, v1.body).toBe(200);
    expect((await t.app.inject(url)).body).toBe(v1.body);
    expect(t.ctx.search.answers.stats.hits).toBe(hits + 3);

    // Nothing held: computed again, and the same.
    t.ctx.search.answers.clear();
    expect((await search(t.app, query)).body).toBe(first.body);
    expect(t.ctx.search.answers.stats.hits).toBe(hits + 3);
  });

  it('stops serving an answer on every instance once the catalogue changes on one of them', async () => {
    const query = 'draft a cover letter for a job advert';
    for (const instance of [t.app, other.app]) {
      expect(descriptionOf((await search(instance, query)).json(), 'Inkwell')).toBe('Drafts cover letters from a job advert.');
      // Held: the next one comes from memory.
      expect(descriptionOf((await search(instance, query)).json(), 'Inkwell')).toBe('Drafts cover letters from a job advert.');
    }
    expect(other.ctx.search.answers.size).toBeGreaterThan(0);
    // The public API's answer (its v1 shape and JSON text are kept with the cached answer) is held too.
    const v1Url = `/api/v1/search?q=${encodeURIComponent(query)}&limit=5`;
    const v1Description = async (app: TestApp['app']) =>
      (await app.inject(v1Url))
        .json<{ data: { name: string; description: string }[] }>()
        .data.find((hit) => hit.name === 'Inkwell')?.description;
    for (const instance of [t.app, other.app])
      for (let ask = 0; ask < 2; ask++) expect(await v1Description(instance)).toBe('Drafts cover letters from a job advert.');

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/apps/${ids.Inkwell}`,
      headers: { cookie: admin.cookie, origin: t.ctx.env.PUBLIC_URL },
      payload: {
        name: 'Inkwell',
        url: 'https://inkwell.example.com',
        category: 'Writing',
        description: 'Drafts cover letters and CVs from a job advert.',
        status: 'published',
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    // This instance at once; the other one as soon as the change feed (LISTEN/NOTIFY) reaches it.
    expect(descriptionOf((await search(t.app, query)).json(), 'Inkwell')).toBe('Drafts cover letters and CVs from a job advert.');
    await expect
      .poll(async () => descriptionOf((await search(other.app, query)).json(), 'Inkwell'))
      .toBe('Drafts cover letters and CVs from a job advert.');
    for (const instance of [t.app, other.app])
      expect(await v1Description(instance)).toBe('Drafts cover letters and CVs from a job advert.');
  });
});
