import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { appEvents, apps, categories } from '../../db/schema';
import { isListed } from '../../db/catalogue';

/** Queries the search module needs beyond the apps repository. */
export class SearchRepository {
  constructor(private readonly db: Db) {}

  /**
   * A cheap summary of everything the index depends on (public apps and their categories). When it
   * changes without a notification having arrived (a dropped LISTEN connection), the index rebuilds.
   */
  async fingerprint(): Promise<string> {
    const rows = await this.db
      .select({
        count: sql<number>`count(*)`.mapWith(Number),
        apps: sql<string>`coalesce(max(${apps.updatedAt})::text, '')`,
        categories: sql<string>`coalesce(max(${categories.updatedAt})::text, '')`,
        idSum: sql<string>`coalesce(sum(${apps.id})::text, '0')`,
      })
      .from(apps)
      .innerJoin(categories, eq(apps.categoryId, categories.id))
      .where(isListed);
    const row = rows[0];
    return row ? `${row.count}|${row.apps}|${row.categories}|${row.idSum}` : '';
  }

  /**
   * Records searches for analytics (top and zero-result queries) in one insert. Should that insert
   * fail, each row is retried alone, so one bad row never takes the good ones with it.
   * @returns how many rows were recorded.
   */
  async recordSearches(searches: { query: string; resultCount: number }[]): Promise<number> {
    if (searches.length === 0) return 0;
    const rows = searches.map(({ query, resultCount }) => ({ type: 'search' as const, query: query.slice(0, 500), resultCount }));
    try {
      await this.db.insert(appEvents).values(rows);
      return rows.length;
    } catch {
      const outcomes = await Promise.allSettled(rows.map((row) => this.db.insert(appEvents).values(row)));
      return outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
    }
  }
}
