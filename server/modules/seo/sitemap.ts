import { appPath } from '../../../shared/slug';
import type { AppContext } from '../../context';
import { blogSitemapEntries } from '../blog/blog.seo';
import { escapeHtml } from './html';
import type { SitemapEntry } from './page-head';
import { SeoRepository } from './seo.repository';

/** The protocol's limit of URLs per sitemap file. */
export const URLS_PER_SITEMAP = 50_000;

/** The legal pages carry "Last updated: January 2024". */
const LEGAL_LASTMOD = new Date('2024-01-01T00:00:00Z');

const XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function urlset(publicUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map(
    (entry) => `  <url><loc>${escapeHtml(`${publicUrl}${entry.path}`)}</loc><lastmod>${entry.lastmod.toISOString()}</lastmod></url>`,
  );
  return `${XML_HEADER}<urlset xmlns="${NAMESPACE}">\n${urls.join('\n')}${urls.length ? '\n' : ''}</urlset>\n`;
}

function latest(dates: Date[], fallback: Date): Date {
  return dates.reduce((max, date) => (date > max ? date : max), fallback);
}

/** Builds the sitemap index and its files: the site's pages, the app pages (by 50,000) and the blog. */
export class Sitemaps {
  private readonly repository: SeoRepository;

  constructor(private readonly ctx: AppContext) {
    this.repository = new SeoRepository(ctx.db);
  }

  /** `/sitemap.xml`: a sitemap index naming every per-entity sitemap with its newest lastmod. */
  async index(): Promise<string> {
    const base = this.ctx.env.PUBLIC_URL;
    const [stats, blog] = await Promise.all([this.repository.publicAppStats(), blogSitemapEntries(this.ctx)]);
    const appFiles = Math.max(1, Math.ceil(stats.count / URLS_PER_SITEMAP));
    const appsLastmod = stats.lastModified ?? LEGAL_LASTMOD;
    const files: { path: string; lastmod: Date }[] = [
      { path: '/sitemap-pages.xml', lastmod: latest([appsLastmod, ...blog.map((entry) => entry.lastmod)], LEGAL_LASTMOD) },
      ...Array.from({ length: appFiles }, (_, index) => ({ path: `/sitemap-apps-${index + 1}.xml`, lastmod: appsLastmod })),
      { path: '/sitemap-blog.xml', lastmod: latest(blog.map((entry) => entry.lastmod), LEGAL_LASTMOD) },
    ];
    const items = files.map((file) => `  <sitemap><loc>${escapeHtml(`${base}${file.path}`)}</loc><lastmod>${file.lastmod.toISOString()}</lastmod></sitemap>`);
    return `${XML_HEADER}<sitemapindex xmlns="${NAMESPACE}">\n${items.join('\n')}\n</sitemapindex>\n`;
  }

  /** The site's own pages: home, blog list and the legal pages. */
  async pages(): Promise<string> {
    const [stats, blog] = await Promise.all([this.repository.publicAppStats(), blogSitemapEntries(this.ctx)]);
    const homeLastmod = stats.lastModified ?? LEGAL_LASTMOD;
    return urlset(this.ctx.env.PUBLIC_URL, [
      { path: '/', lastmod: homeLastmod },
      { path: '/blog', lastmod: latest(blog.map((entry) => entry.lastmod), LEGAL_LASTMOD) },
      { path: '/privacy-policy', lastmod: LEGAL_LASTMOD },
      { path: '/terms-of-service', lastmod: LEGAL_LASTMOD },
    ]);
  }

  /** One file of public app pages (1-based), or null past the last file. */
  async apps(file: number): Promise<string | null> {
    const rows = await this.repository.publicAppPages(URLS_PER_SITEMAP, (file - 1) * URLS_PER_SITEMAP);
    if (rows.length === 0 && file > 1) return null;
    return urlset(
      this.ctx.env.PUBLIC_URL,
      rows.map((row) => ({ path: appPath(row), lastmod: row.updatedAt })),
    );
  }

  /** The published blog posts. */
  async blog(): Promise<string> {
    return urlset(this.ctx.env.PUBLIC_URL, await blogSitemapEntries(this.ctx));
  }
}

/** robots.txt: the admin host is never indexed; the main site hides its private pages and names the sitemap. */
export function robotsTxt(publicUrl: string, adminHost: boolean): string {
  if (adminHost) return 'User-agent: *\nDisallow: /\n';
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api/',
    'Disallow: /login',
    'Disallow: /auth-test',
    'Disallow: /app/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
