import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSlugRedirects, apps } from '../../db/schema';
import { buildAppRecord, insertApp, insertApps } from '../../db/factories';
import { bodyText, elementTexts } from '../../test/page-html';
import { createTestApp, type TestApp } from '../../test/test-app';

const PUBLIC_URL = 'https://aitlas.example';

let t: TestApp;
let ids: Record<string, number>;
let pendingId: number;

const imageApp = (name: string, pricingType: 'free' | 'freemium' | 'paid', extra: string) =>
  buildAppRecord({
    name,
    category: 'Image Generation',
    description: `Generates images and illustrations from text prompts. ${extra}`,
    tags: ['image generation', 'text to image', 'art'],
    features: ['Text to image generation', 'Style presets', extra],
    useCases: ['Designers creating concept art', 'Marketers making social media images'],
    pricingType,
  });

const catalogue = [
  imageApp('Pixelmuse', 'paid', 'Upscaling to 4K'),
  imageApp('Dreamcanvas', 'free', 'Inpainting and outpainting'),
  imageApp('Artloom', 'freemium', 'Character consistency'),
  imageApp('Visionary Forge', 'freemium', 'Batch generation'),
  buildAppRecord({
    name: 'Sheetwise',
    category: 'Analysis',
    description: 'Explains and writes spreadsheet formulas in Excel and Google Sheets.',
    tags: ['spreadsheet', 'excel', 'formulas'],
    features: ['Formula generator', 'Formula explainer'],
    useCases: ['Analysts fixing broken formulas'],
    pricingType: 'freemium',
  }),
];

function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) =>
    JSON.parse(match[1] ?? 'null'),
  );
}

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  const created = await insertApps(t.ctx.db, catalogue);
  ids = Object.fromEntries(catalogue.map((record, index) => [record.name, created[index]!]));
  pendingId = await insertApp(
    t.ctx.db,
    { name: 'Hidden Painter', category: 'Image Generation', description: 'Generates images from text prompts.' },
    'pending',
  );
  await t.ctx.db
    .insert(appSlugRedirects)
    .values({ appId: ids.Pixelmuse!, categorySlug: 'image-generation', nameSlug: 'pixel-muse-old' });
  // The rows were written behind the search's back: tell it, as every write path does.
  await t.ctx.search.refresh([...created, pendingId]);
});
afterAll(() => t.close());

describe('the alternatives page', () => {
  it('renders title, description, canonical, Open Graph, ItemList JSON-LD and a crawler-readable list', async () => {
    const res = await t.app.inject('/ai-apps/image-generation/pixelmuse/alternatives');
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toBe('Alternatives to Pixelmuse | Aitlas');
    expect(canonicalOf(res.body)).toBe(`${PUBLIC_URL}/ai-apps/image-generation/pixelmuse/alternatives`);
    expect(res.body).toContain(
      `<meta property="og:url" content="${PUBLIC_URL}/ai-apps/image-generation/pixelmuse/alternatives" />`,
    );
    expect(res.body).toContain('<meta property="og:title" content="Alternatives to Pixelmuse | Aitlas" />');
    const description = /<meta name="description" content="([^"]*)"/.exec(res.body)?.[1] ?? '';
    expect(description).toMatch(/^Alternatives to Pixelmuse: /);

    const [list, breadcrumbs] = jsonLdOf(res.body);
    expect(list).toMatchObject({ '@type': 'ItemList', name: 'Alternatives to Pixelmuse' });
    const names = (list?.itemListElement as { name: string; url: string; position: number }[]).map((item) => item.name);
    // The other image generators come first, as the API lists them; never the app itself or an unpublished one.
    const listed = t.ctx.search.alternatives(ids.Pixelmuse!, { limit: 24 })?.alternatives.map((app) => app.name);
    expect(names).toEqual(listed);
    expect(names.slice(0, 3).sort()).toEqual(['Artloom', 'Dreamcanvas', 'Visionary Forge']);
    expect(names).not.toContain('Pixelmuse');
    expect(names).not.toContain('Hidden Painter');
    expect((list?.itemListElement as { url: string }[])[0]?.url).toMatch(new RegExp(`^${PUBLIC_URL}/ai-apps/image-generation/`));
    expect(breadcrumbs).toMatchObject({ '@type': 'BreadcrumbList' });
    expect(elementTexts(res.body, 'h1')).toContain('Alternatives to Pixelmuse');
    expect(res.body).toMatch(/<a href="\/ai-apps\/image-generation\/dreamcanvas"[^>]*>/);
    expect(bodyText(res.body)).toContain('Dreamcanvas');
    expect(res.body).not.toContain('Hidden Painter');
  });

  it('filters by pricing from the URL, keeping the canonical of the unfiltered list', async () => {
    const res = await t.app.inject('/ai-apps/image-generation/pixelmuse/alternatives?pricing=free');
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toBe('Free alternatives to Pixelmuse | Aitlas');
    expect(canonicalOf(res.body)).toBe(`${PUBLIC_URL}/ai-apps/image-generation/pixelmuse/alternatives`);
    const [list] = jsonLdOf(res.body);
    expect((list?.itemListElement as { name: string }[]).map((item) => item.name)).toEqual(['Dreamcanvas']);
  });

  it('answers 301 from a former slug to the new alternatives page, keeping the query', async () => {
    const res = await t.app.inject('/ai-apps/image-generation/pixel-muse-old/alternatives?pricing=free');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/ai-apps/image-generation/pixelmuse/alternatives?pricing=free');
  });

  it('answers the 404 page for unknown and unpublished apps', async () => {
    const [pending] = await t.ctx.db.select({ nameSlug: apps.nameSlug }).from(apps).where(eq(apps.id, pendingId));
    for (const url of [
      '/ai-apps/image-generation/no-such-app/alternatives',
      `/ai-apps/image-generation/${pending?.nameSlug}/alternatives`,
      '/ai-apps/analysis/pixelmuse/alternatives',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<meta name="robots" content="noindex, nofollow" />');
      expect(res.body, url).toContain('404 Page Not Found');
    }
  });
});

