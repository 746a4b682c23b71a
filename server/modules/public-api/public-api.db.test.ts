import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appReviews, apps } from '../../db/schema';
import { buildAppRecord, insertApps } from '../../db/factories';
import { insertCatalogue } from '../../test/factories';
import { openApiContract } from '../../test/openapi-contract';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let check: ReturnType<typeof openApiContract>;
let ids: Record<string, number>;

const catalogue = [
  buildAppRecord({
    name: 'Podscrub',
    category: 'Audio',
    description: 'Removes background noise and echo from podcast recordings.',
    tags: ['noise-removal', 'podcast'],
    features: ['One-click noise removal', 'Echo reduction'],
    useCases: ['Podcasters cleaning up interviews'],
    pricingType: 'freemium',
    rating: 44,
  }),
  buildAppRecord({
    name: 'Echofree',
    category: 'Audio',
    description: 'Free tool that cleans noise from voice recordings and podcasts.',
    tags: ['noise-removal', 'voice'],
    features: ['Noise removal', 'Voice enhancement'],
    useCases: ['Podcasters cleaning up audio'],
    pricingType: 'free',
    rating: 38,
  }),
  buildAppRecord({
    name: 'Markforge',
    category: 'Design',
    description: 'Generates logos and brand kits for small businesses.',
    tags: ['logo', 'branding'],
    features: ['Logo generator', 'Brand kit export'],
    useCases: ['Small businesses creating a logo'],
    pricingType: 'paid',
    rating: 47,
  }),
  buildAppRecord({
    name: 'Logolite',
    category: 'Design',
    description: 'Free logo maker with simple templates.',
    tags: ['logo', 'free'],
    features: ['Free logo templates', 'SVG download'],
    useCases: ['Founders making a first logo'],
    pricingType: 'free',
    rating: null,
  }),
  buildAppRecord({
    name: 'Draftly',
    category: 'Writing',
    description: 'Writes blog posts and newsletters from an outline.',
    tags: ['writing', 'blog'],
    features: ['Outline to draft'],
    useCases: ['Bloggers drafting posts'],
    pricingType: 'freemium',
    rating: 41,
  }),
];

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** Requests a v1 route and asserts the answer conforms to the document for its status. */
async function conforming(url: string, documentedPath: string) {
  const res = await get(url);
  expect(check(documentedPath, res.statusCode, res.json()), `${url} → ${res.statusCode} ${res.body.slice(0, 300)}`).toEqual([]);
  return res;
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_API_PER_MINUTE: '100000', PUBLIC_URL: 'https://aitlas.example' });
  ids = await insertCatalogue(t, catalogue);
  check = openApiContract((await get('/api/v1/openapi.json')).json());
});
afterAll(() => t.close());

describe('GET /api/v1/openapi.json', () => {
  it('is an OpenAPI 3.1 document of every v1 route, generated with parameters and schemas', async () => {
    const res = await get('/api/v1/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        '/api/v1/apps',
        '/api/v1/apps/{categorySlug}/{nameSlug}',
        '/api/v1/apps/{id}',
        '/api/v1/apps/{id}/alternatives',
        '/api/v1/apps/{id}/reviews',
        '/api/v1/categories',
        '/api/v1/compare',
        '/api/v1/search',
        '/api/v1/stacks/{id}',
        '/api/v1/tasks',
        '/api/v1/tasks/{slug}',
      ].sort(),
    );
    const search = doc.paths['/api/v1/search'].get;
    expect(search.parameters.find((p: { name: string }) => p.name === 'q')).toMatchObject({
      in: 'query',
      required: true,
      schema: { type: 'string', maxLength: 500 },
    });
    expect(search.parameters.find((p: { name: string }) => p.name === 'pricing')).toMatchObject({
      required: false,
      schema: { enum: ['free', 'freemium', 'paid'] },
    });
    expect(search.description).toContain("curl 'https://aitlas.example/api/v1/search?");
    expect(doc.components.schemas.App.required).toContain('pageUrl');
    expect(doc.paths['/api/v1/apps'].get.parameters.find((p: { name: string }) => p.name === 'sort').schema.enum).toEqual([
      'trending',
      'rating',
      'newest',
    ]);
  });
});

