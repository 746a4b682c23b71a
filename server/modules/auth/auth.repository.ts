import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { sessions, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/** Queries on users and sessions; no rules here. */
export class AuthRepository {
  constructor(private readonly db: Db) {}

  async findUserByEmail(email: string): Promise<UserRow | undefined> {
    const rows = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
      .limit(1);
    return rows[0];
  }

  async findUserById(id: number): Promise<UserRow | undefined> {
    const rows = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return rows[0];
  }

  async countAdmins(): Promise<number> {
    const rows = await this.db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(eq(users.isAdmin, true));
    return rows[0]?.count ?? 0;
  }

  async insertUser(values: typeof users.$inferInsert): Promise<UserRow> {
    const [row] = await this.db.insert(users).values(values).returning();
    if (!row) throw new Error('user insert returned nothing');
    return row;
  }

  async updateUser(id: number, values: Partial<typeof users.$inferInsert>): Promise<UserRow> {
    const [row] = await this.db.update(users).set(values).where(eq(users.id, id)).returning();
    if (!row) throw new Error(`user ${id} vanished`);
    return row;
  }

  async insertSession(values: { idHash: string; userId: number; expiresAt: Date; lastSeenAt: Date }): Promise<void> {
    await this.db.insert(sessions).values(values);
  }

  /** The session with its user, by the hash of its token. */
  async findSession(idHash: string): Promise<{ session: SessionRow; user: UserRow } | undefined> {
    const rows = await this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(sessions.userId, users.id))
      .where(eq(sessions.idHash, idHash))
      .limit(1);
    return rows[0];
  }

  /** Moves lastSeenAt forward unless another request already did within `minGapMs`. */
  async touchSession(idHash: string, now: Date, minGapMs: number): Promise<void> {
    await this.db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.idHash, idHash), lt(sessions.lastSeenAt, new Date(now.getTime() - minGapMs))));
  }

  async deleteSession(idHash: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.idHash, idHash));
  }

  /** Removes sessions past their absolute expiry or idle for longer than `idleMs`. */
  async deleteExpiredSessions(now: Date, idleMs: number): Promise<void> {
    await this.db
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - idleMs))));
  }
}
