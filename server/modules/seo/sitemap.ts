import { CATEGORY_PAGE_SIZE, categoryPath, taskPath } from '@shared/browse-paths';
import { ALL_CATEGORY_NAME } from '@shared/constants';
import { sitemapPages } from '@shared/page-routes';
import { ALTERNATIVES_PAGE_LIMIT, alternativesPath, comparePath } from '@shared/schemas/alternatives';
import { appPath } from '@shared/slug';
import type { AppContext } from '../../context';
import { blogSitemapEntries } from '../blog/blog.seo';
import { CategoriesService } from '../categories/categories.service';
import { TasksService } from '../tasks/tasks.service';
import { escapeHtml } from '../../lib/html';
import type { SitemapEntry } from '../../lib/page-head';
import { SeoRepository, type SitemapAppRow } from './seo.repository';

/** The protocol's limit of URLs per sitemap file. */
export const URLS_PER_SITEMAP = 50_000;

/** Comparisons listed per app: each app with its closest alternatives. */
export const COMPARISONS_PER_APP = 3;

/** The sitemap families split into numbered files (`/sitemap-{family}-{n}.xml`). */
export const PAGED_SITEMAPS = ['apps', 'alternatives', 'compare'] as const;
export type PagedSitemap = (typeof PAGED_SITEMAPS)[number];

/** How many apps one file of a family covers, so that no file exceeds the protocol's limit. */
const APPS_PER_FILE: Record<PagedSitemap, number> = {
  apps: URLS_PER_SITEMAP,
  alternatives: URLS_PER_SITEMAP,
  compare: Math.floor(URLS_PER_SITEMAP / COMPARISONS_PER_APP),
};

/** The legal pages carry "Last updated: January 2024". */
const LEGAL_LASTMOD = new Date('2024-01-01T00:00:00Z');

const XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function urlset(publicUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map(
    (entry) =>
      `  <url><loc>${escapeHtml(`${publicUrl}${entry.path}`)}</loc><lastmod>${entry.lastmod.toISOString()}</lastmod></url>`,
  );
  return `${XML_HEADER}<urlset xmlns="${NAMESPACE}">\n${urls.join('\n')}${urls.length ? '\n' : ''}</urlset>\n`;
}

function latest(dates: Date[], fallback: Date): Date {
  return dates.reduce((max, date) => (date > max ? date : max), fallback);
}

/**
 * Builds the sitemap index and its files: the site's pages, the app pages, their alternatives pages
 * and comparisons (each family split into files under 50,000 URLs) and the blog.
 */
export class Sitemaps {
  private readonly repository: SeoRepository;

  constructor(private readonly ctx: AppContext) {
    this.repository = new SeoRepository(ctx.db);
  }

  /** `/sitemap.xml`: a sitemap index naming every per-entity sitemap with its newest lastmod. */
  async index(): Promise<string> {
    const base = this.ctx.env.PUBLIC_URL;
    const [stats, blog] = await Promise.all([this.repository.publicAppStats(), blogSitemapEntries(this.ctx)]);
    const appsLastmod = stats.lastModified ?? LEGAL_LASTMOD;
    const paged = PAGED_SITEMAPS.flatMap((family) =>
      Array.from({ length: Math.max(1, Math.ceil(stats.count / APPS_PER_FILE[family])) }, (_, index) => ({
        path: `/sitemap-${family}-${index + 1}.xml`,
        lastmod: appsLastmod,
      })),
    );
    const files: { path: string; lastmod: Date }[] = [
      { path: '/sitemap-pages.xml', lastmod: latest([appsLastmod, ...blog.map((entry) => entry.lastmod)], LEGAL_LASTMOD) },
      ...paged,
      { path: '/sitemap-browse.xml', lastmod: appsLastmod },
      {
        path: '/sitemap-blog.xml',
        lastmod: latest(
          blog.map((entry) => entry.lastmod),
          LEGAL_LASTMOD,
        ),
      },
    ];
    const items = files.map(
      (file) =>
        `  <sitemap><loc>${escapeHtml(`${base}${file.path}`)}</loc><lastmod>${file.lastmod.toISOString()}</lastmod></sitemap>`,
    );
    return `${XML_HEADER}<sitemapindex xmlns="${NAMESPACE}">\n${items.join('\n')}\n</sitemapindex>\n`;
  }

