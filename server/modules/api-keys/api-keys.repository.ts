import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { apiKeys } from '../../db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** Queries on API keys; no rules here. */
export class ApiKeysRepository {
  constructor(private readonly db: Db) {}

  async insert(values: { name: string; prefix: string; secretHash: string; createdBy: number | null }): Promise<ApiKeyRow> {
    const rows = await this.db.insert(apiKeys).values(values).returning();
    const row = rows[0];
    if (!row) throw new Error('API key insert returned nothing');
    return row;
  }

  /** Every key, newest first, revoked ones included. */
  list(): Promise<ApiKeyRow[]> {
    return this.db.select().from(apiKeys).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  }

  async findBySecretHash(secretHash: string): Promise<ApiKeyRow | undefined> {
    const rows = await this.db.select().from(apiKeys).where(eq(apiKeys.secretHash, secretHash)).limit(1);
    return rows[0];
  }

  /** Marks a key revoked (once: a second call keeps the first date). @returns the row, or undefined when unknown. */
  async revoke(id: number): Promise<ApiKeyRow | undefined> {
    const rows = await this.db
      .update(apiKeys)
      .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
      .where(eq(apiKeys.id, id))
      .returning();
    return rows[0];
  }

  /** Records a use, at most once a minute per key, so busy keys do not write on every request. */
  async touch(id: number): Promise<void> {
    await this.db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()`, updatedAt: sql`${apiKeys.updatedAt}` })
      .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`))));
  }
}
