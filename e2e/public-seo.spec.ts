import { expect, test } from './support/test';
import { E2E_BASE_URL } from './support/e2e-config';

interface PublicApp {
  id: number;
  name: string;
  category: string;
  categorySlug: string;
  nameSlug: string;
  rating: number | null;
  updatedAt: string;
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) =>
    JSON.parse(match[1] ?? 'null'),
  );
}

test.describe('server-rendered SEO', () => {
  test('the home page HTML carries title, description, canonical, Open Graph and JSON-LD without JavaScript', async ({
    request,
  }) => {
    const res = await request.get('/');
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Discover AI Tools with Intelligence | Aitlas</title>');
    expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
    expect(html).toContain(`<link rel="canonical" href="${E2E_BASE_URL}/" />`);
    expect(html).toContain('<meta property="og:title" content="Discover AI Tools with Intelligence | Aitlas" />');
    expect(jsonLd(html).map((data) => data['@type'])).toEqual(['WebSite', 'ItemList']);
    // Crawlers read the trending apps as links.
    // (The page is React's own markup since issue 12: links carry classes after the href.)
    expect(html).toMatch(/<a href="\/ai-apps\/[^"]+\/[^"]+"[\s>]/);
  });

  test('an app page has its canonical slug URL, WebApplication and BreadcrumbList; /app/:id canonicalises to it', async ({
    request,
  }) => {
    const [app] = (await (await request.get('/api/marketplace?limit=1')).json()) as PublicApp[];
    if (!app) throw new Error('no app');
    const canonical = `${E2E_BASE_URL}/ai-apps/${app.categorySlug}/${app.nameSlug}`;
    for (const path of [`/ai-apps/${app.categorySlug}/${app.nameSlug}`, `/app/${app.id}`]) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<link rel="canonical" href="${canonical}" />`);
      expect(html).toContain(`<meta property="og:url" content="${canonical}" />`);
      expect(html).toContain('<meta name="twitter:card"');
      const [application, breadcrumbs] = jsonLd(html);
      expect(application).toMatchObject({ '@type': 'WebApplication', name: app.name, applicationCategory: app.category });
      // No visitor has reviewed the seeded apps: no AggregateRating (the curators' rating is not one by users).
      expect(application).not.toHaveProperty('aggregateRating');
      expect(breadcrumbs).toMatchObject({ '@type': 'BreadcrumbList' });
      // (React's own markup since issue 12: the heading carries classes.)
      expect(html).toMatch(/<h1[\s>]/);
    }
  });

  test('unknown paths and missing apps answer 404; /direct-admin.html answers 301 to /admin', async ({ request, page }) => {
    expect((await request.get('/definitely/not/here')).status()).toBe(404);
    expect((await request.get('/ai-apps/writing/not-an-app')).status()).toBe(404);
    const redirect = await request.get('/direct-admin.html', { maxRedirects: 0 });
    expect(redirect.status()).toBe(301);
    expect(redirect.headers().location).toBe('/admin');

    const response = await page.goto('/definitely/not/here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
  });

  test('robots.txt disallows the private areas and names the sitemap', async ({ request }) => {
    const res = await request.get('/robots.txt');
    expect(res.status()).toBe(200);
    const text = await res.text();
    for (const rule of ['Disallow: /admin', 'Disallow: /api/', 'Disallow: /login', 'Disallow: /auth-test', 'Disallow: /app/'])
      expect(text).toContain(rule);
    expect(text).toContain(`Sitemap: ${E2E_BASE_URL}/sitemap.xml`);
  });

  test('the sitemap lists every published app page with its lastmod', async ({ request }) => {
    const index = await (await request.get('/sitemap.xml')).text();
    expect(index).toContain('<sitemapindex');
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    const appFiles = files.filter((file) => file.includes('sitemap-apps-'));
    expect(appFiles.length).toBeGreaterThan(0);
    let urls = '';
    for (const file of appFiles) urls += await (await request.get(new URL(file).pathname)).text();

    const apps = (await (await request.get('/api/marketplace')).json()) as PublicApp[];
    expect(apps.length).toBeGreaterThan(100);
    expect([...urls.matchAll(/<url>/g)]).toHaveLength(apps.length);
    for (const app of apps.slice(0, 20)) {
      expect(urls).toContain(
        `<loc>${E2E_BASE_URL}/ai-apps/${encodeURIComponent(app.categorySlug)}/${encodeURIComponent(app.nameSlug)}</loc><lastmod>${new Date(app.updatedAt).toISOString()}</lastmod>`,
      );
    }
  });

  test('hashed assets are cached for a year and sent compressed', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const res = await request.get(script!, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toContain('immutable');
    expect(res.headers()['cache-control']).toContain('max-age=31536000');
    expect(res.headers()['content-encoding']).toMatch(/^(br|gzip)$/);
    expect(res.headers()['content-type']).toContain('javascript');
    // Files without a content hash are not cached forever.
    const favicon = await request.get('/favicon.svg');
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()['cache-control']).toBe('public, max-age=3600');
  });
});