describe('v1 answers conform to the OpenAPI document', () => {
  it('reviews: approved ones only, with their average and count, newest or most helpful first', async () => {
    const appId = ids.Echofree!;
    const review = (n: number, status: 'approved' | 'pending' | 'rejected', rating: number, helpfulCount = 0) => ({
      appId,
      authorKey: `v1-test-${n}`,
      rating,
      title: `Title ${n}`,
      text: `A review long enough to count, number ${n}.`,
      name: `Reader ${n}`,
      status,
      helpfulCount,
      createdAt: new Date(Date.UTC(2026, 0, n)),
    });
    await t.ctx.db
      .insert(appReviews)
      .values([review(1, 'approved', 5, 3), review(2, 'approved', 2), review(3, 'pending', 1), review(4, 'rejected', 1)]);
    const body = (await conforming(`/api/v1/apps/${appId}/reviews`, '/api/v1/apps/{id}/reviews')).json();
    expect(body).toMatchObject({ average: 3.5, count: 2 });
    expect(body.data.map((item: { title: string }) => item.title)).toEqual(['Title 2', 'Title 1']);
    const helpful = (await conforming(`/api/v1/apps/${appId}/reviews?sort=helpful&limit=1`, '/api/v1/apps/{id}/reviews')).json();
    expect(helpful.data.map((item: { title: string }) => item.title)).toEqual(['Title 1']);
    expect((await get(`/api/v1/apps/${ids.Markforge}/reviews`)).json()).toEqual({ average: null, count: 0, data: [] });
    expect((await get(`/api/v1/apps/${appId}/reviews?sort=best`)).statusCode).toBe(400);
    expect((await get('/api/v1/apps/999999/reviews')).json().error.code).toBe('not_found');
  });

  it('search: apps with reasons, confidence, reasoning and page URLs; pricing applied', async () => {
    const body = (await conforming('/api/v1/search?q=clean%20noise%20from%20my%20podcast&pricing=free', '/api/v1/search')).json();
    expect(body.data.map((app: { name: string }) => app.name)).toContain('Echofree');
    // "free" means usable without paying: free apps and apps with a free plan, as "free" in a query means.
    expect(body.data.every((app: { pricing: string }) => app.pricing === 'free' || app.pricing === 'freemium')).toBe(true);
    expect(body.data[0].matchReason).toMatch(/\w/);
    expect(body.data[0].evidence.length).toBeGreaterThan(0);
    expect(body.data.find((app: { name: string }) => app.name === 'Echofree').pageUrl).toBe(
      'https://aitlas.example/ai-apps/audio/echofree',
    );
    expect(body.confidence).toBeGreaterThan(0);
  });

  it('apps in each sort, one app by id and by slugs, categories', async () => {
    for (const sort of ['trending', 'rating', 'newest']) await conforming(`/api/v1/apps?sort=${sort}&limit=2`, '/api/v1/apps');
    const rated = (await get('/api/v1/apps?sort=rating&limit=3')).json();
    expect(rated.data.map((app: { name: string }) => app.name)).toEqual(['Markforge', 'Podscrub', 'Draftly']);
    expect(rated.data[0].rating).toBe(4.7);
    const design = (await conforming('/api/v1/apps?category=design&pricing=free', '/api/v1/apps')).json();
    expect(design.data.map((app: { name: string }) => app.name)).toEqual(['Logolite']);
    expect(design.next).toBeNull();
    const byText = (await get('/api/v1/apps?q=LOGO')).json();
    expect(byText.data.map((app: { name: string }) => app.name).sort()).toEqual(['Logolite', 'Markforge']);

    const one = (await conforming(`/api/v1/apps/${ids.Draftly}`, '/api/v1/apps/{id}')).json();
    expect(one.data).toMatchObject({
      name: 'Draftly',
      slug: 'draftly',
      category: { slug: 'writing' },
      pageUrl: 'https://aitlas.example/ai-apps/writing/draftly',
    });
    const bySlug = (await conforming('/api/v1/apps/writing/draftly', '/api/v1/apps/{categorySlug}/{nameSlug}')).json();
    expect(bySlug.data.id).toBe(ids.Draftly);

    const categories = (await conforming('/api/v1/categories', '/api/v1/categories')).json();
    expect(categories.data.find((c: { slug: string }) => c.slug === 'audio')).toMatchObject({ name: 'Audio', appCount: 2 });
    expect(categories.data.some((c: { name: string }) => c.name === 'All')).toBe(false);
  });

  it('alternatives and comparison', async () => {
    const alternatives = (
      await conforming(`/api/v1/apps/${ids.Podscrub}/alternatives?limit=3`, '/api/v1/apps/{id}/alternatives')
    ).json();
    expect(alternatives.app.name).toBe('Podscrub');
    expect(alternatives.data[0].name).toBe('Echofree');
    expect(alternatives.data.some((app: { id: number }) => app.id === ids.Podscrub)).toBe(false);

    const compared = (await conforming(`/api/v1/compare?ids=${ids.Podscrub},${ids.Echofree}`, '/api/v1/compare')).json();
    expect(compared.data.map((app: { name: string }) => app.name).sort()).toEqual(['Echofree', 'Podscrub']);
    expect(compared.pageUrl).toBe('https://aitlas.example/compare/echofree-vs-podscrub');
    const bySlugs = (await get('/api/v1/compare?slugs=podscrub,echofree')).json();
    expect(bySlugs.pageUrl).toBe(compared.pageUrl);
  });

  it.each([
    ['/api/v1/search', '/api/v1/search', 400],
    ['/api/v1/search?q=logo&limit=0', '/api/v1/search', 400],
    ['/api/v1/search?q=logo&category=nope', '/api/v1/search', 404],
    ['/api/v1/apps?sort=popular', '/api/v1/apps', 400],
    ['/api/v1/apps?limit=101', '/api/v1/apps', 400],
    ['/api/v1/apps?cursor=garbage', '/api/v1/apps', 400],
    ['/api/v1/apps?cursor=%22%3E%3Cscript', '/api/v1/apps', 400],
    ['/api/v1/apps?category=nope', '/api/v1/apps', 404],
    ['/api/v1/apps/999999', '/api/v1/apps/{id}', 404],
    ['/api/v1/apps/0', '/api/v1/apps/{id}', 400],
    ['/api/v1/apps/writing/nope', '/api/v1/apps/{categorySlug}/{nameSlug}', 404],
    ['/api/v1/apps/999999/alternatives', '/api/v1/apps/{id}/alternatives', 404],
    ['/api/v1/compare?ids=1', '/api/v1/compare', 400],
    ['/api/v1/compare?ids=1,2,3,4,5', '/api/v1/compare', 400],
    ['/api/v1/compare?ids=1,2&slugs=a,b', '/api/v1/compare', 400],
    ['/api/v1/compare?ids=999998,999999', '/api/v1/compare', 404],
  ])('%s answers %#: the documented error shape with status %s', async (url, documented, status) => {
    const res = await conforming(url, documented);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.message.length).toBeGreaterThan(5);
  });

  it('refuses a cursor of another sort or other filters', async () => {
    const first = (await get('/api/v1/apps?sort=rating&limit=1')).json();
    expect(first.next).toEqual(expect.any(String));
    expect((await get(`/api/v1/apps?sort=newest&limit=1&cursor=${first.next}`)).statusCode).toBe(400);
    expect((await get(`/api/v1/apps?sort=rating&pricing=free&limit=1&cursor=${first.next}`)).statusCode).toBe(400);
    expect((await get(`/api/v1/apps?sort=rating&limit=1&cursor=${first.next}`)).statusCode).toBe(200);
  });
});

