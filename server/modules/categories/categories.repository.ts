import { asc, eq, sql } from 'drizzle-orm';
import type { CategoryRow } from '../../db/catalogue';
import type { Db } from '../../db/database';
import { categories } from '../../db/schema';

/** Queries on categories; no rules here. */
export class CategoriesRepository {
  constructor(private readonly db: Db) {}

  /** Active categories by sort order, "All" included. */
  listActive(): Promise<CategoryRow[]> {
    return this.db.select().from(categories).where(eq(categories.isActive, true)).orderBy(asc(categories.sortOrder), asc(categories.id));
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
}