  /** The site's own pages (home, blog list, legal pages): the route table's `sitemap` rows. */
  async pages(): Promise<string> {
    const [stats, blog] = await Promise.all([this.repository.publicAppStats(), blogSitemapEntries(this.ctx)]);
    const lastmods = {
      apps: stats.lastModified ?? LEGAL_LASTMOD,
      blog: latest(
        blog.map((entry) => entry.lastmod),
        LEGAL_LASTMOD,
      ),
      legal: LEGAL_LASTMOD,
    };
    // The pages the route table marks for the sitemap, each dated by what it shows.
    return urlset(
      this.ctx.env.PUBLIC_URL,
      sitemapPages().map((page) => ({ path: page.path, lastmod: lastmods[page.lastmod] })),
    );
  }

  /** One file (1-based) of a paged family, or null past the last file. */
  async paged(family: PagedSitemap, file: number): Promise<string | null> {
    const perFile = APPS_PER_FILE[family];
    const rows = await this.repository.publicAppPages(perFile, (file - 1) * perFile);
    if (rows.length === 0 && file > 1) return null;
    const entries =
      family === 'apps'
        ? rows.map((row) => ({ path: appPath(row), lastmod: row.updatedAt }))
        : family === 'alternatives'
          ? this.alternativesEntries(rows)
          : this.compareEntries(rows);
    return urlset(this.ctx.env.PUBLIC_URL, entries);
  }

  /** The alternatives page of each app that has alternatives; it changes when the app or a listed alternative does. */
  private alternativesEntries(rows: SitemapAppRow[]): SitemapEntry[] {
    return rows.flatMap((row) => {
      const answer = this.ctx.search.alternatives(row.id, { limit: ALTERNATIVES_PAGE_LIMIT });
      if (!answer || answer.alternatives.length === 0) return [];
      return [
        {
          path: alternativesPath(answer.app),
          lastmod: latest(
            answer.alternatives.map((app) => new Date(app.updatedAt)),
            row.updatedAt,
          ),
        },
      ];
    });
  }

  /**
   * Each app compared with its closest alternatives. A pair that both apps list is written once, by
   * the app with the smaller id, so that it appears in exactly one file.
   */
  private compareEntries(rows: SitemapAppRow[]): SitemapEntry[] {
    const closest = (id: number) => this.ctx.search.alternatives(id, { limit: COMPARISONS_PER_APP });
    return rows.flatMap((row) => {
      const answer = closest(row.id);
      if (!answer) return [];
      return answer.alternatives
        .filter((other) => row.id < other.id || !(closest(other.id)?.alternatives ?? []).some((back) => back.id === row.id))
        .map((other) => ({
          path: comparePath([answer.app, other]),
          lastmod: latest([new Date(other.updatedAt)], row.updatedAt),
        }));
    });
  }

  /**
   * The browsing pages (issue 23): every active category with listed apps (`/ai-apps/{slug}`, its
   * later pages too) and, from the tasks module, the task pages. All dated by the catalogue's newest change.
   */
  async browse(): Promise<string> {
    const [stats, categoryRows, counts, taskPaths] = await Promise.all([
      this.repository.publicAppStats(),
      new CategoriesService(this.ctx.db).activeRows(),
      new CategoriesService(this.ctx.db).countListedByCategory(),
      this.taskPagePaths(),
    ]);
    const lastmod = stats.lastModified ?? LEGAL_LASTMOD;
    const categoryEntries = categoryRows.flatMap((category) => {
      const count = counts.get(category.id) ?? 0;
      if (count === 0 || category.name.toLowerCase() === ALL_CATEGORY_NAME.toLowerCase()) return [];
      return Array.from({ length: Math.ceil(count / CATEGORY_PAGE_SIZE) }, (_, index) => ({
        path: categoryPath(category.slug, { page: index + 1 }),
        lastmod,
      }));
    });
    return urlset(this.ctx.env.PUBLIC_URL, [...categoryEntries, ...taskPaths.map((path) => ({ path, lastmod }))]);
  }

  private async taskPagePaths(): Promise<string[]> {
    const tasks = await new TasksService(this.ctx).list();
    return tasks.length === 0 ? [] : ['/best', ...tasks.map((task) => taskPath(task.slug))];
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
