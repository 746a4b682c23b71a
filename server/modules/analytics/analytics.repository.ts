import { and, desc, eq, gt, gte, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { ALL_CATEGORY_NAME } from '@shared/constants';
import type { Db } from '../../db/database';
import { appEvents, apps, categories, discoveryLogs } from '../../db/schema';

const normalisedQuery = sql<string>`lower(regexp_replace(trim(${appEvents.query}), '\\s+', ' ', 'g'))`;

/** Aggregates for the dashboard; no rules here. */
export class AnalyticsRepository {
  constructor(private readonly db: Db) {}

  /** Per status: how many apps, and their views, saves and monthly visitors. */
  statusTotals() {
    return this.db
      .select({
        status: apps.status,
        count: sql<number>`count(*)`.mapWith(Number),
        views: sql<number>`coalesce(sum(${apps.viewCount}), 0)`.mapWith(Number),
        saves: sql<number>`coalesce(sum(${apps.saveCount}), 0)`.mapWith(Number),
        traffic: sql<number>`coalesce(sum(${apps.monthlyVisitors}), 0)`.mapWith(Number),
      })
      .from(apps)
      .groupBy(apps.status);
  }

  /** Apps (any status) per category, every category but "All", by sort order. */
  categoryCounts() {
    return this.db
      .select({ name: categories.name, count: sql<number>`count(${apps.id})`.mapWith(Number) })
      .from(categories)
      .leftJoin(apps, eq(apps.categoryId, categories.id))
      .where(sql`lower(${categories.name}) <> ${ALL_CATEGORY_NAME.toLowerCase()}`)
      .groupBy(categories.id, categories.name, categories.sortOrder)
      .orderBy(categories.sortOrder, categories.id);
  }

  /** Published apps with views, most viewed first. */
  topApps(limit: number) {
    return this.db
      .select({ id: apps.id, name: apps.name, category: categories.name, viewCount: apps.viewCount })
      .from(apps)
      .innerJoin(categories, eq(apps.categoryId, categories.id))
      .where(and(eq(apps.status, 'published'), gt(apps.viewCount, 0)))
      .orderBy(desc(apps.viewCount), apps.id)
      .limit(limit);
  }

  async discoveryTotals(): Promise<{ discovered: number; processed: number }> {
    const rows = await this.db
      .select({
        discovered: sql<number>`coalesce(sum(${discoveryLogs.discovered}), 0)`.mapWith(Number),
        processed: sql<number>`coalesce(sum(${discoveryLogs.processed}), 0)`.mapWith(Number),
      })
      .from(discoveryLogs);
    return rows[0] ?? { discovered: 0, processed: 0 };
  }

  /** Event counts per UTC day and type since `since`. */
  eventsPerDay(since: Date) {
    return this.db
      .select({
        date: sql<string>`to_char((${appEvents.createdAt} at time zone 'UTC')::date, 'YYYY-MM-DD')`,
        type: appEvents.type,
        count: sql<number>`count(*)`.mapWith(Number),
      })
      .from(appEvents)
      .where(and(gte(appEvents.createdAt, since), inArray(appEvents.type, ['view', 'save', 'search'])))
      .groupBy(sql`1`, appEvents.type);
  }

  /** The most frequent searches since `since` (lower-cased, trimmed), optionally only those that found nothing. */
  topQueries(since: Date, limit: number, zeroResultsOnly: boolean) {
    const conditions = [
      eq(appEvents.type, 'search'),
      gte(appEvents.createdAt, since),
      isNotNull(appEvents.query),
      ne(sql`trim(${appEvents.query})`, ''),
    ];
    if (zeroResultsOnly) conditions.push(eq(appEvents.resultCount, 0));
    return this.db
      .select({ query: normalisedQuery, count: sql<number>`count(*)`.mapWith(Number) })
      .from(appEvents)
      .where(and(...conditions))
      .groupBy(normalisedQuery)
      .orderBy(desc(sql`count(*)`), normalisedQuery)
      .limit(limit);
  }
}
