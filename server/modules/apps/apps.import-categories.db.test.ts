import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, categories } from '../../db/schema';
import { signInAsAdmin, type TestSession } from '../../test/admin-session';
import { buildAppRecord, insertApp } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { importApps } from './apps.import';

let t: TestApp;
let admin: TestSession;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAsAdmin(t);
  await insertApp(t.ctx.db, { name: 'Seed Writer', category: 'Writing' });
  await insertApp(t.ctx.db, { name: 'Seed Coder', category: 'Coding' });
  // A curator renames both: the slugs stay `writing` and `coding`.
  await t.ctx.db.update(categories).set({ name: 'Writing Tools' }).where(eq(categories.slug, 'writing'));
  await t.ctx.db.update(categories).set({ name: 'Code Assistants' }).where(eq(categories.slug, 'coding'));
});
afterAll(async () => t.close());

function importFile(payload: unknown, query = '') {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/apps/import${query}`,
    headers: { cookie: admin.cookie },
    payload: payload as object,
  });
}

async function counts() {
  return {
    apps: (await t.ctx.db.select({ id: apps.id }).from(apps)).length,
    categories: (await t.ctx.db.select({ id: categories.id }).from(categories)).length,
  };
}

async function categoryOf(id: number) {
  const [row] = await t.ctx.db
    .select({ name: categories.name, slug: categories.slug })
    .from(apps)
    .innerJoin(categories, eq(apps.categoryId, categories.id))
    .where(eq(apps.id, id));
  return row;
}

describe('import into renamed categories', () => {
  it('files an app whose category is the old name (or the slug) under the renamed category, without creating one', async () => {
    const before = await counts();
    const response = await importFile([
      buildAppRecord({ name: 'Old Name Writer', category: 'Writing' }),
      buildAppRecord({ name: 'Slug Writer', category: 'writing' }),
      buildAppRecord({ name: 'New Name Writer', category: 'writing tools' }),
      buildAppRecord({ name: 'Old Name Coder', category: 'Coding' }),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const { ids } = response.json() as { ids: number[] };
    for (const id of ids.slice(0, 3)) expect(await categoryOf(id)).toEqual({ name: 'Writing Tools', slug: 'writing' });
    expect(await categoryOf(ids[3] as number)).toEqual({ name: 'Code Assistants', slug: 'coding' });
    expect(await counts()).toEqual({ apps: before.apps + 4, categories: before.categories });
  });

  it('refuses two records that land on one page through two spellings of a category, naming the row, nothing written', async () => {
    const before = await counts();
    const response = await importFile([
      buildAppRecord({ name: 'Twin Writer', category: 'Writing' }),
      buildAppRecord({ name: 'Twin Writer', category: 'Writing Tools' }),
      buildAppRecord({ name: 'Fresh', category: 'Brand New Shelf' }),
    ]);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.details.errors).toEqual([
      { record: 1, name: 'Twin Writer', field: 'name', message: 'Same name and category as record 0' },
    ]);
    expect(await counts()).toEqual(before);
  });

  it('refuses a published app that takes a page of the renamed category, and a category that is "All" by its slug', async () => {
    const before = await counts();
    const taken = await importFile([buildAppRecord({ name: 'Seed Writer', category: 'Writing' })]);
    expect(taken.statusCode, taken.body).toBe(400);
    expect(taken.json().error.details.errors[0]).toMatchObject({ record: 0, name: 'Seed Writer', field: 'name' });
    const all = await importFile([
      buildAppRecord({ name: 'Fine', category: 'Design' }),
      buildAppRecord({ name: 'Everything', category: 'ALL!' }),
    ]);
    expect(all.statusCode, all.body).toBe(400);
    expect(all.json().error.details.errors).toEqual([
      { record: 1, name: 'Everything', field: 'category', message: '"ALL!" is the category "All", which holds no apps' },
    ]);
    expect(await counts()).toEqual(before);
  });

  it('imports through the command-line path (importApps) the same way', async () => {
    const result = await importApps(t.ctx.db, [buildAppRecord({ name: 'Command Line Writer', category: 'Writing' })], 'pending');
    expect(result.ok).toBe(true);
    if (result.ok) expect(await categoryOf(result.ids[0] as number)).toEqual({ name: 'Writing Tools', slug: 'writing' });
  });

  it('answers any multi-app file over renamed, new and odd categories with 201 or a 4xx in the error shape, all or nothing', async () => {
    const categoryText = fc.constantFrom(
      'Writing',
      'writing',
      'WRITING TOOLS',
      'Coding',
      'code-assistants',
      'Code Assistants',
      'Design',
      'design',
      ' Design ',
      'Ünïcode Shelf',
      '!!!',
      '---',
      'All',
      'all',
      'A/B',
      'a b',
    );
    const record = fc.record({
      name: fc.constantFrom('Alpha', 'Beta', 'Gamma', 'Delta'),
      category: categoryText,
      status: fc.constantFrom('published', 'pending'),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(record, { minLength: 2, maxLength: 5 }), fc.nat(), async (records, salt) => {
        const before = await counts();
        const file = records.map((entry, index) =>
          buildAppRecord({ ...entry, name: `${entry.name} ${salt}`, url: `https://fuzz-${salt}-${index}.example.com` }),
        );
        const response = await importFile(file);
        if (response.statusCode === 201) {
          expect((await counts()).apps).toBe(before.apps + records.length);
          return;
        }
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().error).toMatchObject({
          code: 'validation_failed',
          message: expect.stringMatching(/^Nothing was imported/),
        });
        expect(await counts()).toEqual(before);
      }),
      { seed: 20261126, numRuns: 40 },
    );
  }, 120_000);
});

describe('import into a new category', () => {
  it('makes the category and its apps searchable without a full rebuild of the search index', async () => {
    await t.ctx.search.whenReady();
    const builds = t.ctx.search.fullBuilds;
    const response = await importFile([
      buildAppRecord({
        name: 'Stargazer Log',
        category: 'Astronomy',
        description: 'Plans stargazing nights from the weather and the moon phase.',
      }),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const answer = await t.app.inject({ method: 'POST', url: '/api/search', payload: { query: 'plan stargazing nights' } });
    expect(answer.json().apps.map((app: { name: string }) => app.name)).toContain('Stargazer Log');
    const listed = await t.app.inject({ url: '/api/categories' });
    expect(listed.json().map((category: { name: string }) => category.name)).toContain('Astronomy');
    // A full build blocks the instance for seconds on a large catalogue: only the new apps were indexed.
    expect(t.ctx.search.fullBuilds).toBe(builds);
  });
});

describe('imports at once', () => {
  it('refuses a second import while one runs, in the error shape, and takes it once the first has finished', async () => {
    const file = (tag: string) =>
      Array.from({ length: 300 }, (_, index) => buildAppRecord({ name: `Batch ${tag} ${index}`, category: 'Writing' }));
    // Which of the two takes the slot is up to the server: exactly one is imported, the other refused.
    const answers = await Promise.all([importFile(file('A')), importFile(file('B'))]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json()).toEqual({
      error: {
        code: 'conflict',
        message: 'Another import is running on this server; send the file again when it has finished.',
      },
    });
    const imported = answers.find((answer) => answer.statusCode === 201);
    const retried = imported === answers[0] ? 'B' : 'A';
    const again = await importFile(file(retried));
    expect(again.statusCode, again.body).toBe(201);
  });
});
