import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_BURST_THRESHOLD, REVIEWS_PER_ADDRESS_PER_HOUR, REVIEWS_PER_VISITOR_PER_HOUR } from '@shared/constants';
import { eq } from 'drizzle-orm';
import { notifications } from '../../db/schema';
import { signInAsAdmin } from '../../test/admin-session';
import { insertApp } from '../../db/factories';
import { jsonLdOf } from '../../test/page-html';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = (await signInAsAdmin(t)).cookie;
});
afterAll(async () => t.close());

let addressSequence = 0;
type Send = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
) => Promise<Awaited<ReturnType<TestApp['app']['inject']>>>;
/** A client with a cookie jar, on its own address unless one is given. */
function client(remoteAddress = `198.51.100.${++addressSequence}`): Send {
  const jar = new Map<string, string>();
  return async (method, url, payload) => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await t.app.inject({
      method,
      url,
      remoteAddress,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    for (const set of response.cookies) jar.set(set.name, set.value);
    return response;
  };
}
/** A browser as the page drives it: it asks for its own review first, which gives it its identity. */
function browser(remoteAddress?: string): Send {
  const send = client(remoteAddress);
  let known = false;
  return async (method, url, payload) => {
    if (!known) {
      known = true;
      const appId = /\/api\/apps\/(\d+)\//.exec(url)?.[1] ?? '1';
      await send('GET', `/api/apps/${appId}/reviews/mine`);
    }
    return send(method, url, payload);
  };
}
const admin = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: adminCookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let textSequence = 0;
/** A valid review whose text differs from every other one (so it is not a near-duplicate). */
function review(overrides: Record<string, unknown> = {}) {
  textSequence += 1;
  let seed = textSequence * 2_654_435_761;
  const letter = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return String.fromCharCode(97 + (seed % 26));
  };
  const words = Array.from({ length: 8 }, () => Array.from({ length: 6 }, letter).join(''));
  return {
    rating: 4,
    title: `Title ${textSequence}`,
    text: `Honest notes: ${words.join(' ')}.`,
    name: `Reviewer ${textSequence}`,
    ...overrides,
  };
}

async function approve(id: number) {
  const response = await admin('PATCH', `/api/admin/reviews/${id}`, { status: 'approved' });
  expect(response.statusCode, response.body).toBe(200);
}

