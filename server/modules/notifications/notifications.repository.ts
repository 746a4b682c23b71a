import { desc, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { notifications } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;

/** Queries on persisted notifications; no rules here. */
export class NotificationsRepository {
  constructor(private readonly db: Db) {}

  async insert(values: { type: string; title: string; message: string; data: unknown }): Promise<NotificationRow> {
    const [row] = await this.db
      .insert(notifications)
      .values({ ...values, data: values.data ?? null })
      .returning();
    if (!row) throw new Error('notification insert returned nothing');
    return row;
  }

  /** The newest notifications first. */
  latest(limit: number): Promise<NotificationRow[]> {
    return this.db.select().from(notifications).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(limit);
  }

  async countSince(since: Date | undefined): Promise<number> {
    const rows = await this.db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(notifications)
      .where(since ? gt(notifications.createdAt, since) : undefined);
    return rows[0]?.count ?? 0;
  }
}
