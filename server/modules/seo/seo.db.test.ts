import { eq } from 'drizzle-orm';
import robotsParser from 'robots-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSlugRedirects, apps } from '../../db/schema';
import { bodyText, elementTexts, jsonLdOf, renderedQueryKeys } from '../../test/page-html';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertApp } from '../../db/factories';

let t: TestApp;
let publicId: number;
let pendingId: number;
let trickyId: number;
const PUBLIC_URL = 'https://aitlas.example';

function canonicalOf(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  publicId = await insertApp(t.ctx.db, {
    name: 'Quill Writer',
    category: 'Writing',
    description: 'Drafts blog posts from an outline.',
    pricingType: 'freemium',
    rating: 42,
  });
  pendingId = await insertApp(t.ctx.db, { name: 'Hidden Draft', category: 'Writing' }, 'pending');
  trickyId = await insertApp(t.ctx.db, {
    name: 'Évil <Script> & Co',
    category: 'Design',
    description: '</script><script>alert("x")</script> & friends',
    pricingType: 'paid',
    rating: null,
  });
  await t.ctx.db.insert(appSlugRedirects).values({ appId: publicId, categorySlug: 'writing', nameSlug: 'quill-old-name' });
});
afterAll(() => t.close());

describe('pages of the main site', () => {
  it('renders the home head with the WebSite JSON-LD and a crawler-readable list of trending apps', async () => {
    const res = await t.app.inject('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>Discover AI Tools with Intelligence | Aitlas</title>');
    expect(canonicalOf(res.body)).toBe(`${PUBLIC_URL}/`);
    expect(res.body).toContain('<meta property="og:title"');
    // The trending apps are in the server-rendered page, as links.
    expect(res.body).toMatch(/<a href="\/ai-apps\/writing\/quill-writer"[^>]*>/);
    expect(bodyText(res.body)).toContain('Quill Writer');
    expect(res.body).not.toContain('Hidden Draft');
    const types = jsonLdOf(res.body).map((data) => data['@type']);
    expect(types).toEqual(['WebSite', 'ItemList']);
  });

  it('renders an app page with canonical, Open Graph, WebApplication and BreadcrumbList', async () => {
    const res = await t.app.inject('/ai-apps/writing/quill-writer');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Quill Writer: Writing AI Tool | Aitlas</title>');
    expect(res.body).toContain('<meta name="description" content="Drafts blog posts from an outline." />');
    expect(canonicalOf(res.body)).toBe(`${PUBLIC_URL}/ai-apps/writing/quill-writer`);
    expect(res.body).toContain(`<meta property="og:url" content="${PUBLIC_URL}/ai-apps/writing/quill-writer" />`);
    expect(res.body).toContain('<meta name="twitter:title" content="Quill Writer: Writing AI Tool | Aitlas" />');
    const [application, breadcrumbs] = jsonLdOf(res.body);
    expect(application).toMatchObject({
      '@type': 'WebApplication',
      name: 'Quill Writer',
      applicationCategory: 'Writing',
      offers: { '@type': 'Offer', price: '0', category: 'freemium' },
    });
    // The curators' rating (4.2) is not a rating by users: no AggregateRating without approved reviews.
    expect(application).not.toHaveProperty('aggregateRating');
    expect(breadcrumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home', item: `${PUBLIC_URL}/` },
        { position: 2, name: 'Writing', item: `${PUBLIC_URL}/ai-apps/writing` },
        { position: 3, name: 'Quill Writer', item: `${PUBLIC_URL}/ai-apps/writing/quill-writer` },
      ],
    });
    expect(elementTexts(res.body, 'h1')).toContain('Quill Writer');
  });

  it('sends an app page with the data it was rendered with, so the browser does not fetch it again', async () => {
    expect(renderedQueryKeys((await t.app.inject('/ai-apps/Writing/quill-writer')).body)).toContainEqual([
      'app-detail',
      'slug',
      'writing',
      'quill-writer',
      'public',
    ]);
    expect(renderedQueryKeys((await t.app.inject(`/app/${publicId}`)).body)).toContainEqual([
      'app-detail',
      'id',
      String(publicId),
      'public',
    ]);
    // Previews load through the admin API with the curator's session: the browser renders them.
    const preview = (await t.app.inject('/ai-apps/writing/quill-writer?preview=true')).body;
    expect(renderedQueryKeys(preview)).toEqual([]);
    expect(preview).not.toContain('__AITLAS_STATE__');
  });

  it('matches app paths case-insensitively and canonicalises /app/:id to the slug URL', async () => {
    const upper = await t.app.inject('/AI-Apps/Writing/Quill-Writer');
    expect(upper.statusCode).toBe(200);
    expect(canonicalOf(upper.body)).toBe(`${PUBLIC_URL}/ai-apps/writing/quill-writer`);
    const byId = await t.app.inject(`/app/${publicId}`);
    expect(byId.statusCode).toBe(200);
    expect(canonicalOf(byId.body)).toBe(`${PUBLIC_URL}/ai-apps/writing/quill-writer`);
  });

  it('escapes every value, in the head, the JSON-LD and the body', async () => {
    const res = await t.app.inject(`/app/${trickyId}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain('<Script>');
    expect(res.body).toContain('&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; friends');
    const [application] = jsonLdOf(res.body);
    expect(application).toMatchObject({
      name: 'Évil <Script> & Co',
      description: '</script><script>alert("x")</script> & friends',
      offers: { category: 'paid' },
    });
    expect(application).not.toHaveProperty('aggregateRating');
    expect(canonicalOf(res.body)).toBe(`${PUBLIC_URL}/ai-apps/design/%C3%A9vil-script-co`);
  });

  it('answers 301 for a former slug, keeping the query', async () => {
    const res = await t.app.inject('/ai-apps/writing/quill-old-name?ref=x');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/ai-apps/writing/quill-writer?ref=x');
  });

  it('answers 404 with the SPA shell for unknown paths and apps that are missing or not public', async () => {
    for (const url of [
      '/no-such-page',
      '/ai-apps/writing/no-such-app',
      `/app/${pendingId}`,
      '/app/999999',
      '/app/abc',
      '/ai-apps/no-such-category',
      '/blog-x',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<div id="root">');
      expect(res.body, url).toContain('<meta name="robots" content="noindex, nofollow" />');
    }
  });

  it('lets a curator preview an unpublished app page without indexing it', async () => {
    const pending = await t.ctx.db.select({ nameSlug: apps.nameSlug }).from(apps).where(eq(apps.id, pendingId));
    const res = await t.app.inject(`/ai-apps/writing/${pending[0]?.nameSlug}?preview=true`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('noindex');
    expect(res.body).not.toContain('Hidden Draft');
  });

  it('redirects /direct-admin.html to /admin and serves private pages unindexed', async () => {
    const redirect = await t.app.inject('/direct-admin.html');
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/admin');
    for (const url of ['/admin', '/login', '/auth-test', `/app/${publicId}/edit`, `/admin/app/${pendingId}`]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('noindex');
    }
  });

  it('serves the legal pages and the blog list with their own titles', async () => {
    const privacy = await t.app.inject('/privacy-policy');
    expect(privacy.statusCode).toBe(200);
    expect(privacy.body).toContain('<title>Privacy Policy | Aitlas</title>');
    expect(privacy.body).toContain('Last updated: January 2024');
    const terms = await t.app.inject('/terms-of-service/');
    expect(terms.body).toContain('<title>Terms of Service | Aitlas</title>');
    const blog = await t.app.inject('/blog');
    expect(blog.statusCode).toBe(200);
    expect(blog.body).toContain(`${PUBLIC_URL}/blog`);
  });

  it('renders the "Submit an AI tool" page on the server', async () => {
    const submit = await t.app.inject('/submit');
    expect(submit.statusCode).toBe(200);
    expect(submit.body).toContain('<title>Submit an AI tool | Aitlas</title>');
    expect(canonicalOf(submit.body)).toBe(`${PUBLIC_URL}/submit`);
    expect(elementTexts(submit.body, 'h1')).toContain('Submit an AI tool');
    expect(bodyText(submit.body)).toContain('Website address');
  });

  it('compresses HTML when the client accepts it', async () => {
    const res = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toContain('Accept-Encoding');
  });

  it('keeps unknown API paths in the JSON error shape', async () => {
    const res = await t.app.inject('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'No such API route' } });
    const post = await t.app.inject({ method: 'POST', url: '/nothing-here' });
    expect(post.statusCode).toBe(404);
    expect(post.json().error.code).toBe('not_found');
  });
});

describe('the admin host (app.)', () => {
  it('serves the admin shell at / and /admin, the app routes, and 404 for the rest', async () => {
    const host = { host: 'app.aitlas.example' };
    for (const url of ['/', '/admin', '/login', `/app/${publicId}`, `/admin/app/${publicId}`, `/app/${publicId}/edit`]) {
      const res = await t.app.inject({ url, headers: host });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('noindex');
    }
    const home = await t.app.inject({ url: '/', headers: host });
    expect(home.body).toContain('<title>AI Admin | Aitlas</title>');
    for (const url of ['/blog', '/privacy-policy', '/ai-apps/writing/quill-writer', '/nope']) {
      const res = await t.app.inject({ url, headers: host });
      expect(res.statusCode, url).toBe(404);
    }
    const robots = await t.app.inject({ url: '/robots.txt', headers: host });
    expect(robots.body).toBe('User-agent: *\nDisallow: /\n');
  });
});

describe('robots.txt and sitemaps', () => {
  it('disallows the private areas and names the sitemap', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const robots = robotsParser(`${PUBLIC_URL}/robots.txt`, res.body);
    for (const path of ['/admin', '/admin?view=all', '/api/marketplace', '/login', '/auth-test', '/app/1/edit']) {
      expect(robots.isAllowed(`${PUBLIC_URL}${path}`, 'Googlebot'), path).toBe(false);
    }
    for (const path of ['/', '/ai-apps/writing/quill-writer', '/blog', '/privacy-policy']) {
      expect(robots.isAllowed(`${PUBLIC_URL}${path}`, 'Googlebot'), path).toBe(true);
    }
    expect(robots.getSitemaps()).toEqual([`${PUBLIC_URL}/sitemap.xml`]);
  });

  it('lists every public app page with its real lastmod, and nothing else', async () => {
    const index = await t.app.inject('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('application/xml');
    expect(index.body).toContain('<sitemapindex');
    const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(files).toEqual([
      `${PUBLIC_URL}/sitemap-pages.xml`,
      `${PUBLIC_URL}/sitemap-apps-1.xml`,
      `${PUBLIC_URL}/sitemap-alternatives-1.xml`,
      `${PUBLIC_URL}/sitemap-compare-1.xml`,
      `${PUBLIC_URL}/sitemap-browse.xml`,
      `${PUBLIC_URL}/sitemap-blog.xml`,
    ]);

    const appsFile = await t.app.inject('/sitemap-apps-1.xml');
    expect(appsFile.statusCode).toBe(200);
    const [row] = await t.ctx.db.select({ updatedAt: apps.updatedAt }).from(apps).where(eq(apps.id, publicId));
    expect(appsFile.body).toContain(
      `<url><loc>${PUBLIC_URL}/ai-apps/writing/quill-writer</loc><lastmod>${row?.updatedAt.toISOString()}</lastmod></url>`,
    );
    expect(appsFile.body).toContain(`${PUBLIC_URL}/ai-apps/design/%C3%A9vil-script-co`);
    expect(appsFile.body).not.toContain('hidden-draft');
    expect([...appsFile.body.matchAll(/<url>/g)]).toHaveLength(2);

    const pages = await t.app.inject('/sitemap-pages.xml');
    expect(pages.body).toContain(`<loc>${PUBLIC_URL}/privacy-policy</loc>`);
    expect((await t.app.inject('/sitemap-apps-2.xml')).statusCode).toBe(404);
    expect((await t.app.inject('/sitemap-apps-x.xml')).statusCode).toBe(404);
  });
});
