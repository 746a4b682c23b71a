import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { settings } from '../../db/schema';

/** Key/value settings (JSON values); no rules here. */
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

  /** Removes a setting (no-op when it was never set). */
  async delete(key: string): Promise<void> {
    await this.db.delete(settings).where(eq(settings.key, key));
  }
}
