import { and, desc, eq, getTableColumns, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AppStatus } from '@shared/constants';
import type { Db } from '../../db/database';
import { appSlugRedirects, apps, categories } from '../../db/schema';
import type { AppInsert, AppWithCategory } from '../../db/catalogue';

const columns = { ...getTableColumns(apps), categoryName: categories.name, categorySlug: categories.slug };

/** `%text%` for ILIKE with the wildcard characters of the text escaped. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Admin queries on apps (any status); no rules here. */
export class AppsAdminRepository {
  constructor(private readonly db: Db) {}

  private filter(query: { q?: string | undefined; status?: AppStatus | undefined }): SQL | undefined {
    const conditions: SQL[] = [];
    if (query.status) conditions.push(eq(apps.status, query.status));
    if (query.q) {
      const pattern = containsPattern(query.q);
      const text = or(ilike(apps.name, pattern), ilike(apps.description, pattern), ilike(categories.name, pattern));
      if (text) conditions.push(text);
    }
    return conditions.length > 0 ? and(...conditions) : undefined;
  }

  /** One page of apps, newest first, with the total matching the filter. */
  async list(query: {
    q?: string | undefined;
    status?: AppStatus | undefined;
    limit?: number | undefined;
    offset?: number | undefined;
  }): Promise<{ rows: AppWithCategory[]; total: number }> {
    const where = this.filter(query);
    let page = this.db
      .select(columns)
      .from(apps)
      .innerJoin(categories, eq(apps.categoryId, categories.id))
      .where(where)
      .orderBy(desc(apps.createdAt), desc(apps.id))
      .$dynamic();
    if (query.limit !== undefined) page = page.limit(query.limit);
    if (query.offset !== undefined) page = page.offset(query.offset);
    const [rows, totals] = await Promise.all([
      page,
      this.db
        .select({ count: sql<number>`count(*)`.mapWith(Number) })
        .from(apps)
        .innerJoin(categories, eq(apps.categoryId, categories.id))
        .where(where),
    ]);
    return { rows, total: totals[0]?.count ?? 0 };
  }

  async findById(id: number): Promise<AppWithCategory | undefined> {
    const rows = await this.db
      .select(columns)
      .from(apps)
      .innerJoin(categories, eq(apps.categoryId, categories.id))
      .where(eq(apps.id, id))
      .limit(1);
    return rows[0];
  }

  /** Every app with its category, oldest first (the export). */
  all(): Promise<AppWithCategory[]> {
    return this.db.select(columns).from(apps).innerJoin(categories, eq(apps.categoryId, categories.id)).orderBy(apps.id);
  }

  /** Whether another published app already has this page (category + name slug). */
  async publishedPageTaken(categoryId: number, nameSlug: string, exceptId?: number): Promise<boolean> {
    const conditions = [eq(apps.status, 'published'), eq(apps.categoryId, categoryId), eq(apps.nameSlug, nameSlug)];
    if (exceptId !== undefined) conditions.push(ne(apps.id, exceptId));
    const rows = await this.db
      .select({ id: apps.id })
      .from(apps)
      .where(and(...conditions))
      .limit(1);
    return rows.length > 0;
  }

  async insert(values: AppInsert): Promise<number> {
    const [row] = await this.db.insert(apps).values(values).returning({ id: apps.id });
    if (!row) throw new Error('app insert returned nothing');
    return row.id;
  }

  /** Inserts many apps in one statement; returns their ids in order. */
  async insertMany(values: AppInsert[]): Promise<number[]> {
    if (values.length === 0) return [];
    const rows = await this.db.insert(apps).values(values).returning({ id: apps.id });
    return rows.map((row) => row.id);
  }

  /** The pages (`categorySlug/nameSlug`) of every published app. */
  async publishedPages(): Promise<Set<string>> {
    const rows = await this.db
      .select({ categorySlug: categories.slug, nameSlug: apps.nameSlug })
      .from(apps)
      .innerJoin(categories, eq(apps.categoryId, categories.id))
      .where(eq(apps.status, 'published'));
    return new Set(rows.map((row) => `${row.categorySlug}/${row.nameSlug}`));
  }

  /**
   * Updates an app; when `formerPage` is given (a published app's page moved), the old address is
   * recorded for 301s in the same transaction.
   */
  async update(
    id: number,
    values: Partial<AppInsert>,
    formerPage?: { categorySlug: string; nameSlug: string },
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx.update(apps).set(values).where(eq(apps.id, id)).returning({ id: apps.id });
      if (rows.length === 0) return false;
      if (formerPage) {
        await tx
          .insert(appSlugRedirects)
          .values({ appId: id, ...formerPage })
          .onConflictDoUpdate({
            target: [appSlugRedirects.categorySlug, appSlugRedirects.nameSlug],
            set: { appId: id, updatedAt: new Date() },
          });
      }
      return true;
    });
  }

  /** Deletes apps; returns the ids that existed. */
  async delete(ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.delete(apps).where(inArray(apps.id, ids)).returning({ id: apps.id });
    return rows.map((row) => row.id);
  }

  /** Deletes every app the All Apps filter matches, in one statement; returns the deleted ids. */
  async deleteMatching(query: { q?: string | undefined; status?: AppStatus | undefined }): Promise<number[]> {
    const matching = this.db
      .select({ id: apps.id })
      .from(apps)
      .innerJoin(categories, eq(apps.categoryId, categories.id))
      .where(this.filter(query));
    const rows = await this.db.delete(apps).where(inArray(apps.id, matching)).returning({ id: apps.id });
    return rows.map((row) => row.id);
  }

  /**
   * Deletes every app whose normalised name (app-identity.ts: case, spaces, punctuation and accents
   * ignored) equals an older app's; the oldest (then lowest id) of each name stays.
   * @returns the deleted ids.
   */
  async deleteDuplicateNames(): Promise<number[]> {
    const ranked = this.db
      .select({
        id: apps.id,
        // The stored key every write derives with normalizeName, so this and discovery's duplicate check are one rule.
        rank: sql<number>`row_number() over (partition by ${apps.normalizedName} order by ${apps.createdAt}, ${apps.id})`.as(
          'rank',
        ),
      })
      .from(apps)
      .as('ranked');
    const duplicates = this.db
      .select({ id: ranked.id })
      .from(ranked)
      .where(sql`${ranked.rank} > 1`);
    const rows = await this.db.delete(apps).where(inArray(apps.id, duplicates)).returning({ id: apps.id });
    return rows.map((row) => row.id);
  }

  async countAll(): Promise<number> {
    const rows = await this.db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(apps);
    return rows[0]?.count ?? 0;
  }
}
