import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryPageResponse } from '@shared/schemas/browse';
import type { Category } from '@shared/schemas/category';
import type { App } from '@shared/schemas/app';
import { appHealth, apps, categories } from '../../db/schema';
import { buildAppRecord } from '../../db/factories';
import { insertCatalogue } from '../../test/factories';
import { bodyText, elementTexts } from '../../test/page-html';
import { createTestApp, type TestApp } from '../../test/test-app';

const PUBLIC_URL = 'https://aitlas.example';
let t: TestApp;
let ids: Record<string, number>;

// 26 Writing apps (three pages of 12), one Design app in a category that is later switched off.
const writing = Array.from({ length: 26 }, (_, index) =>
  buildAppRecord({
    name: `Writer ${String(index + 1).padStart(2, '0')}`,
    category: 'Writing',
    pricingType: index % 3 === 0 ? 'free' : index % 3 === 1 ? 'freemium' : 'paid',
    monthlyVisitors: 1000 * (index + 1),
    rating: index === 5 ? 50 : 20 + (index % 10),
  }),
);

const get = async <T>(url: string) => {
  const res = await t.app.inject(url);
  return { status: res.statusCode, body: res.json() as T };
};

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  ids = await insertCatalogue(t, [
    ...writing,
    buildAppRecord({ name: 'Sketcher', category: 'Design' }),
    buildAppRecord({ name: 'Lone Analyst', category: 'Analysis' }),
  ]);
  // Writer 26 was published last, Writer 01 first: "newest" must follow publication, not the id.
  for (const [index, record] of writing.entries()) {
    await t.ctx.db
      .update(apps)
      .set({ publishedAt: new Date(Date.UTC(2026, 0, 1 + index)) })
      .where(eq(apps.id, ids[record.name]!));
  }
  await t.ctx.db.update(categories).set({ isActive: false }).where(eq(categories.slug, 'analysis'));
  await t.ctx.changes.publish('categories.changed', {});
});
afterAll(() => t.close());