describe('cursor pagination under inserts', () => {
  it.each(['trending', 'rating', 'newest'])(
    'sort=%s never repeats or skips an app while apps are added between pages',
    async (sort) => {
      const before = new Set<number>();
      let cursor: string | null = null;
      do {
        const body: { data: { id: number }[]; next: string | null } = (
          await get(`/api/v1/apps?sort=${sort}&limit=100${cursor ? `&cursor=${cursor}` : ''}`)
        ).json();
        for (const app of body.data) before.add(app.id);
        cursor = body.next;
      } while (cursor);

      const seen: number[] = [];
      cursor = null;
      let page = 0;
      do {
        const res = await get(`/api/v1/apps?sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.statusCode).toBe(200);
        const body: { data: { id: number }[]; next: string | null } = res.json();
        seen.push(...body.data.map((app) => app.id));
        cursor = body.next;
        page += 1;
        // New apps that sort first (fresh, top-rated) and last (unrated, tiny): neither may disturb the pages.
        const added = await insertApps(t.ctx.db, [
          buildAppRecord({ name: `New top ${sort} ${page}`, rating: 50, monthlyVisitors: 90_000_000 }),
          buildAppRecord({ name: `New low ${sort} ${page}`, rating: null, monthlyVisitors: 0 }),
        ]);
        await t.ctx.changes.publish('apps.changed', { ids: added });
      } while (cursor && page < 50);

      expect(new Set(seen).size).toBe(seen.length);
      for (const id of before) expect(seen).toContain(id);
    },
  );
});

describe('HTTP behaviour of v1', () => {
  it('answers 304 to a matching If-None-Match and a fresh body once the data changed', async () => {
    const first = await get(`/api/v1/apps/${ids.Logolite}`);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await get(`/api/v1/apps/${ids.Logolite}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await t.ctx.db
      .update(apps)
      .set({ description: 'Free logo maker, now with animated logos.' })
      .where(eq(apps.id, ids.Logolite!));
    const changed = await get(`/api/v1/apps/${ids.Logolite}`, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.description).toContain('animated');
  });

  it('is open to every origin, with a preflight, and reports the rate limit', async () => {
    const res = await get('/api/v1/categories', { origin: 'https://someone-else.example' });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(String(res.headers['access-control-expose-headers'])).toContain('RateLimit-Remaining');
    expect(Number(res.headers['ratelimit-limit'])).toBe(100000);
    expect(Number(res.headers['ratelimit-remaining'])).toBeLessThan(100000);
    expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThan(0);
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/search?q=x',
      headers: {
        origin: 'https://someone-else.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('Authorization');
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('GET');
  });

  it("leaves the screens' own endpoints as they were", async () => {
    const res = await get(`/api/marketplace/app/${ids.Draftly}`);
    expect(res.json()).toMatchObject({ name: 'Draftly', nameSlug: 'draftly', rating: 41 });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