describe('the compare page', () => {
  it('renders the head with the canonical order, and an aligned table for crawlers', async () => {
    const res = await t.app.inject('/compare/artloom-vs-pixelmuse');
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toBe('Artloom vs Pixelmuse: AI Tool Comparison | Aitlas');
    expect(canonicalOf(res.body)).toBe(`${PUBLIC_URL}/compare/artloom-vs-pixelmuse`);
    expect(res.body).toContain(`<meta property="og:url" content="${PUBLIC_URL}/compare/artloom-vs-pixelmuse" />`);
    const [list] = jsonLdOf(res.body);
    expect((list?.itemListElement as { name: string }[]).map((item) => item.name)).toEqual(['Artloom', 'Pixelmuse']);
    const rows = elementTexts(res.body, 'tr');
    expect(rows).toContain('Pricing Freemium Paid');
    // Something only one of them has leaves the other cell empty.
    expect(rows).toContain('Upscaling to 4K Not listed Upscaling to 4K Only Pixelmuse');
    // Each app's own site is one link away (the page's "Try it out", named for the app).
    expect(
      elementTexts(res.body, 'a').filter((text) => /^Try it out\s*:\s*Pixelmuse \(opens in a new tab\)$/.test(text)),
    ).toHaveLength(1);
  });

  it('answers 301 from any other order or spelling to the canonical path', async () => {
    for (const url of ['/compare/pixelmuse-vs-artloom', '/compare/PIXELMUSE-vs-Artloom/']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe('/compare/artloom-vs-pixelmuse');
    }
    const three = await t.app.inject('/compare/visionary-forge-vs-dreamcanvas-vs-artloom');
    expect(three.statusCode).toBe(301);
    expect(three.headers.location).toBe('/compare/artloom-vs-dreamcanvas-vs-visionary-forge');
    expect((await t.app.inject('/compare/artloom-vs-dreamcanvas-vs-visionary-forge')).statusCode).toBe(200);
  });

  it('answers the 404 page for unknown or unpublished apps and for fewer than 2 or more than 4 apps', async () => {
    const [pending] = await t.ctx.db.select({ nameSlug: apps.nameSlug }).from(apps).where(eq(apps.id, pendingId));
    const urls = [
      '/compare/artloom-vs-no-such-app',
      `/compare/artloom-vs-${pending?.nameSlug}`,
      '/compare/artloom',
      '/compare/artloom-vs-artloom',
      '/compare/artloom-vs-dreamcanvas-vs-pixelmuse-vs-sheetwise-vs-visionary-forge',
    ];
    for (const url of urls) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('404 Page Not Found');
    }
  });
});

describe('sitemaps of the alternatives and compare pages', () => {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

  it('names the alternatives and compare files in the index', async () => {
    const index = await t.app.inject('/sitemap.xml');
    expect(locs(index.body)).toEqual([
      `${PUBLIC_URL}/sitemap-pages.xml`,
      `${PUBLIC_URL}/sitemap-apps-1.xml`,
      `${PUBLIC_URL}/sitemap-alternatives-1.xml`,
      `${PUBLIC_URL}/sitemap-compare-1.xml`,
      `${PUBLIC_URL}/sitemap-browse.xml`,
      `${PUBLIC_URL}/sitemap-blog.xml`,
    ]);
    expect((await t.app.inject('/sitemap-alternatives-2.xml')).statusCode).toBe(404);
    expect((await t.app.inject('/sitemap-compare-x.xml')).statusCode).toBe(404);
  });

  it('lists the alternatives page of every public app that has alternatives', async () => {
    const res = await t.app.inject('/sitemap-alternatives-1.xml');
    expect(res.statusCode).toBe(200);
    const urls = locs(res.body);
    for (const slug of ['pixelmuse', 'dreamcanvas', 'artloom', 'visionary-forge']) {
      expect(urls).toContain(`${PUBLIC_URL}/ai-apps/image-generation/${slug}/alternatives`);
    }
    expect(urls.join(' ')).not.toContain('hidden-painter');
  });

  it("lists each app's comparisons with its top 3 alternatives, once each and in canonical order", async () => {
    const res = await t.app.inject('/sitemap-compare-1.xml');
    expect(res.statusCode).toBe(200);
    const urls = locs(res.body);
    expect(new Set(urls).size).toBe(urls.length);
    for (const name of ['Pixelmuse', 'Dreamcanvas', 'Artloom', 'Visionary Forge']) {
      const top = t.ctx.search.alternatives(ids[name]!, { limit: 3 })?.alternatives ?? [];
      expect(top.length, name).toBeGreaterThan(0);
      const self = t.ctx.search.findPublished(ids[name]!)!;
      for (const other of top) {
        const pair = [self.nameSlug, other.nameSlug].sort().join('-vs-');
        expect(urls, `${name} vs ${other.name}`).toContain(`${PUBLIC_URL}/compare/${pair}`);
      }
    }
    expect(urls.join(' ')).not.toContain('hidden-painter');
  });
});