describe('writing a review', () => {
  it('holds a review for moderation (202 pending): not listed, not counted, no AggregateRating until approved', async () => {
    const id = await insertApp(t.ctx.db, { name: 'Reviewed Writer', rating: 42 });
    const page = await t.app.inject(`/app/${id}`);
    expect(jsonLdOf(page.body)[0]).not.toHaveProperty('aggregateRating');

    const write = browser();
    const created = await write('POST', `/api/apps/${id}/reviews`, review({ rating: 5, title: 'Saves me hours', name: 'Ada' }));
    expect(created.statusCode, created.body).toBe(202);
    expect(created.json()).toEqual({ id: expect.any(Number), status: 'pending' });
    expect((await t.app.inject(`/api/apps/${id}/reviews`)).json()).toEqual([]);
    expect((await t.app.inject(`/api/apps/${id}/reviews/summary`)).json()).toEqual({ average: null, count: 0 });

    const queue = (await admin('GET', '/api/admin/reviews?status=pending')).json() as Record<string, unknown>[];
    const queued = queue.find((item) => item.id === created.json().id);
    expect(queued).toMatchObject({ appId: id, rating: 5, title: 'Saves me hours', name: 'Ada', status: 'pending', flags: [] });
    expect(Object.keys(queued ?? {})).toEqual(
      expect.arrayContaining(['id', 'appId', 'rating', 'title', 'text', 'name', 'status', 'flags', 'createdAt']),
    );
    const waiting = await t.ctx.db.select().from(notifications).where(eq(notifications.type, 'reviews_waiting'));
    expect(waiting.at(-1)?.message).toContain('Ada reviewed Reviewed Writer');

    await approve(created.json().id);
    const listed = (await t.app.inject(`/api/apps/${id}/reviews`)).json() as Record<string, unknown>[];
    expect(listed).toEqual([
      expect.objectContaining({ id: created.json().id, rating: 5, title: 'Saves me hours', name: 'Ada', helpfulCount: 0 }),
    ]);
    expect((await t.app.inject(`/api/apps/${id}/reviews/summary`)).json()).toEqual({ average: 5, count: 1 });
    const [application] = jsonLdOf((await t.app.inject(`/app/${id}`)).body);
    expect(application).toMatchObject({
      aggregateRating: { '@type': 'AggregateRating', ratingValue: '5.0', ratingCount: 1, reviewCount: 1, bestRating: '5' },
    });
  });

  it('answers 400 in the error shape for bad input, after stripping links and markup', async () => {
    const id = await insertApp(t.ctx.db);
    const write = browser();
    const bad = [
      {},
      review({ rating: 0 }),
      review({ rating: 6 }),
      review({ rating: 3.5 }),
      review({ rating: '4' }),
      review({ title: '' }),
      review({ name: '   ' }),
      review({ text: 'Too short.' }),
      review({ text: 'x'.repeat(2001) }),
      // Only markup and links: nothing left to say.
      review({ text: '<a href="https://spam.example">https://spam.example/buy-now-cheap-pills</a> www.spam.example' }),
      review({ title: 'x'.repeat(121) }),
    ];
    for (const payload of bad) {
      const response = await write('POST', `/api/apps/${id}/reviews`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'validation_failed', message: expect.any(String) });
    }
    expect((await write('POST', `/api/apps/${id}/reviews`, 'not json')).statusCode).toBe(415);
    expect((await write('POST', '/api/apps/abc/reviews', review())).statusCode).toBe(400);

    const created = await write(
      'POST',
      `/api/apps/${id}/reviews`,
      review({
        title: '<b>Great</b> tool',
        text: 'Works <script>alert(1)</script>really well, see https://evil.example/x and [my site](https://evil.example) or evil.com for more &amp; more.',
        name: '<img src=x onerror=alert(1)>Bob',
      }),
    );
    expect(created.statusCode, created.body).toBe(202);
    const stored = (
      (await admin('GET', '/api/admin/reviews')).json() as { id: number; title: string; text: string; name: string }[]
    ).find((item) => item.id === created.json().id);
    expect(stored).toMatchObject({ title: 'Great tool', name: 'Bob' });
    expect(stored?.text).toBe('Works really well, see and my site or for more & more.');
  });

  it('answers 404 for an unknown or unpublished app', async () => {
    const write = browser();
    expect((await write('POST', '/api/apps/999999/reviews', review())).statusCode).toBe(404);
    const pending = await insertApp(t.ctx.db, {}, 'pending');
    const response = await write('POST', `/api/apps/${pending}/reviews`, review());
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
    expect((await t.app.inject(`/api/apps/${pending}/reviews`)).statusCode).toBe(404);
    expect((await t.app.inject('/api/v1/apps/999999/reviews')).statusCode).toBe(404);
  });

  it('allows one review per browser per app (409), which that browser can read and edit (back to pending); another browser on the same address may review too', async () => {
    const id = await insertApp(t.ctx.db);
    const address = '198.51.100.200';
    const first = browser(address);
    const created = await first('POST', `/api/apps/${id}/reviews`, review({ title: 'First take' }));
    expect(created.statusCode).toBe(202);
    const again = await first('POST', `/api/apps/${id}/reviews`, review());
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('conflict');

    await approve(created.json().id);
    const mine = (await first('GET', `/api/apps/${id}/reviews/mine`)).json();
    expect(mine.review).toMatchObject({ id: created.json().id, title: 'First take', status: 'approved' });
    const edited = await first('PUT', `/api/apps/${id}/reviews/mine`, review({ title: 'Second thoughts', rating: 2 }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toEqual({ id: created.json().id, status: 'pending' });
    // The edit waits for a curator again: the approved version no longer shows.
    expect((await t.app.inject(`/api/apps/${id}/reviews`)).json()).toEqual([]);

    const second = browser(address);
    expect((await second('GET', `/api/apps/${id}/reviews/mine`)).json()).toEqual({ review: null });
    expect((await second('PUT', `/api/apps/${id}/reviews/mine`, review())).statusCode).toBe(404);
    expect((await second('POST', `/api/apps/${id}/reviews`, review())).statusCode).toBe(202);
  });

  it('a client without the browser cookie is known by its address: a second review is 409, a second vote not counted', async () => {
    const id = await insertApp(t.ctx.db);
    const bare = (payload?: unknown, url = `/api/apps/${id}/reviews`) =>
      t.app.inject({
        method: 'POST',
        url,
        remoteAddress: '198.51.100.222',
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const first = await bare(review());
    expect(first.statusCode).toBe(202);
    expect(first.cookies.map((cookie) => cookie.name)).not.toContain('aitlas_bid');
    expect((await bare(review())).statusCode).toBe(409);
    await approve(first.json().id);
    expect((await bare(undefined, `/api/reviews/${first.json().id}/helpful`)).json()).toEqual({ counted: true, helpfulCount: 1 });
    expect((await bare(undefined, `/api/reviews/${first.json().id}/helpful`)).json()).toEqual({
      counted: false,
      helpfulCount: 1,
    });
    // A browser on that address asks for its identity first: it is someone else.
    expect((await browser('198.51.100.222')('POST', `/api/apps/${id}/reviews`, review())).statusCode).toBe(202);
  });

  it(`limits reviews to ${REVIEWS_PER_VISITOR_PER_HOUR} per browser and ${REVIEWS_PER_ADDRESS_PER_HOUR} per address an hour (429)`, async () => {
    const apps: number[] = [];
    for (let n = 0; n < REVIEWS_PER_ADDRESS_PER_HOUR + 1; n++) apps.push(await insertApp(t.ctx.db));
    const one = browser();
    for (let n = 0; n < REVIEWS_PER_VISITOR_PER_HOUR; n++)
      expect((await one('POST', `/api/apps/${apps[n]}/reviews`, review())).statusCode).toBe(202);
    const limited = await one('POST', `/api/apps/${apps[REVIEWS_PER_VISITOR_PER_HOUR]}/reviews`, review());
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');

    // Dropping the cookie makes a new browser, but the address still counts.
    const address = '198.51.100.250';
    let accepted = 0;
    let refused = 0;
    for (const appId of apps) {
      const status = (await browser(address)('POST', `/api/apps/${appId}/reviews`, review())).statusCode;
      if (status === 202) accepted += 1;
      if (status === 429) refused += 1;
    }
    expect(accepted).toBe(REVIEWS_PER_ADDRESS_PER_HOUR);
    expect(refused).toBe(1);
  });
});

describe('moderation', () => {
  it('approves and rejects with a reason, in bulk too; averages and counts come from approved reviews only', async () => {
    const id = await insertApp(t.ctx.db);
    const ids: number[] = [];
    for (const rating of [5, 4, 1, 2])
      ids.push((await browser()('POST', `/api/apps/${id}/reviews`, review({ rating }))).json().id);

    await approve(ids[0]!);
    const rejected = await admin('PATCH', `/api/admin/reviews/${ids[2]}`, { status: 'rejected', reason: 'Not about this app' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'Not about this app' });
    expect((await admin('PATCH', `/api/admin/reviews/${ids[2]}`, { status: 'rejected' })).statusCode).toBe(409);
    expect((await admin('PATCH', `/api/admin/reviews/${ids[2]}`, { status: 'pending' })).statusCode).toBe(400);
    expect((await admin('PATCH', '/api/admin/reviews/999999', { status: 'approved' })).statusCode).toBe(404);
    expect((await admin('GET', '/api/admin/reviews?status=spam')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/reviews' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/admin/reviews/${ids[1]}`, payload: { status: 'approved' } })).statusCode,
    ).toBe(401);

    // 5 approved, 4 pending, 1 rejected, 2 pending: the average is 5 from one review.
    expect((await t.app.inject(`/api/apps/${id}/reviews/summary`)).json()).toEqual({ average: 5, count: 1 });
    expect(
      (await admin('POST', '/api/admin/reviews/bulk', { ids: [ids[1], ids[3], ids[0]], status: 'approved' })).json(),
    ).toEqual({ updated: 2 });
    // (5 + 4 + 2) / 3 = 3.67
    expect((await t.app.inject(`/api/apps/${id}/reviews/summary`)).json()).toEqual({ average: 3.7, count: 3 });
    const v1 = (await t.app.inject(`/api/v1/apps/${id}/reviews`)).json();
    expect(v1).toMatchObject({ average: 3.7, count: 3 });
    expect(v1.data.map((item: { rating: number }) => item.rating).sort()).toEqual([2, 4, 5]);
    const [application] = jsonLdOf((await t.app.inject(`/app/${id}`)).body);
    expect(application).toMatchObject({ aggregateRating: { ratingValue: '3.7', ratingCount: 3 } });

    const statuses = ((await admin('GET', '/api/admin/reviews?status=rejected')).json() as { id: number; reason: string }[]).find(
      (item) => item.id === ids[2],
    );
    expect(statuses).toMatchObject({ reason: 'Not about this app' });
  });

  it('flags near-identical texts across apps and bursts on one app, with their evidence', async () => {
    const [first, second, busy] = [await insertApp(t.ctx.db), await insertApp(t.ctx.db), await insertApp(t.ctx.db)];
    const text = 'Absolutely the best tool I have ever used, five stars, recommend it to everyone I know!';
    const original = (await browser()('POST', `/api/apps/${first}/reviews`, review({ text }))).json().id;
    const copy = (await browser()('POST', `/api/apps/${second}/reviews`, review({ text: `${text} ` }))).json().id;
    const queue = (await admin('GET', '/api/admin/reviews?status=pending')).json() as {
      id: number;
      flags: { kind: string; evidence: { reviews?: { id: number; appId: number }[] } }[];
    }[];
    expect(queue.find((item) => item.id === original)?.flags).toEqual([]);
    const flagged = queue.find((item) => item.id === copy);
    expect(flagged?.flags).toEqual([
      expect.objectContaining({ kind: 'near_duplicate', message: expect.stringContaining('Near-identical') }),
    ]);
    expect(flagged?.flags[0]?.evidence.reviews).toEqual([expect.objectContaining({ id: original, appId: first })]);
    // Flagged pending reviews come first in the queue.
    expect(queue.findIndex((item) => item.id === copy)).toBeLessThan(queue.findIndex((item) => item.id === original));

    const burst: number[] = [];
    for (let n = 0; n < REVIEW_BURST_THRESHOLD; n++)
      burst.push((await browser()('POST', `/api/apps/${busy}/reviews`, review())).json().id);
    const all = (await admin('GET', '/api/admin/reviews')).json() as {
      id: number;
      flags: { kind: string; evidence: unknown }[];
    }[];
    const kinds = burst.map((reviewId) => all.find((item) => item.id === reviewId)?.flags.map((flag) => flag.kind));
    expect(kinds.slice(0, -1)).toEqual(Array(REVIEW_BURST_THRESHOLD - 1).fill([]));
    expect(kinds.at(-1)).toEqual(['burst']);
    expect(all.find((item) => item.id === burst.at(-1))?.flags[0]?.evidence).toMatchObject({
      reviewsInLastHour: REVIEW_BURST_THRESHOLD,
    });
  });
});

describe('reading reviews', () => {
  it('sorts newest or most helpful; "Was this helpful?" counts once per visitor; a report flags the review', async () => {
    const id = await insertApp(t.ctx.db);
    const older = (await browser()('POST', `/api/apps/${id}/reviews`, review({ title: 'Older' }))).json().id;
    const newer = (await browser()('POST', `/api/apps/${id}/reviews`, review({ title: 'Newer' }))).json().id;
    const pendingOne = (await browser()('POST', `/api/apps/${id}/reviews`, review({ title: 'Pending' }))).json().id;
    await approve(older);
    await approve(newer);

    const titles = async (sort: string) =>
      ((await t.app.inject(`/api/apps/${id}/reviews?sort=${sort}`)).json() as { title: string }[]).map((item) => item.title);
    expect(await titles('newest')).toEqual(['Newer', 'Older']);
    const voter = browser();
    const vote = await voter('POST', `/api/reviews/${older}/helpful`);
    expect(vote.json()).toEqual({ counted: true, helpfulCount: 1 });
    expect((await voter('POST', `/api/reviews/${older}/helpful`)).json()).toEqual({ counted: false, helpfulCount: 1 });
    expect(await titles('helpful')).toEqual(['Older', 'Newer']);
    expect((await t.app.inject(`/api/apps/${id}/reviews?sort=best`)).statusCode).toBe(400);
    expect((await voter('POST', `/api/reviews/${pendingOne}/helpful`)).statusCode).toBe(404);
    expect((await voter('POST', '/api/reviews/999999/helpful')).statusCode).toBe(404);

    expect((await voter('POST', `/api/reviews/${newer}/report`)).json()).toEqual({ counted: true });
    expect((await voter('POST', `/api/reviews/${newer}/report`)).json()).toEqual({ counted: false });
    const reported = (
      (await admin('GET', '/api/admin/reviews?status=approved')).json() as {
        id: number;
        reportCount: number;
        flags: { kind: string }[];
      }[]
    ).find((item) => item.id === newer);
    expect(reported).toMatchObject({ reportCount: 1, flags: [expect.objectContaining({ kind: 'reported' })] });
    const alerts = await t.ctx.db.select().from(notifications).where(eq(notifications.title, 'Review reported'));
    expect(alerts.at(-1)?.data).toMatchObject({ reviewId: newer, appId: id, reports: 1 });
  });
});
