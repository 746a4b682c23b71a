import { asc, eq, sql } from 'drizzle-orm';
import { isListed, type CategoryRow } from '../../db/catalogue';
import type { Db } from '../../db/database';
import { apps, categories } from '../../db/schema';

/** Queries on categories; no rules here. */
export class CategoriesRepository {
  constructor(private readonly db: Db) {}

  /** Active categories by sort order, "All" included. */
  listActive(): Promise<CategoryRow[]> {
    return this.db
      .select()
      .from(categories)
      .where(eq(categories.isActive, true))
      .orderBy(asc(categories.sortOrder), asc(categories.id));
  }

  listAll(): Promise<CategoryRow[]> {
    return this.db.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.id));
  }

  /** A category by its slug or its name, case-insensitively. */
  async findBySlugOrName(value: string): Promise<CategoryRow | undefined> {
    const needle = value.trim().toLowerCase();
    const rows = await this.db
      .select()
      .from(categories)
      .where(sql`${categories.slug} = ${needle} OR lower(${categories.name}) = ${needle}`)
      .orderBy(asc(categories.id))
      .limit(1);
    return rows[0];
  }

  /** Listed apps per category id: which categories have anything to show. */
  async countListedByCategory(): Promise<Map<number, number>> {
    const rows = await this.db
      .select({ categoryId: apps.categoryId, count: sql<number>`count(*)`.mapWith(Number) })
      .from(apps)
      .innerJoin(categories, eq(apps.categoryId, categories.id))
      .where(isListed)
      .groupBy(apps.categoryId);
    return new Map(rows.map((row) => [row.categoryId, row.count]));
  }
}
