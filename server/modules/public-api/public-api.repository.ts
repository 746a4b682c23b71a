import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PricingType } from '@shared/constants';
import type { ApiSort } from '@shared/schemas/public-api';
import type { Db } from '../../db/database';
import { apps, categories } from '../../db/schema';
import type { AppWithCategory } from '../../db/catalogue';
import { appWithCategoryColumns, isPublic, trendingScoreAt } from '../../db/catalogue';

export interface AppsPageFilter {
  categoryId?: number | undefined;
  pricing?: PricingType | undefined;
  q?: string | undefined;
}

export interface AppsPageRequest extends AppsPageFilter {
  sort: ApiSort;
  limit: number;
  /** The time trending scores are measured at. */
  asOf: Date;
  after?: { key: string; id: number } | undefined;
}

/** A row with its sort key printed by the database (exact text, reused in the next cursor). */
export type KeyedAppRow = AppWithCategory & { sortKey: string };

interface SortPlan {
  key: SQL;
  /** The SQL type the key is compared as. */
  cast: SQL;
  /** Ties on the key break by id in this direction. */
  idOrder: 'asc' | 'desc';
}

function sortPlan(sort: ApiSort, asOf: Date): SortPlan {
  switch (sort) {
    case 'trending':
      return { key: trendingScoreAt(sql`${asOf.toISOString()}::timestamptz`), cast: sql`double precision`, idOrder: 'asc' };
    case 'rating':
      return { key: sql`coalesce(${apps.rating}, 0)`, cast: sql`integer`, idOrder: 'asc' };
    case 'newest':
      // Microseconds since the epoch as an integer: the time exactly, without a float in between.
      return {
        key: sql`(extract(epoch from coalesce(${apps.publishedAt}, ${apps.createdAt})) * 1000000)::bigint`,
        cast: sql`bigint`,
        idOrder: 'desc',
      };
  }
}

/** `%`, `_` and `\` are pattern characters in LIKE; a visitor's text matches literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Queries of the public API beyond the apps repository. */
export class PublicApiRepository {
  constructor(private readonly db: Db) {}

  /**
   * One page of public apps in a sort order, after a keyset position: the key descending, then the
   * id. One more row than asked is read so the caller knows whether a next page exists.
   */
  async appsPage(request: AppsPageRequest): Promise<KeyedAppRow[]> {
    const plan = sortPlan(request.sort, request.asOf);
    const conditions: SQL[] = [isPublic];
    if (request.categoryId !== undefined) conditions.push(eq(apps.categoryId, request.categoryId));
    if (request.pricing) conditions.push(eq(apps.pricingType, request.pricing));
    if (request.q) {
      const pattern = likePattern(request.q);
      conditions.push(
        or(
          ilike(apps.name, pattern),
          ilike(apps.description, pattern),
          sql`array_to_string(${apps.tags}, ' ') ilike ${pattern}`,
        ) as SQL,
      );
    }
    if (request.after) {
      const key = sql`${request.after.key}::${plan.cast}`;
      const idAfter = plan.idOrder === 'asc' ? sql`${apps.id} > ${request.after.id}` : sql`${apps.id} < ${request.after.id}`;
      conditions.push(sql`(${plan.key} < ${key} or (${plan.key} = ${key} and ${idAfter}))`);
    }
    return this.db
      .select({ ...appWithCategoryColumns, sortKey: sql<string>`(${plan.key})::text` })
      .from(apps)
      .innerJoin(categories, eq(apps.categoryId, categories.id))
      .where(and(...conditions))
      .orderBy(desc(plan.key), plan.idOrder === 'asc' ? asc(apps.id) : desc(apps.id))
      .limit(request.limit + 1);
  }

  /** Active categories with their number of public apps, by sort order ("All" left out: it holds no apps). */
  async categoriesWithCounts(): Promise<{ name: string; slug: string; description: string; appCount: number }[]> {
    return this.db
      .select({
        name: categories.name,
        slug: categories.slug,
        description: categories.description,
        appCount: sql<number>`count(${apps.id}) filter (where ${apps.status} = 'published')`.mapWith(Number),
      })
      .from(categories)
      .leftJoin(apps, eq(apps.categoryId, categories.id))
      .where(eq(categories.isActive, true))
      .groupBy(categories.id)
      .orderBy(asc(categories.sortOrder), asc(categories.id));
  }
}
