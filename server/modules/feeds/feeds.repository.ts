import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { apps, categories } from '../../db/schema';
import { isListed } from '../../db/catalogue';

/** What a feed or an llms.txt line needs of an app. */
export interface FeedAppRow {
  id: number;
  name: string;
  nameSlug: string;
  description: string;
  pricingType: string | null;
  categoryName: string;
  categorySlug: string;
  publishedAt: Date;
  updatedAt: Date;
}

const feedColumns = {
  id: apps.id,
  name: apps.name,
  nameSlug: apps.nameSlug,
  description: apps.description,
  pricingType: apps.pricingType,
  categoryName: categories.name,
  categorySlug: categories.slug,
  publishedAt: sql<Date>`coalesce(${apps.publishedAt}, ${apps.createdAt})`.mapWith((value: string | Date) => new Date(value)),
  updatedAt: apps.updatedAt,
};

/** Queries of the machine-readable listings; no rules here. */
export class FeedsRepository {
  constructor(private readonly db: Db) {}

  /** The most recently published listed apps (public and not defunct), optionally of one category. */
  newest(limit: number, categoryId?: number): Promise<FeedAppRow[]> {
    const filter = categoryId === undefined ? isListed : and(isListed, eq(apps.categoryId, categoryId));
    return this.db
      .select(feedColumns)
      .from(apps)
      .innerJoin(categories, eq(apps.categoryId, categories.id))
      .where(filter)
      .orderBy(desc(sql`coalesce(${apps.publishedAt}, ${apps.createdAt})`), desc(apps.id))
      .limit(limit);
  }

  /** The most recently published of the given public apps (a task page's apps). */
  newestOf(ids: number[], limit: number): Promise<FeedAppRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select(feedColumns)
      .from(apps)
      .innerJoin(categories, eq(apps.categoryId, categories.id))
      .where(and(isListed, inArray(apps.id, ids)))
      .orderBy(desc(sql`coalesce(${apps.publishedAt}, ${apps.createdAt})`), desc(apps.id))
      .limit(limit);
  }

  /** Every listed app (public and not defunct), by category order then name. */
  allPublic(): Promise<FeedAppRow[]> {
    return this.db
      .select(feedColumns)
      .from(apps)
      .innerJoin(categories, eq(apps.categoryId, categories.id))
      .where(isListed)
      .orderBy(asc(categories.sortOrder), asc(categories.name), asc(sql`lower(${apps.name})`), asc(apps.id));
  }
}
