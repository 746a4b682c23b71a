import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin } from '../test/admin-session';
import { insertApp } from '../db/factories';
import { createTestApp, type TestApp } from '../test/test-app';

/** Writes racing a delete of the app they are about: 404 or 409 in the error shape, never a 500. */
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SEARCH_PER_MINUTE: '100000' });
  cookie = (await signInAsAdmin(t)).cookie;
});
afterAll(async () => t.close());

describe('a view, save or report arriving while its app is deleted', () => {
  it('answers 2xx, 404 or 409 in the error shape, never 500', async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 8; round++) {
      const id = await insertApp(t.ctx.db, { status: 'published' });
      const writes = Array.from({ length: 6 }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: index % 3 === 0 ? `/api/apps/${id}/view` : index % 3 === 1 ? `/api/apps/${id}/save` : `/api/apps/${id}/report`,
          remoteAddress: `10.0.${round}.${index + 1}`,
          ...(index % 3 === 2 ? { payload: { reason: 'dead_link' } } : {}),
        }),
      );
      const answers = await Promise.all([
        ...writes,
        t.app.inject({ method: 'DELETE', url: `/api/admin/apps/${id}`, headers: { cookie } }),
      ]);
      for (const answer of answers) {
        statuses.push(answer.statusCode);
        if (answer.statusCode >= 400) expect(answer.json()).toHaveProperty('error.code');
      }
    }
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
  });
});

describe('a merge racing a delete of either app and visitors counting on the merged one', () => {
  it('answers 2xx, 404 or 409, and what a winning merge reports was added to the kept app', async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 12; round++) {
      const kept = await insertApp(t.ctx.db, { status: 'published', viewCount: 5, saveCount: 1 });
      const merged = await insertApp(t.ctx.db, { status: 'published', viewCount: 7, saveCount: 2 });
      const deleted = round % 2 === 0 ? merged : kept;
      const [merge, remove, ...counts] = await Promise.all([
        t.app.inject({ method: 'POST', url: `/api/admin/apps/${merged}/merge`, headers: { cookie }, payload: { into: kept } }),
        t.app.inject({ method: 'DELETE', url: `/api/admin/apps/${deleted}`, headers: { cookie } }),
        ...[0, 1, 2, 3].map((index) =>
          t.app.inject({
            method: 'POST',
            url: `/api/apps/${merged}/${index % 2 === 0 ? 'view' : 'save'}`,
            remoteAddress: `10.1.${round}.${index + 1}`,
          }),
        ),
      ]);
      for (const answer of [merge!, remove!, ...counts]) {
        statuses.push(answer.statusCode);
        if (answer.statusCode >= 400) expect(answer.json()).toHaveProperty('error.code');
      }
      if (merge!.statusCode === 200) {
        const { moved } = merge!.json() as { moved: { views: number; saves: number } };
        expect(moved.views).toBeGreaterThanOrEqual(7);
        // The delete came second: of the merged app (already gone, 404) or of the kept one (which it removed).
        expect(remove!.statusCode).toBe(deleted === merged ? 404 : 204);
      } else {
        expect([404, 409]).toContain(merge!.statusCode);
        expect(remove!.statusCode).toBe(204);
      }
    }
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
  });
});
