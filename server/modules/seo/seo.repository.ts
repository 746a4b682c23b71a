import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { apps, categories } from '../../db/schema';
import { isPublic } from '../../db/catalogue';

/** One public app page as the sitemap needs it. */
export interface SitemapAppRow {
  id: number;
  categorySlug: string;
  nameSlug: string;
  updatedAt: Date;
}

/** Queries of the SEO module (sitemaps); lean column lists so that large catalogues stay cheap. */
export class SeoRepository {
  constructor(private readonly db: Db) {}

  /** Public app pages ordered by id, one sitemap file at a time. */
  async publicAppPages(limit: number, offset: number): Promise<SitemapAppRow[]> {
    return this.db
      .select({ id: apps.id, categorySlug: categories.slug, nameSlug: apps.nameSlug, updatedAt: apps.updatedAt })
      .from(apps)
      .innerJoin(categories, eq(apps.categoryId, categories.id))
      .where(isPublic)
      .orderBy(asc(apps.id))
      .limit(limit)
      .offset(offset);
  }

  /** How many public apps exist and when the newest of them changed. */
  async publicAppStats(): Promise<{ count: number; lastModified: Date | null }> {
    const rows = await this.db
      .select({
        count: sql<number>`count(*)`.mapWith(Number),
        lastModified: sql<string | Date | null>`max(${apps.updatedAt})`,
      })
      .from(apps)
      .innerJoin(categories, eq(apps.categoryId, categories.id))
      .where(isPublic);
    const row = rows[0];
    return { count: row?.count ?? 0, lastModified: row?.lastModified ? new Date(row.lastModified) : null };
  }
}
