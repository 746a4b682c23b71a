import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { appEvents, apps, categories, searchSnapshots } from '../../db/schema';
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

  /** A saved snapshot's versions, without its data (cheap to ask before fetching megabytes). */
  async snapshotVersion(name: string): Promise<{ format: string; fingerprint: string } | null> {
    const rows = await this.db
      .select({ format: searchSnapshots.format, fingerprint: searchSnapshots.fingerprint })
      .from(searchSnapshots)
      .where(eq(searchSnapshots.name, name));
    return rows[0] ?? null;
  }

  /** A saved snapshot's data when it still carries these versions; null otherwise. */
  async readSnapshot(name: string, version: { format: string; fingerprint: string }): Promise<Uint8Array | null> {
    const rows = await this.db
      .select({ data: searchSnapshots.data })
      .from(searchSnapshots)
      .where(
        and(
          eq(searchSnapshots.name, name),
          eq(searchSnapshots.format, version.format),
          eq(searchSnapshots.fingerprint, version.fingerprint),
        ),
      );
    return rows[0]?.data ?? null;
  }

  /** Saves (or replaces) a snapshot. */
  async writeSnapshot(name: string, version: { format: string; fingerprint: string }, data: Uint8Array): Promise<void> {
    const row = { name, format: version.format, fingerprint: version.fingerprint, data };
    await this.db
      .insert(searchSnapshots)
      .values(row)
      .onConflictDoUpdate({
        target: searchSnapshots.name,
        set: { format: row.format, fingerprint: row.fingerprint, data: row.data, updatedAt: new Date() },
      });
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
