import { and, asc, eq, getTableColumns, inArray, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { apps, categories } from '../../db/schema';
import type { CategoryInsert, CategoryRow } from '../../db/catalogue';

/** Admin queries on categories; no rules here. */
export class CategoriesAdminRepository {
  constructor(private readonly db: Db) {}

  /** Every category by sort order, with the number of apps it holds (any status). */
  listWithAppCounts(): Promise<(CategoryRow & { appCount: number })[]> {
    const counts = this.db
      .select({ categoryId: apps.categoryId, count: sql<number>`count(*)`.as('count') })
      .from(apps)
      .groupBy(apps.categoryId)
      .as('counts');
    return this.db
      .select({ ...getTableColumns(categories), appCount: sql<number>`coalesce(${counts.count}, 0)`.mapWith(Number) })
      .from(categories)
      .leftJoin(counts, eq(counts.categoryId, categories.id))
      .orderBy(asc(categories.sortOrder), asc(categories.id));
  }

  async findById(id: number): Promise<CategoryRow | undefined> {
    const rows = await this.db.select().from(categories).where(eq(categories.id, id)).limit(1);
    return rows[0];
  }

  async findBySlug(slug: string): Promise<CategoryRow | undefined> {
    const rows = await this.db.select().from(categories).where(eq(categories.slug, slug)).limit(1);
    return rows[0];
  }

  async findByName(name: string): Promise<CategoryRow | undefined> {
    const rows = await this.db
      .select()
      .from(categories)
      .where(sql`lower(${categories.name}) = ${name.trim().toLowerCase()}`)
      .limit(1);
    return rows[0];
  }

  async countApps(categoryId: number): Promise<number> {
    const rows = await this.db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(apps)
      .where(eq(apps.categoryId, categoryId));
    return rows[0]?.count ?? 0;
  }

  async maxSortOrder(): Promise<number> {
    const rows = await this.db.select({ max: sql<number | null>`max(${categories.sortOrder})`.mapWith(Number) }).from(categories);
    return rows[0]?.max ?? 0;
  }

  async insert(values: CategoryInsert): Promise<CategoryRow> {
    const [row] = await this.db.insert(categories).values(values).returning();
    if (!row) throw new Error('category insert returned nothing');
    return row;
  }

  /** Inserts a category unless its name or slug is already taken; returns the new row's id, or undefined. */
  async insertIfAbsent(values: CategoryInsert): Promise<number | undefined> {
    const [row] = await this.db.insert(categories).values(values).onConflictDoNothing().returning({ id: categories.id });
    return row?.id;
  }

  /** Every category's id, name, slug and sort order. */
  names(): Promise<Pick<CategoryRow, 'id' | 'name' | 'slug' | 'sortOrder'>[]> {
    return this.db
      .select({ id: categories.id, name: categories.name, slug: categories.slug, sortOrder: categories.sortOrder })
      .from(categories);
  }

  async update(id: number, values: Partial<CategoryInsert>): Promise<CategoryRow | undefined> {
    const [row] = await this.db.update(categories).set(values).where(eq(categories.id, id)).returning();
    return row;
  }

  /** Deletes those of `ids` that no app points to; returns the ids deleted. */
  async deleteEmpty(ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .delete(categories)
      .where(
        and(
          inArray(categories.id, ids),
          notExists(
            this.db
              .select({ one: sql`1` })
              .from(apps)
              .where(eq(apps.categoryId, categories.id)),
          ),
        ),
      )
      .returning({ id: categories.id });
    return rows.map((row) => row.id);
  }

  /** Deletes a category unless an app still points to it (the foreign key decides); returns whether it was deleted. */
  async delete(id: number): Promise<boolean> {
    const rows = await this.db.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
    return rows.length > 0;
  }

  /** Sets the sort orders of several categories in one transaction. */
  async setSortOrders(orders: { id: number; sortOrder: number }[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const { id, sortOrder } of orders) {
        await tx.update(categories).set({ sortOrder }).where(eq(categories.id, id));
      }
    });
  }
}
