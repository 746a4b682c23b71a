import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { stackItems, stacks } from '../../db/schema';

export type StackRow = typeof stacks.$inferSelect;
export type StackItemRow = typeof stackItems.$inferSelect;

/** Queries on shared stacks; no rules here. */
export class StacksRepository {
  constructor(private readonly db: Db) {}

  /** Writes a stack and its items in one transaction. */
  async insert(
    stack: { id: string; title: string; secretHash: string; published: boolean },
    items: { appId: number; appName: string; note: string | null }[],
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(stacks).values(stack);
      await tx.insert(stackItems).values(items.map((item, position) => ({ stackId: stack.id, position, ...item })));
    });
  }

  async find(id: string): Promise<{ stack: StackRow; items: StackItemRow[] } | undefined> {
    const [stack] = await this.db.select().from(stacks).where(eq(stacks.id, id));
    if (!stack) return undefined;
    const items = await this.db.select().from(stackItems).where(eq(stackItems.stackId, id)).orderBy(asc(stackItems.position));
    return { stack, items };
  }

  /** Changes a stack; a new item list replaces the old one, in one transaction. */
  async update(
    id: string,
    values: { title?: string | undefined; published?: boolean | undefined },
    items?: { appId: number; appName: string; note: string | null }[],
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(stacks)
        .set({
          ...(values.title === undefined ? {} : { title: values.title }),
          ...(values.published === undefined ? {} : { published: values.published }),
          updatedAt: sql`now()`,
        })
        .where(eq(stacks.id, id));
      if (items) {
        await tx.delete(stackItems).where(eq(stackItems.stackId, id));
        await tx.insert(stackItems).values(items.map((item, position) => ({ stackId: id, position, ...item })));
      }
    });
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(stacks).where(eq(stacks.id, id));
  }
}
