import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { discoveryLogs, settings } from '../../db/schema';

export type DiscoveryLogRow = typeof discoveryLogs.$inferSelect;

/** Key/value settings (JSON values) and the discovery log; no rules here. */
export class SettingsRepository {
  constructor(private readonly db: Db) {}

  /** The stored JSON value of a setting, or undefined when it was never set. */
  async get(key: string): Promise<unknown> {
    const rows = await this.db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1);
    return rows[0]?.value;
  }

  /** Stores a setting (insert or replace). */
  async set(key: string, value: unknown): Promise<void> {
    await this.db
      .insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
  }

  /** Discovery runs, newest first. */
  listDiscoveryLogs(limit: number): Promise<DiscoveryLogRow[]> {
    return this.db.select().from(discoveryLogs).orderBy(desc(discoveryLogs.createdAt), desc(discoveryLogs.id)).limit(limit);
  }
}
