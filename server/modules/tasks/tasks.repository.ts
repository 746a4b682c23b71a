import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { taskPages } from '../../db/schema';

export type TaskPageRow = typeof taskPages.$inferSelect;

/** Queries on the curators' task page settings; no rules here. */
export class TasksRepository {
  constructor(private readonly db: Db) {}

  /** Every curated task page, by slug. */
  async all(): Promise<Map<string, TaskPageRow>> {
    const rows = await this.db.select().from(taskPages);
    return new Map(rows.map((row) => [row.slug, row]));
  }

  async find(slug: string): Promise<TaskPageRow | undefined> {
    const rows = await this.db.select().from(taskPages).where(eq(taskPages.slug, slug));
    return rows[0];
  }

  /** Writes the given settings of a task page, creating its row on first use. */
  async upsert(slug: string, values: { hidden?: boolean | undefined; intro?: string | null | undefined }): Promise<TaskPageRow> {
    const set = {
      ...(values.hidden === undefined ? {} : { hidden: values.hidden }),
      ...(values.intro === undefined ? {} : { intro: values.intro }),
      updatedAt: sql`now()`,
    };
    const rows = await this.db
      .insert(taskPages)
      .values({ slug, hidden: values.hidden ?? false, intro: values.intro ?? null })
      .onConflictDoUpdate({ target: taskPages.slug, set })
      .returning();
    const row = rows[0];
    if (!row) throw new Error('task page upsert returned nothing');
    return row;
  }
}
