import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { apps, categories, discoveryLogs, discoverySources, settings } from '../../db/schema';
import type { DiscoverySourceType } from '@shared/schemas/discovery';
import type { AppInsert } from '../../db/catalogue';

export type DiscoverySourceRow = typeof discoverySources.$inferSelect;
export type DiscoveryLogRow = typeof discoveryLogs.$inferSelect;

/** A lock key shared by every instance: duplicate check and insert of a discovered app happen under it. */
const DUPLICATE_LOCK_KEY = 734_001_517;

/** An existing app that a discovered page duplicates. */
export interface DuplicateMatch {
  id: number;
  name: string;
  by: 'url' | 'name';
}

/** Queries of the discovery pipeline; no rules here. */
export class DiscoveryRepository {
  constructor(private readonly db: Db) {}

  /** The first app with one of the normalised URLs, else one with the normalised name. */
  async findDuplicate(
    normalizedUrls: string[],
    normalizedName: string | null,
    db: Db = this.db,
  ): Promise<DuplicateMatch | undefined> {
    const urls = [...new Set(normalizedUrls.filter(Boolean))];
    const conditions = [];
    if (urls.length > 0) conditions.push(inArray(apps.normalizedUrl, urls));
    if (normalizedName) conditions.push(eq(apps.normalizedName, normalizedName));
    if (conditions.length === 0) return undefined;
    const rows = await db
      .select({ id: apps.id, name: apps.name, normalizedUrl: apps.normalizedUrl })
      .from(apps)
      .where(or(...conditions))
      .orderBy(asc(apps.id))
      .limit(20);
    const byUrl = rows.find((row) => urls.includes(row.normalizedUrl));
    const match = byUrl ?? rows[0];
    return match ? { id: match.id, name: match.name, by: byUrl ? 'url' : 'name' } : undefined;
  }

  /**
   * Inserts a discovered app unless a duplicate exists, atomically across instances: the check and
   * the insert run in one transaction holding a transaction-scoped advisory lock.
   */
  async insertUnlessDuplicate(
    values: AppInsert,
    duplicateUrls: string[],
  ): Promise<{ created: true; id: number } | { created: false; duplicate: DuplicateMatch }> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${DUPLICATE_LOCK_KEY})`);
      const duplicate = await this.findDuplicate(duplicateUrls, values.normalizedName || null, tx as unknown as Db);
      if (duplicate) return { created: false as const, duplicate };
      const [row] = await tx.insert(apps).values(values).returning({ id: apps.id });
      if (!row) throw new Error('app insert returned nothing');
      return { created: true as const, id: row.id };
    });
  }

  /** Which of these normalised URLs already belong to an app. */
  async knownNormalizedUrls(normalizedUrls: string[]): Promise<Set<string>> {
    if (normalizedUrls.length === 0) return new Set();
    const rows = await this.db.select({ url: apps.normalizedUrl }).from(apps).where(inArray(apps.normalizedUrl, normalizedUrls));
    return new Set(rows.map((row) => row.url));
  }

  listSources(): Promise<DiscoverySourceRow[]> {
    return this.db.select().from(discoverySources).orderBy(asc(discoverySources.id));
  }

  listEnabledSources(): Promise<DiscoverySourceRow[]> {
    return this.db.select().from(discoverySources).where(eq(discoverySources.enabled, true)).orderBy(asc(discoverySources.id));
  }

  /** Inserts a source; undefined when one with the same URL exists. */
  async insertSource(values: {
    url: string;
    type: DiscoverySourceType;
    enabled: boolean;
  }): Promise<DiscoverySourceRow | undefined> {
    const [row] = await this.db.insert(discoverySources).values(values).onConflictDoNothing().returning();
    return row;
  }

  async findSourceByUrl(url: string): Promise<DiscoverySourceRow | undefined> {
    const [row] = await this.db.select().from(discoverySources).where(eq(discoverySources.url, url));
    return row;
  }

  async setSourceEnabled(id: number, enabled: boolean): Promise<DiscoverySourceRow | undefined> {
    const [row] = await this.db.update(discoverySources).set({ enabled }).where(eq(discoverySources.id, id)).returning();
    return row;
  }

  async deleteSource(id: number): Promise<boolean> {
    const rows = await this.db.delete(discoverySources).where(eq(discoverySources.id, id)).returning({ id: discoverySources.id });
    return rows.length > 0;
  }

  /** Records a read of a source: when, and why it failed (null when it succeeded). */
  async markSourceRun(id: number, at: Date, error: string | null = null): Promise<void> {
    await this.db.update(discoverySources).set({ lastRunAt: at, lastError: error }).where(eq(discoverySources.id, id));
  }

  async insertLog(values: {
    trigger: string;
    durationMs: number;
    discovered: number;
    processed: number;
    errors: number;
    details: string[];
  }): Promise<number> {
    const [row] = await this.db.insert(discoveryLogs).values(values).returning({ id: discoveryLogs.id });
    return row?.id ?? 0;
  }

  /** Runs, newest first. */
  listLogs(limit: number): Promise<DiscoveryLogRow[]> {
    return this.db.select().from(discoveryLogs).orderBy(desc(discoveryLogs.createdAt), desc(discoveryLogs.id)).limit(limit);
  }

  async latestLog(): Promise<DiscoveryLogRow | undefined> {
    const [row] = await this.db
      .select()
      .from(discoveryLogs)
      .orderBy(desc(discoveryLogs.createdAt), desc(discoveryLogs.id))
      .limit(1);
    return row;
  }

  /** Figures of the Discover view's cards. */
  async stats(): Promise<{
    appsDiscovered: number;
    pendingReview: number;
    categories: number;
    discovered: number;
    processed: number;
  }> {
    const [appCounts] = await this.db
      .select({
        appsDiscovered: sql<number>`count(*) filter (where ${apps.aiGenerated})`.mapWith(Number),
        pendingReview: sql<number>`count(*) filter (where ${apps.status} = 'pending')`.mapWith(Number),
      })
      .from(apps);
    const [categoryCount] = await this.db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(categories)
      .where(and(eq(categories.isActive, true), ne(sql`lower(${categories.name})`, 'all')));
    const [logTotals] = await this.db
      .select({
        discovered: sql<number>`coalesce(sum(${discoveryLogs.discovered}), 0)`.mapWith(Number),
        processed: sql<number>`coalesce(sum(${discoveryLogs.processed}), 0)`.mapWith(Number),
      })
      .from(discoveryLogs);
    return {
      appsDiscovered: appCounts?.appsDiscovered ?? 0,
      pendingReview: appCounts?.pendingReview ?? 0,
      categories: categoryCount?.count ?? 0,
      discovered: logTotals?.discovered ?? 0,
      processed: logTotals?.processed ?? 0,
    };
  }

  async getSetting<T>(key: string): Promise<T | undefined> {
    const [row] = await this.db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
    return row?.value as T | undefined;
  }

  async setSetting(key: string, value: unknown): Promise<void> {
    await this.db
      .insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
  }

  async deleteSetting(key: string): Promise<void> {
    await this.db.delete(settings).where(eq(settings.key, key));
  }
}
