import { count, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, categories } from '../../db/schema';
import { buildAppRecord } from '../../db/factories';
import { signInAsAdmin, type TestSession } from '../../test/admin-session';
import { syntheticAppRecord } from '../../test/synthetic-catalogue';
import { createTestApp, listenOnLoopback, type TestApp } from '../../test/test-app';

/**
 * A large import writes in short transactions (decision 0026): the instance keeps answering while
 * the rows go in, and a write that fails part-way leaves nothing behind.
 */
const SIZE = 5_000;
let t: TestApp;
let admin: TestSession;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAsAdmin(t);
  base = await listenOnLoopback(t.app);
});
afterAll(async () => t.close());

function importFile(payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/apps/import',
    headers: { cookie: admin.cookie },
    payload: payload as object,
  });
}

async function appCount(): Promise<number> {
  const [row] = await t.ctx.db.select({ n: count() }).from(apps);
  return Number(row?.n);
}

describe(`an import of ${SIZE} apps`, () => {
  it('leaves health and database reads answering while its rows are written', async () => {
    // Over a real socket, as a monitor and a curator ask: health, then the admin list's total (a read that always
    // needs the database). An import written in one transaction shows no total between 0 and SIZE, and on PGlite
    // holds the only connection until it is done.
    const answers: { path: 'health' | 'list'; status: number; total?: number }[] = [];
    let importing = true;
    const prober = (async () => {
      while (importing) {
        const health = await fetch(`${base}/api/health`).catch(() => null);
        await health?.arrayBuffer();
        answers.push({ path: 'health', status: health?.status ?? 0 });
        const list = await fetch(`${base}/api/admin/apps?limit=1`, { headers: { cookie: admin.cookie } }).catch(() => null);
        await list?.arrayBuffer();
        answers.push({ path: 'list', status: list?.status ?? 0, total: Number(list?.headers.get('x-total-count')) });
        // Spaced out: on PGlite each round's queries run between the import's statements and slow it down.
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    const response = await importFile(Array.from({ length: SIZE }, (_, index) => syntheticAppRecord(index)));
    importing = false;
    await prober;

    expect(response.statusCode, response.body.slice(0, 300)).toBe(201);
    expect((response.json() as { imported: number }).imported).toBe(SIZE);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    const whileWriting = answers.findIndex((answer) => answer.total !== undefined && answer.total > 0 && answer.total < SIZE);
    expect(whileWriting, 'no database read was answered while the rows were being written').toBeGreaterThanOrEqual(0);
    // Health kept answering after that point too, not only before the write started.
    expect(answers.slice(whileWriting).some((answer) => answer.path === 'health')).toBe(true);
    expect(await appCount()).toBe(SIZE);
  }, 900_000);
});

describe('an import whose write fails part-way', () => {
  // A trigger refuses one record's row, in the middle of the file, after many statements have been committed.
  async function refuseRowsNamed(name: string, errcode: string, constraint = ''): Promise<void> {
    await t.ctx.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION refuse_named_app() RETURNS trigger AS $$
        BEGIN
          IF NEW.name = '${name}' THEN
            RAISE EXCEPTION 'refused by the test' USING ERRCODE = '${errcode}'${constraint ? `, CONSTRAINT = '${constraint}'` : ''};
          END IF;
          RETURN NEW;
        END $$ LANGUAGE plpgsql`),
    );
    await t.ctx.db.execute(
      sql.raw(
        'CREATE OR REPLACE TRIGGER refuse_named_app BEFORE INSERT ON apps FOR EACH ROW EXECUTE FUNCTION refuse_named_app()',
      ),
    );
  }
  async function dropTrigger(): Promise<void> {
    await t.ctx.db.execute(sql.raw('DROP TRIGGER IF EXISTS refuse_named_app ON apps'));
  }

  function fileWithPoison(prefix: string, poisonAt: number, length: number) {
    return Array.from({ length }, (_, index) =>
      buildAppRecord({
        name: index === poisonAt ? 'Poison Pill' : `${prefix} ${index}`,
        category: index % 2 === 0 ? `${prefix} Category` : 'Writing',
      }),
    );
  }

  async function leftovers(prefix: string) {
    const [app] = await t.ctx.db
      .select({ n: count() })
      .from(apps)
      .where(like(apps.name, `${prefix} %`));
    const [category] = await t.ctx.db
      .select({ n: count() })
      .from(categories)
      .where(inArray(categories.name, [`${prefix} Category`]));
    return { apps: Number(app?.n), categories: Number(category?.n) };
  }

  it('removes the apps and the category it had written, and answers in the error shape', async () => {
    const before = await appCount();
    await refuseRowsNamed('Poison Pill', 'P0001');
    try {
      const response = await importFile(fileWithPoison('Undone', 1_750, 2_000));
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    } finally {
      await dropTrigger();
    }
    expect(await leftovers('Undone')).toEqual({ apps: 0, categories: 0 });
    expect(await appCount()).toBe(before);
  }, 180_000);

  it('answers 409 when another writer took one of its pages meanwhile, leaving nothing', async () => {
    const before = await appCount();
    // What the unique index of published pages says when a curator published the same page during the write.
    await refuseRowsNamed('Poison Pill', '23505', 'apps_published_slug_key');
    try {
      const response = await importFile(fileWithPoison('Raced', 1_200, 1_500));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        error: { code: 'conflict', message: expect.stringMatching(/^Nothing was imported/) },
      });
    } finally {
      await dropTrigger();
    }
    expect(await leftovers('Raced')).toEqual({ apps: 0, categories: 0 });
    expect(await appCount()).toBe(before);
  }, 180_000);
});
