import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS_PER_HOUR } from '@shared/constants';
import { signInAsAdmin } from '../../test/admin-session';
import { insertApp } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signInAsAdmin(t)).cookie;
});
afterAll(async () => t.close());

/** A visitor: each gets its own address, so rate limits do not mix. */
let visitorSequence = 0;
function visitor() {
  visitorSequence += 1;
  const remoteAddress = `203.0.113.${visitorSequence}`;
  return (id: number, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/apps/${id}/report`, remoteAddress, payload: payload as object });
}
const admin = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('POST /api/apps/{id}/report', () => {
  it('stores a report without an account (201) and the queue lists it open', async () => {
    const id = await insertApp(t.ctx.db);
    const response = await visitor()(id, { reason: 'dead_link', note: '  The site shows an error page.  ' });
    expect(response.statusCode).toBe(201);
    const reports = (await admin('GET', '/api/admin/reports?status=open')).json() as Record<string, unknown>[];
    expect(reports.find((report) => report.id === response.json().id)).toMatchObject({
      appId: id,
      reason: 'dead_link',
      note: 'The site shows an error page.',
      status: 'open',
    });
    expect(Object.keys(reports[0] ?? {})).toEqual(
      expect.arrayContaining(['id', 'appId', 'reason', 'note', 'status', 'createdAt']),
    );
  });

  it('answers 400 in the error shape for another reason or a note over 1,000 characters, and writes nothing', async () => {
    const id = await insertApp(t.ctx.db);
    const send = visitor();
    for (const payload of [{ reason: 'boring' }, {}, { reason: 'spam', note: 'x'.repeat(1001) }, { reason: 'other', note: 42 }]) {
      const response = await send(id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'validation_failed' });
      expect(typeof response.json().error.message).toBe('string');
    }
    expect((await send(id, { reason: 'other', note: 'x'.repeat(1000) })).statusCode).toBe(201);
    const mine = ((await admin('GET', '/api/admin/reports')).json() as { appId: number }[]).filter(
      (report) => report.appId === id,
    );
    expect(mine).toHaveLength(1);
  });

  it('answers 404 for an unknown or unpublished app', async () => {
    const send = visitor();
    expect((await send(999_999, { reason: 'spam' })).statusCode).toBe(404);
    const pending = await insertApp(t.ctx.db, {}, 'pending');
    const response = await send(pending, { reason: 'spam' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });

  it(`answers 429 past ${REPORTS_PER_HOUR} reports per hour from one visitor; another visitor still may`, async () => {
    const id = await insertApp(t.ctx.db);
    const send = visitor();
    for (let n = 0; n < REPORTS_PER_HOUR; n++) expect((await send(id, { reason: 'wrong_info' })).statusCode).toBe(201);
    const limited = await send(id, { reason: 'wrong_info' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect((await visitor()(id, { reason: 'wrong_info' })).statusCode).toBe(201);
  });
});

describe('admin reports queue', () => {
  it('groups by app, resolves and dismisses (kept with their resolution), in bulk too, and counts open reports per app', async () => {
    const flagged = await insertApp(t.ctx.db, { name: 'Often Reported' });
    const send = visitor();
    const ids: number[] = [];
    for (const reason of ['spam', 'duplicate', 'other']) ids.push((await send(flagged, { reason })).json().id);

    const groups = (await admin('GET', '/api/admin/reports/grouped?status=open')).json() as {
      appId: number;
      name: string;
      open: number;
      reports: unknown[];
    }[];
    expect(groups.find((group) => group.appId === flagged)).toMatchObject({ name: 'Often Reported', open: 3 });
    expect((await admin('GET', '/api/admin/reports/open-counts')).json()[String(flagged)]).toBe(3);

    const resolved = await admin('PATCH', `/api/admin/reports/${ids[0]}`, { status: 'resolved' });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ status: 'resolved' });
    expect(resolved.json().resolvedAt).not.toBeNull();
    expect((await admin('PATCH', `/api/admin/reports/${ids[0]}`, { status: 'dismissed' })).statusCode).toBe(409);
    expect((await admin('PATCH', `/api/admin/reports/${ids[0]}`, { status: 'open' })).statusCode).toBe(400);
    expect((await admin('PATCH', '/api/admin/reports/999999', { status: 'resolved' })).statusCode).toBe(404);

    const bulk = await admin('POST', '/api/admin/reports/bulk', { ids: [ids[1], ids[2], ids[0]], status: 'dismissed' });
    expect(bulk.json()).toEqual({ updated: 2 });
    expect((await admin('GET', '/api/admin/reports/open-counts')).json()[String(flagged)]).toBeUndefined();
    const kept = ((await admin('GET', '/api/admin/reports')).json() as { appId: number; status: string }[]).filter(
      (report) => report.appId === flagged,
    );
    expect(kept.map((report) => report.status).sort()).toEqual(['dismissed', 'dismissed', 'resolved']);
    expect((await admin('GET', '/api/admin/reports?status=closed')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/reports' })).statusCode).toBe(401);
  });
});