describe('GET /api/marketplace/category/{categorySlug}', () => {
  it('pages the published apps of the category, 12 at a time, with the total', async () => {
    const first = await get<CategoryPageResponse>('/api/marketplace/category/writing');
    expect(first.status).toBe(200);
    expect(first.body.category).toMatchObject({ name: 'Writing', slug: 'writing' });
    expect(first.body).toMatchObject({ total: 26, page: 1, pageCount: 3, pageSize: 12, sort: 'trending', pricing: null });
    expect(first.body.apps).toHaveLength(12);
    const second = await get<CategoryPageResponse>('/api/marketplace/category/writing?page=2');
    expect(second.body.apps).toHaveLength(12);
    const third = await get<CategoryPageResponse>('/api/marketplace/category/writing?page=3');
    expect(third.body.apps).toHaveLength(2);
    const all = [...first.body.apps, ...second.body.apps, ...third.body.apps].map((app) => app.name);
    expect(new Set(all).size).toBe(26);
    expect(all).not.toContain('Sketcher');
  });

  it('sorts by newest, top rated and most visited', async () => {
    const newest = await get<CategoryPageResponse>('/api/marketplace/category/writing?sort=newest');
    expect(newest.body.apps.slice(0, 2).map((app) => app.name)).toEqual(['Writer 26', 'Writer 25']);
    const rated = await get<CategoryPageResponse>('/api/marketplace/category/writing?sort=rating');
    expect(rated.body.apps[0]?.name).toBe('Writer 06');
    const ratings = rated.body.apps.map((app) => app.rating ?? 0);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const visited = await get<CategoryPageResponse>('/api/marketplace/category/writing?sort=visitors');
    const visitors = visited.body.apps.map((app) => app.monthlyVisitors);
    expect(visitors[0]).toBe(26_000);
    expect(visitors).toEqual([...visitors].sort((a, b) => b - a));
  });

  it('filters by pricing', async () => {
    const free = await get<CategoryPageResponse>('/api/marketplace/category/writing?pricing=free');
    expect(free.body.total).toBe(9);
    expect(free.body.pageCount).toBe(1);
    expect(free.body.apps.every((app) => app.pricingType === 'free')).toBe(true);
  });

  it('answers 404 for unknown, inactive and "All" categories and 400 for a bad sort or page, in the one error shape', async () => {
    for (const slug of ['nothing-here', 'analysis', 'all']) {
      const res = await get<{ error: { code: string } }>(`/api/marketplace/category/${slug}`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    for (const query of ['sort=cheapest', 'page=0', 'page=abc', 'pricing=gratis']) {
      const res = await get<{ error: { code: string } }>(`/api/marketplace/category/writing?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
  });
});

describe('freshness', () => {
  it('"New this week" lists the apps published in the last 7 days, newest first, and the home page shows it', async () => {
    // The writers were published in January; two are made fresh.
    await t.ctx.db
      .update(apps)
      .set({ publishedAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(apps.id, ids['Writer 03']!));
    await t.ctx.db
      .update(apps)
      .set({ publishedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(apps.id, ids['Writer 04']!));
    await t.ctx.db
      .update(apps)
      .set({ publishedAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(apps.id, ids.Sketcher!));
    await t.ctx.changes.publish('apps.changed', { ids: [ids['Writer 03']!, ids['Writer 04']!, ids.Sketcher!] });
    const fresh = await get<App[]>('/api/marketplace/new-this-week');
    const names = fresh.body.map((app) => app.name);
    expect(names.slice(0, 2)).toEqual(['Writer 04', 'Writer 03']);
    expect(names).not.toContain('Sketcher');
    expect(names).not.toContain('Writer 01');
    const home = await t.app.inject('/');
    expect(elementTexts(home.body, 'h2')).toContain('New this week');
    expect(bodyText(home.body)).toContain('Writer 04');
  });

  it('an app carries publishedAt and, while its link health is good, verifiedAt', async () => {
    const checkedAt = new Date(Date.now() - 3 * 86_400_000);
    await t.ctx.db.insert(appHealth).values({ appId: ids['Writer 07']!, state: 'ok', checkedAt, evidence: {} });
    await t.ctx.db.insert(appHealth).values({ appId: ids['Writer 08']!, state: 'dead', checkedAt, evidence: {} });
    const ok = await get<App>(`/api/marketplace/app/${ids['Writer 07']}`);
    expect(ok.body.verifiedAt).toBe(checkedAt.toISOString());
    expect(ok.body.publishedAt).toBe(new Date(Date.UTC(2026, 0, 7)).toISOString());
    expect((await get<App>(`/api/marketplace/app/${ids['Writer 08']}`)).body.verifiedAt).toBeNull();
    const page = await t.app.inject('/ai-apps/writing/writer-07');
    expect(bodyText(page.body)).toContain('Added January 7, 2026 · Verified 3 days ago');
  });
});

describe('GET /api/categories', () => {
  it('counts the listed apps of each active category, so that empty ones are offered nowhere', async () => {
    const list = (await get<Category[]>('/api/categories')).body;
    expect(list.find((category) => category.slug === 'writing')?.appCount).toBe(26);
    expect(list.find((category) => category.slug === 'design')?.appCount).toBe(1);
    expect(list.find((category) => category.slug === 'analysis')).toBeUndefined();
  });
});

describe('the category page /ai-apps/{categorySlug}', () => {
  it('is rendered on the server with its apps, sorts, filters and real page links', async () => {
    const res = await t.app.inject('/ai-apps/writing');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Writing AI Tools | Aitlas</title>');
    expect(res.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/ai-apps/writing" />`);
    expect(res.body).toContain(
      `<link rel="alternate" type="application/atom+xml" title="New Writing AI tools on Aitlas" href="${PUBLIC_URL}/feeds/apps.xml?category=writing" />`,
    );
    expect(elementTexts(res.body, 'h1')).toEqual(['Writing AI Tools']);
    expect(elementTexts(res.body, 'h2')).toHaveLength(12);
    const text = bodyText(res.body);
    for (const label of [
      'Trending',
      'Newest',
      'Top rated',
      'Most visited',
      'All pricing',
      'Free',
      'Freemium',
      'Paid',
      'Page 1 of 3',
      'Next page',
    ])
      expect(text).toContain(label);
    expect(res.body).toContain('href="/ai-apps/writing?page=2"');
    expect(res.body).toContain('href="/ai-apps/writing?sort=newest"');
    expect(res.body).toContain('href="/ai-apps/writing?pricing=free"');
    const itemList = [...res.body.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
      (match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>,
    );
    expect(itemList.map((data) => data['@type'])).toEqual(['ItemList', 'BreadcrumbList']);
    expect((itemList[0]?.itemListElement as unknown[]).length).toBe(12);
  });

  it('renders page 3 of a sorted view at its own address, canonical to page 3', async () => {
    const res = await t.app.inject('/ai-apps/writing?sort=visitors&page=3');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/ai-apps/writing?page=3" />`);
    expect(bodyText(res.body)).toContain('Page 3 of 3');
    expect(res.body).toContain('href="/ai-apps/writing?sort=visitors&amp;page=2"');
    expect(res.body).toContain('href="/ai-apps/writing?sort=visitors"');
    // The two least visited apps.
    expect(elementTexts(res.body, 'h2').map((text) => text.replace(/^\d+\.\s*/, ''))).toEqual(['Writer 02', 'Writer 01']);
  });

  it('answers 404 for an unknown or inactive category and past the last page', async () => {
    for (const path of ['/ai-apps/nothing-here', '/ai-apps/analysis', '/ai-apps/all', '/ai-apps/writing?page=4']) {
      expect((await t.app.inject(path)).statusCode, path).toBe(404);
    }
  });

  it('is what the app page breadcrumb and the sitemap link to', async () => {
    const appPage = await t.app.inject('/ai-apps/writing/writer-01');
    expect(appPage.body).toContain(`"item":"${PUBLIC_URL}/ai-apps/writing"`);
    const sitemap = await t.app.inject('/sitemap-browse.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}/ai-apps/writing</loc>`);
    expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}/ai-apps/writing?page=3</loc>`);
    expect(sitemap.body).not.toContain(`<loc>${PUBLIC_URL}/ai-apps/writing?page=4</loc>`);
    expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}/ai-apps/design</loc>`);
    expect(sitemap.body).not.toContain('/ai-apps/analysis');
    expect(sitemap.body).not.toContain('/ai-apps/all');
  });
});
