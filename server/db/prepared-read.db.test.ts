import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import type { Database } from './database';
import { preparedRead } from './prepared-read';
import { categories } from './schema';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(categories).values([
    { name: 'Quotes', slug: "it's" },
    { name: 'Backslash', slug: 'back\\slash' },
    { name: 'Letters', slug: 'žluťoučký-日本' },
  ]);
});
afterAll(async () => {
  await database.close();
});

function bySlug(name: string) {
  const query = database.db
    .select({ name: categories.name, is_active: categories.isActive })
    .from(categories)
    .where(sql`${eq(categories.slug, sql.placeholder('slug'))} AND ${categories.sortOrder} >= ${sql.placeholder('order')}`);
  return preparedRead<{ name: string; is_active: boolean }>(database.db, name, query);
}

describe('preparedRead', () => {
  it('answers with the values given, text with quotes, backslashes and any letters as it is', async () => {
    const read = bySlug('test_categories_by_slug');
    expect(await read({ slug: "it's", order: 0 })).toEqual([{ name: 'Quotes', is_active: true }]);
    expect(await read({ slug: 'back\\slash', order: 0 })).toEqual([{ name: 'Backslash', is_active: true }]);
    expect(await read({ slug: 'žluťoučký-日本', order: 0 })).toEqual([{ name: 'Letters', is_active: true }]);
    expect(await read({ slug: "' OR '1'='1", order: 0 })).toEqual([]);
    expect(await read({ slug: "it's", order: 1 })).toEqual([]);
  });

  it('shares one statement between callers of one name, even at once, and refuses another text under it', async () => {
    const [first, second] = [bySlug('test_categories_shared'), bySlug('test_categories_shared')];
    const answers = await Promise.all([first({ slug: "it's", order: 0 }), second({ slug: 'back\\slash', order: 0 })]);
    expect(answers.map((rows) => rows[0]?.name)).toEqual(['Quotes', 'Backslash']);
    const other = database.db
      .select({ name: categories.name })
      .from(categories)
      .where(eq(categories.id, sql.placeholder('id')));
    if (database.driver === 'pglite') expect(() => preparedRead(database.db, 'test_categories_shared', other)).toThrow();
  });

  it('refuses values a literal cannot carry', async () => {
    const read = bySlug('test_categories_refusing');
    await expect(read({ slug: 'a\u0000b', order: 0 })).rejects.toThrow();
    await expect(read({ slug: "it's", order: Number.NaN })).rejects.toThrow();
  });
});
