import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appEvents, apps, appReports } from '../../db/schema';
import { signInAsAdmin } from '../../test/admin-session';
import { buildAppRecord, insertApp } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signInAsAdmin(t)).cookie;
});
afterAll(async () => t.close());

const admin = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

type Candidate = { appId: number; duplicateOf: number; evidence: string[] };

describe('GET /api/admin/duplicates', () => {
  it('flags the same site, near-identical names and very similar descriptions with evidence; distinct apps stay unflagged', async () => {
    const original = await insertApp(t.ctx.db, { name: 'Quillbot Writer', url: 'https://www.quillwriter.io/app', description: 'Paraphrases essays and fixes grammar with an AI writing assistant for students.' });
    const sameSite = await insertApp(t.ctx.db, { name: 'QW Studio', url: 'https://app.quillwriter.io/app/', description: 'Something else entirely about video editing.' });
    const similarName = await insertApp(t.ctx.db, { name: 'Quillbot Writers', url: 'https://quillbot-writers.example.org', description: 'Generates podcast transcripts.' });
    const similarText = await insertApp(t.ctx.db, { name: 'Essay Polisher', url: 'https://essaypolisher.example.net', description: 'Paraphrases essays and fixes grammar with an AI writing assistant for students!' });
    const distinct = await insertApp(t.ctx.db, { name: 'Chart Wizard', url: 'https://quillwriter.io/other', description: 'Builds bar charts from spreadsheets.' });

    const response = await admin('GET', '/api/admin/duplicates');
    expect(response.statusCode).toBe(200);
    const found = response.json() as Candidate[];
    const pair = (appId: number) => found.find((candidate) => candidate.appId === appId && candidate.duplicateOf === original);
    expect(pair(sameSite)?.evidence).toContain(`same site as #${original}`);
    expect(pair(similarName)?.evidence.join()).toMatch(new RegExp(`name \\d+ % similar to #${original}`));
    expect(pair(similarText)?.evidence.join()).toMatch(new RegExp(`description \\d+ % similar to #${original}`));
    expect(found.some((candidate) => candidate.appId === distinct || candidate.duplicateOf === distinct)).toBe(false);
  });

  it('an import reports the duplicates it brought in (advisory: the apps are imported)', async () => {
    await insertApp(t.ctx.db, { name: 'Lumen Slides', url: 'https://lumenslides.io' });
    const response = await admin('POST', '/api/admin/apps/import', [buildAppRecord({ name: 'Lumen Deck Maker', url: 'https://app.lumenslides.io/' })]);
    expect(response.statusCode).toBe(201);
    const body = response.json() as { imported: number; ids: number[]; duplicates: Candidate[] };
    expect(body.imported).toBe(1);
    expect(body.duplicates.find((candidate) => candidate.appId === body.ids[0])?.evidence.join()).toContain('same site as');
  });
});

describe('POST /api/admin/apps/{id}/merge', () => {
  it('keeps one app, moves views, saves, tags and reports onto it, and the merged page answers 301 to the kept one', async () => {
    const kept = await insertApp(t.ctx.db, { name: 'Merge Keeper', tags: ['notes'], viewCount: 10, saveCount: 2 });
    const merged = await insertApp(t.ctx.db, { name: 'Merge Twin', tags: ['notes', 'meetings'], viewCount: 5, saveCount: 1 });
    await t.ctx.db.insert(appEvents).values({ type: 'view', appId: merged, visitorId: 'v1' });
    const report = await t.app.inject({ method: 'POST', url: `/api/apps/${merged}/report`, payload: { reason: 'duplicate' } });
    expect(report.statusCode).toBe(201);
    const [twin] = await t.ctx.db.select().from(apps).where(eq(apps.id, merged));

    const response = await admin('POST', `/api/admin/apps/${merged}/merge`, { into: kept });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ kept, merged, moved: { views: 5, saves: 1, tags: 1, reports: 1 } });
    const [row] = await t.ctx.db.select().from(apps).where(eq(apps.id, kept));
    expect(row).toMatchObject({ viewCount: 15, saveCount: 3, tags: ['notes', 'meetings'] });
    expect(await t.ctx.db.select().from(apps).where(eq(apps.id, merged))).toHaveLength(0);
    expect((await t.ctx.db.select().from(appReports).where(eq(appReports.appId, kept))).length).toBe(1);
    expect((await t.ctx.db.select().from(appEvents).where(eq(appEvents.appId, kept))).length).toBe(1);

    const page = await t.app.inject({ method: 'GET', url: `/ai-apps/writing/${twin?.nameSlug}` });
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe(`/ai-apps/writing/${row?.nameSlug}`);
  });

  it('refuses bad input with a clear 4xx', async () => {
    const id = await insertApp(t.ctx.db);
    expect((await admin('POST', `/api/admin/apps/${id}/merge`, { into: id })).statusCode).toBe(400);
    expect((await admin('POST', `/api/admin/apps/${id}/merge`, { into: 'x' })).statusCode).toBe(400);
    expect((await admin('POST', `/api/admin/apps/${id}/merge`, {})).statusCode).toBe(400);
    expect((await admin('POST', `/api/admin/apps/${id}/merge`, { into: 999_999 })).statusCode).toBe(404);
    expect((await admin('POST', `/api/admin/apps/999999/merge`, { into: id })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/apps/${id}/merge`, payload: { into: 1 } })).statusCode).toBe(401);
  });
});
