import { eq, isNull } from 'drizzle-orm';
import { DuplicatesService } from './duplicates.service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appEvents, apps, appReports } from '../../db/schema';
import { signInAsAdmin } from '../../test/admin-session';
import { buildAppRecord, insertApp } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signInAsAdmin(t)).cookie;
});
afterAll(async () => t.close());

const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

type Candidate = { appId: number; duplicateOf: number; evidence: string[] };

describe('GET /api/admin/duplicates', () => {
  it('flags by product identity (same host and path, or a very close name and description), not by a shared domain', async () => {
    const deepl = await insertApp(t.ctx.db, {
      name: 'DeepL Translate',
      url: 'https://www.deepl.com/translator',
      description: 'Translates text and documents between thirty languages with neural machine translation.',
    });
    const deeplAgain = await insertApp(t.ctx.db, {
      name: 'DeepL Translator',
      url: 'https://deepl.com/translator/',
      description: 'Accurate translations for individuals and teams.',
    });
    const translate = await insertApp(t.ctx.db, {
      name: 'Google Translate',
      url: 'https://translate.google.com/',
      description: 'Translates words, phrases and web pages between English and over 100 other languages.',
    });
    const gemini = await insertApp(t.ctx.db, {
      name: 'Gemini',
      url: 'https://gemini.google.com/',
      description: 'A conversational assistant for writing, planning and learning.',
    });
    const notebook = await insertApp(t.ctx.db, {
      name: 'NotebookLM',
      url: 'https://notebooklm.google.com/',
      description: 'A research assistant grounded in your own sources.',
    });
    const firefly = await insertApp(t.ctx.db, {
      name: 'Adobe Firefly',
      url: 'https://www.adobe.com/products/firefly.html',
      description: 'Generates images and text effects from prompts.',
    });
    const podcast = await insertApp(t.ctx.db, {
      name: 'Adobe Podcast',
      url: 'https://podcast.adobe.com/',
      description: 'Cleans up recorded speech so it sounds studio quality.',
    });
    const original = await insertApp(t.ctx.db, {
      name: 'Quillbot Writer',
      url: 'https://www.quillwriter.io/app',
      description: 'Paraphrases essays and fixes grammar with an AI writing assistant for students.',
    });
    const copy = await insertApp(t.ctx.db, {
      name: 'Quillbot Writers',
      url: 'https://quillbot-writers.example.org',
      description: 'Paraphrases essays and fixes grammar with an AI writing assistant for students!',
    });
    const sameNameOtherProduct = await insertApp(t.ctx.db, {
      name: 'Quillbot Writer',
      category: 'Design',
      url: 'https://other-quill.example.net',
      description: 'Builds bar charts from spreadsheets for finance teams.',
    });

    const response = await admin('GET', '/api/admin/duplicates');
    expect(response.statusCode).toBe(200);
    const found = response.json() as Candidate[];
    const flagged = (a: number, b: number) =>
      found.find((candidate) => candidate.appId === Math.max(a, b) && candidate.duplicateOf === Math.min(a, b));
    expect(flagged(deepl, deeplAgain)?.evidence).toContain(`same address as #${deepl}`);
    expect(flagged(original, copy)?.evidence.join()).toMatch(
      new RegExp(`name \\d+ % and description \\d+ % similar to #${original}`),
    );
    for (const [a, b] of [
      [translate, gemini],
      [translate, notebook],
      [gemini, notebook],
      [firefly, podcast],
      [original, sameNameOtherProduct],
    ] as const) {
      expect(flagged(a, b), `#${a} and #${b}`).toBeUndefined();
    }
  });

  it('"Not a duplicate" keeps a pair dismissed, also after either app is edited and compared again', async () => {
    const first = await insertApp(t.ctx.db, { name: 'Tandem Notes', url: 'https://tandem-notes.example.com/app' });
    const second = await insertApp(t.ctx.db, { name: 'Tandem Notes Pro', url: 'https://tandem-notes.example.com/app/' });
    const listed = async () =>
      ((await admin('GET', '/api/admin/duplicates')).json() as Candidate[]).some(
        (candidate) => candidate.appId === second && candidate.duplicateOf === first,
      );
    expect(await listed()).toBe(true);

    const dismissed = await admin('POST', '/api/admin/duplicates/dismiss', { appId: first, duplicateOf: second });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json()).toEqual({ appId: second, duplicateOf: first, dismissed: true });
    expect(await listed()).toBe(false);

    // An edit makes the app pending again: the scan compares it and still leaves the pair out.
    const edited = await admin('PUT', `/api/admin/apps/${second}`, {
      name: 'Tandem Notes Pro',
      url: 'https://tandem-notes.example.com/app',
      description: 'Shared notes for two.',
      category: 'Writing',
      status: 'published',
    });
    expect(edited.statusCode).toBeLessThan(300);
    const [row] = await t.ctx.db.select({ scanned: apps.duplicateScannedAt }).from(apps).where(eq(apps.id, second));
    expect(row?.scanned).toBeNull();
    expect(await listed()).toBe(false);
    expect(await new DuplicatesService(t.ctx).scan([second])).toEqual({ compared: [second], flagged: 0 });
    expect(await listed()).toBe(false);
  });

  it('refuses a bad dismissal with a clear 4xx', async () => {
    const id = await insertApp(t.ctx.db);
    expect((await admin('POST', '/api/admin/duplicates/dismiss', { appId: id, duplicateOf: id })).statusCode).toBe(400);
    expect((await admin('POST', '/api/admin/duplicates/dismiss', { appId: id })).statusCode).toBe(400);
    expect((await admin('POST', '/api/admin/duplicates/dismiss', { appId: id, duplicateOf: 999_999 })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/duplicates/dismiss', payload: { appId: id, duplicateOf: 1 } }))
        .statusCode,
    ).toBe(401);
  });

  it('the list reads stored flags: apps compared once are not compared again', async () => {
    await admin('GET', '/api/admin/duplicates');
    const pending = await t.ctx.db.select({ id: apps.id }).from(apps).where(isNull(apps.duplicateScannedAt));
    expect(pending).toEqual([]);
    expect(await new DuplicatesService(t.ctx).scanPendingBatch()).toEqual({ ids: [], flagged: 0, more: false });
  });

  it('an import reports the duplicates it brought in (advisory: the apps are imported)', async () => {
    await insertApp(t.ctx.db, { name: 'Lumen Slides', url: 'https://lumenslides.io' });
    const response = await admin('POST', '/api/admin/apps/import', [
      buildAppRecord({ name: 'Lumen Deck Maker', url: 'https://www.lumenslides.io/' }),
    ]);
    expect(response.statusCode).toBe(201);
    const body = response.json() as { imported: number; ids: number[]; duplicates: Candidate[] };
    expect(body.imported).toBe(1);
    expect(body.duplicates.find((candidate) => candidate.appId === body.ids[0])?.evidence.join()).toContain('same address as');
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
    const byId = await t.app.inject({ method: 'GET', url: `/app/${merged}` });
    expect(byId.statusCode).toBe(301);
    expect(byId.headers.location).toBe(`/ai-apps/writing/${row?.nameSlug}`);
  });

  it('a merge racing a delete of its target answers 404 or 409 in the error shape, never 500', async () => {
    for (let round = 0; round < 5; round++) {
      const kept = await insertApp(t.ctx.db, { name: `Race Keeper ${round}` });
      const merged = await insertApp(t.ctx.db, { name: `Race Twin ${round}` });
      const [merge, remove] = await Promise.all([
        admin('POST', `/api/admin/apps/${merged}/merge`, { into: kept }),
        t.app.inject({ method: 'DELETE', url: `/api/admin/apps/${kept}`, headers: { cookie } }),
      ]);
      expect(remove.statusCode).toBeLessThan(500);
      expect([200, 404, 409]).toContain(merge.statusCode);
      if (merge.statusCode !== 200) expect(merge.json()).toHaveProperty('error.code');
    }
  });

  it('refuses bad input with a clear 4xx', async () => {
    const id = await insertApp(t.ctx.db);
    expect((await admin('POST', `/api/admin/apps/${id}/merge`, { into: id })).statusCode).toBe(400);
    expect((await admin('POST', `/api/admin/apps/${id}/merge`, { into: 'x' })).statusCode).toBe(400);
    expect((await admin('POST', `/api/admin/apps/${id}/merge`, {})).statusCode).toBe(400);
    expect((await admin('POST', `/api/admin/apps/${id}/merge`, { into: 999_999 })).statusCode).toBe(404);
    expect((await admin('POST', `/api/admin/apps/999999/merge`, { into: id })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/apps/${id}/merge`, payload: { into: 1 } })).statusCode).toBe(
      401,
    );
  });
});
