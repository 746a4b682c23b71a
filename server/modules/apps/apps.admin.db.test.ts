import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appSlugRedirects, apps } from '../../db/schema';
import { signInAsAdmin, type TestSession } from '../../test/admin-session';
import { buildAppRecord, insertApp } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { appRecordSchema } from '@shared/schemas/app';
import { validateImportFile } from './apps.import';

let t: TestApp;
let admin: TestSession;
const changedIds: number[][] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAsAdmin(t);
  t.ctx.changes.subscribe('apps.changed', ({ ids }) => {
    changedIds.push(ids);
  });
  // Categories the edit form chooses from.
  await insertApp(t.ctx.db, { name: 'Seed Writer', category: 'Writing' }, 'rejected');
  await insertApp(t.ctx.db, { name: 'Seed Designer', category: 'Design' }, 'rejected');
});
afterAll(async () => t.close());
beforeEach(() => {
  changedIds.length = 0;
});

function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { cookie: admin.cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const validForm = (overrides: Record<string, unknown> = {}) => ({
  name: 'Form App',
  url: 'https://form-app.example.com',
  description: 'Turns forms into apps.',
  category: 'Writing',
  ...overrides,
});

describe('POST /api/admin/apps', () => {
  it('creates a pending app by default, and tells every instance', async () => {
    const response = await call(
      'POST',
      '/api/admin/apps',
      validForm({ tags: [' ai ', 'ai', '', 'forms'], monthlyVisitors: 'lots', rating: 45 }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const app = response.json();
    expect(app).toMatchObject({
      name: 'Form App',
      status: 'pending',
      category: 'Writing',
      categorySlug: 'writing',
      nameSlug: 'form-app',
      tags: ['ai', 'forms'],
      monthlyVisitors: 0,
      rating: 45,
      viewCount: 0,
      publishedAt: null,
    });
    expect(changedIds).toEqual([[app.id]]);
  });

  it('answers 400 with the exact messages of spec §5 App edit form', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [validForm({ name: '' }), 'name', 'Name is required'],
      [validForm({ name: undefined }), 'name', 'Name is required'],
      [validForm({ url: '' }), 'url', 'Website URL is required'],
      [validForm({ url: 'not a url' }), 'url', 'Must be a valid URL'],
      [validForm({ url: 'javascript:alert(1)' }), 'url', 'Must be a valid URL'],
      [validForm({ description: '  ' }), 'description', 'Description is required'],
      [validForm({ screenshotUrl: 'nope' }), 'screenshotUrl', 'Must be a valid URL'],
      [validForm({ rating: 0 }), 'rating', 'Rating must be between 1 and 50'],
      [validForm({ rating: 51 }), 'rating', 'Rating must be between 1 and 50'],
      [validForm({ rating: 'abc' }), 'rating', 'Rating must be between 1 and 50'],
      [validForm({ viewCount: -1 }), 'viewCount', 'Must be 0 or more'],
      [validForm({ monthlyVisitors: -5 }), 'monthlyVisitors', 'Must be 0 or more'],
      [validForm({ saveCount: -2 }), 'saveCount', 'Must be 0 or more'],
      [validForm({ status: 'archived' }), 'status', 'Status must be one of: pending, approved, published, rejected'],
      [validForm({ category: '' }), 'category', 'Category is required'],
      [validForm({ category: 'All' }), 'category', 'Choose a category other than All'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call('POST', '/api/admin/apps', payload);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
      expect(response.json().error.details.fields[field], JSON.stringify(payload)).toContain(message);
    }
    const unknownCategory = await call('POST', '/api/admin/apps', validForm({ category: 'Nope Category' }));
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.json().error.message).toBe('Category "Nope Category" does not exist');
    expect(changedIds).toEqual([]);
  });

  it('non-numeric counts become 0 and trafficGrowth takes any whole number', async () => {
    const response = await call(
      'POST',
      '/api/admin/apps',
      validForm({ name: 'Count App', viewCount: 'x', saveCount: '', monthlyVisitors: '1200', trafficGrowth: -250 }),
    );
    expect(response.json()).toMatchObject({ viewCount: 0, saveCount: 0, monthlyVisitors: 1200, trafficGrowth: -250 });
  });
});

describe('GET /api/admin/apps', () => {
  it('lists every status, newest first, with search, status filter, paging and X-Total-Count', async () => {
    const fresh = await createTestApp();
    try {
      const session = await signInAsAdmin(fresh);
      const list = (query: string) => fresh.app.inject({ url: `/api/admin/apps${query}`, headers: { cookie: session.cookie } });
      const ids: number[] = [];
      ids.push(await insertApp(fresh.ctx.db, { name: 'Quill', description: 'Writes poems.', category: 'Writing' }, 'pending'));
      ids.push(
        await insertApp(fresh.ctx.db, { name: 'Palette', description: 'Colour schemes.', category: 'Design' }, 'published'),
      );
      ids.push(
        await insertApp(fresh.ctx.db, { name: 'Lens', description: 'Photo fixes for designers.', category: 'Photo' }, 'rejected'),
      );
      ids.push(await insertApp(fresh.ctx.db, { name: '100%_Real', description: 'Odd name.', category: 'Writing' }, 'approved'));

      const all = await list('');
      expect(all.statusCode).toBe(200);
      expect(all.headers['x-total-count']).toBe('4');
      expect((all.json() as { id: number }[]).map((app) => app.id)).toEqual([...ids].reverse());

      const byName = await list('?q=quil');
      expect((byName.json() as { name: string }[]).map((app) => app.name)).toEqual(['Quill']);
      const byDescription = await list('?q=DESIGNERS');
      expect((byDescription.json() as { name: string }[]).map((app) => app.name)).toEqual(['Lens']);
      const byCategory = await list('?q=design');
      expect((byCategory.json() as { name: string }[]).map((app) => app.name).sort()).toEqual(['Lens', 'Palette']);
      const wildcard = await list(`?q=${encodeURIComponent('%_')}`);
      expect((wildcard.json() as { name: string }[]).map((app) => app.name)).toEqual(['100%_Real']);

      const rejected = await list('?status=rejected');
      expect((rejected.json() as { status: string }[]).map((app) => app.status)).toEqual(['rejected']);
      expect((await list('?status=all')).headers['x-total-count']).toBe('4');

      const page = await list('?limit=2&offset=1');
      expect(page.headers['x-total-count']).toBe('4');
      expect((page.json() as { id: number }[]).map((app) => app.id)).toEqual([ids[2], ids[1]]);

      const pending = await fresh.app.inject({ url: '/api/admin/pending', headers: { cookie: session.cookie } });
      expect((pending.json() as { name: string }[]).map((app) => app.name)).toEqual(['Quill']);

      for (const bad of ['?status=archived', '?limit=0', '?limit=abc', '?offset=-1', `?q=${'x'.repeat(201)}`]) {
        const response = await list(bad);
        expect(response.statusCode, bad).toBe(400);
        expect(response.json().error.code).toBe('validation_failed');
      }
    } finally {
      await fresh.close();
    }
  });
});

describe('one app', () => {
  it('GET /api/admin/app/:id and /app-by-slug find apps of any status; 404 and 400 otherwise', async () => {
    const id = await insertApp(t.ctx.db, { name: 'Hidden Draft', category: 'Writing' }, 'pending');
    const byId = await call('GET', `/api/admin/app/${id}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({ id, name: 'Hidden Draft', status: 'pending' });
    const bySlug = await call('GET', '/api/admin/app-by-slug/writing/hidden-draft');
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json().id).toBe(id);
    expect((await t.app.inject({ url: '/api/marketplace/app/writing/hidden-draft' })).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/app/999999')).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/app/abc')).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/app-by-slug/writing/nothing-here')).statusCode).toBe(404);
  });
});

describe('PUT /api/admin/apps/:id', () => {
  it('saves the edit form; fields left out keep their value; detectedAt is read-only', async () => {
    const id = await insertApp(
      t.ctx.db,
      { name: 'Editable', category: 'Writing', features: ['Keep this feature'], longDescription: 'Long text' },
      'pending',
    );
    const before = (await call('GET', `/api/admin/app/${id}`)).json();
    const response = await call('PUT', `/api/admin/apps/${id}`, {
      name: 'Editable Pro',
      url: 'https://editable.example.com',
      description: 'Edited description.',
      category: 'Design',
      tags: ['new', 'new', ' tag '],
      monthlyVisitors: 5000,
      rating: 33,
      trafficGrowth: 12,
      status: 'approved',
      screenshotUrl: '',
      viewCount: 7,
      saveCount: 3,
      aiGenerated: true,
      detectedAt: '2001-01-01T00:00:00.000Z',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Editable Pro',
      nameSlug: 'editable-pro',
      category: 'Design',
      description: 'Edited description.',
      tags: ['new', 'tag'],
      monthlyVisitors: 5000,
      rating: 33,
      trafficGrowth: 12,
      status: 'approved',
      screenshotUrl: null,
      viewCount: 7,
      saveCount: 3,
      aiGenerated: true,
      features: ['Keep this feature'],
      longDescription: 'Long text',
      detectedAt: before.detectedAt,
    });
    expect(changedIds).toEqual([[id]]);
  });

  it('answers 400 for invalid input and 404 for an unknown app', async () => {
    const id = await insertApp(t.ctx.db, { category: 'Writing' }, 'pending');
    const invalid = await call('PUT', `/api/admin/apps/${id}`, validForm({ rating: 70, url: 'ftp://x' }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.details.fields).toMatchObject({
      url: ['Must be a valid URL'],
      rating: ['Rating must be between 1 and 50'],
    });
    expect((await call('PUT', '/api/admin/apps/999999', validForm())).statusCode).toBe(404);
    expect(changedIds).toEqual([]);
  });

  it('records the former page of a published app whose name or category changes, so old links still lead to it', async () => {
    const id = await insertApp(t.ctx.db, { name: 'Moving Tool', category: 'Writing' }, 'published');
    const response = await call(
      'PUT',
      `/api/admin/apps/${id}`,
      validForm({ name: 'Moved Tool', category: 'Design', url: 'https://moved.example.com' }),
    );
    expect(response.statusCode).toBe(200);
    const redirects = await t.ctx.db.select().from(appSlugRedirects).where(eq(appSlugRedirects.appId, id));
    expect(redirects.map((row) => `${row.categorySlug}/${row.nameSlug}`)).toEqual(['writing/moving-tool']);
    const viaOldSlug = await t.app.inject({ url: '/api/marketplace/app/writing/moving-tool' });
    expect(viaOldSlug.statusCode).toBe(200);
    expect(viaOldSlug.json()).toMatchObject({ id, categorySlug: 'design', nameSlug: 'moved-tool' });
  });

  it('does not record former pages of an app that was never public', async () => {
    const id = await insertApp(t.ctx.db, { name: 'Draft Mover', category: 'Writing' }, 'pending');
    await call('PUT', `/api/admin/apps/${id}`, validForm({ name: 'Draft Moved' }));
    expect(await t.ctx.db.select().from(appSlugRedirects).where(eq(appSlugRedirects.appId, id))).toHaveLength(0);
  });

  it('answers 409 when the edit would give a published app the page of another published app', async () => {
    await insertApp(t.ctx.db, { name: 'Taken Name', category: 'Writing' }, 'published');
    const id = await insertApp(t.ctx.db, { name: 'Other Name', category: 'Writing' }, 'published');
    const response = await call('PUT', `/api/admin/apps/${id}`, validForm({ name: 'Taken Name' }));
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('A published app named "Taken Name" already exists in Writing');
  });
});

describe('PATCH /api/admin/apps/:id/status', () => {
  it('moves between the four statuses and stamps publishedAt when published', async () => {
    const id = await insertApp(t.ctx.db, { name: 'Status Walker', category: 'Writing' }, 'pending');
    for (const status of ['approved', 'published', 'approved', 'rejected', 'pending'] as const) {
      const response = await call('PATCH', `/api/admin/apps/${id}/status`, { status });
      expect(response.statusCode).toBe(200);
      expect(response.json().status).toBe(status);
      if (status === 'published') expect(Date.parse(response.json().publishedAt)).toBeGreaterThan(Date.now() - 60_000);
    }
    expect(changedIds.flat()).toEqual([id, id, id, id, id]);
    const publicAfterPublish = await t.app.inject({ url: `/api/marketplace/app/${id}` });
    expect(publicAfterPublish.statusCode).toBe(404);
  });

  it('answers 400 for anything but the four statuses, 404 for an unknown app, 409 for a taken page', async () => {
    const id = await insertApp(t.ctx.db, { name: 'Clash Me', category: 'Writing' }, 'pending');
    for (const body of [{ status: 'archived' }, { status: '' }, {}]) {
      const response = await call('PATCH', `/api/admin/apps/${id}/status`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('Status must be one of: pending, approved, published, rejected');
    }
    expect((await call('PATCH', '/api/admin/apps/999999/status', { status: 'approved' })).statusCode).toBe(404);
    await insertApp(t.ctx.db, { name: 'Clash Me', url: 'https://clash-original.example.com', category: 'Writing' }, 'published');
    const clash = await call('PATCH', `/api/admin/apps/${id}/status`, { status: 'published' });
    expect(clash.statusCode).toBe(409);
    expect((await call('GET', `/api/admin/app/${id}`)).json().status).toBe('pending');
  });
});

describe('deleting apps', () => {
  it('DELETE removes one app (204), then 404', async () => {
    const id = await insertApp(t.ctx.db, { category: 'Writing' }, 'published');
    expect((await call('DELETE', `/api/admin/apps/${id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/admin/app/${id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/apps/${id}`)).statusCode).toBe(404);
    expect(changedIds).toEqual([[id]]);
  });

  it('bulk delete removes the listed apps and ignores unknown ids; an empty selection is a 400', async () => {
    const a = await insertApp(t.ctx.db, { category: 'Writing' }, 'pending');
    const b = await insertApp(t.ctx.db, { category: 'Writing' }, 'published');
    const response = await call('POST', '/api/admin/apps/bulk-delete', { ids: [a, b, 999999] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: 2 });
    expect(changedIds.flat().sort()).toEqual([a, b].sort());
    const empty = await call('POST', '/api/admin/apps/bulk-delete', { ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Select at least one app');
    expect((await call('POST', '/api/admin/apps/bulk-delete', { ids: ['x'] })).statusCode).toBe(400);
  });
});

describe('POST /api/admin/remove-duplicates', () => {
  it('keeps the oldest app per name, ignoring case and spaces, and answers {removed, kept}', async () => {
    const fresh = await createTestApp();
    try {
      const session = await signInAsAdmin(fresh);
      const oldest = await insertApp(fresh.ctx.db, { name: 'Chat Bot', category: 'Writing' }, 'published');
      const dupA = await insertApp(fresh.ctx.db, { name: 'chatbot', category: 'Design' }, 'pending');
      const dupB = await insertApp(fresh.ctx.db, { name: ' CHAT  BOT', category: 'Writing' }, 'pending');
      const other = await insertApp(fresh.ctx.db, { name: 'Chat-Bot Pro', category: 'Writing' }, 'pending');
      const response = await fresh.app.inject({
        method: 'POST',
        url: '/api/admin/remove-duplicates',
        headers: { cookie: session.cookie },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ removed: 2, kept: 2 });
      const remaining = (await fresh.ctx.db.select({ id: apps.id }).from(apps)).map((row) => row.id).sort();
      expect(remaining).toEqual([oldest, other].sort());
      expect(remaining).not.toContain(dupA);
      expect(remaining).not.toContain(dupB);
      const again = await fresh.app.inject({
        method: 'POST',
        url: '/api/admin/remove-duplicates',
        headers: { cookie: session.cookie },
      });
      expect(again.json()).toEqual({ removed: 0, kept: 2 });
    } finally {
      await fresh.close();
    }
  });
});

describe('import and export', () => {
  it('imports a valid file all at once (201), and refuses a file with any bad record with 400 and nothing written', async () => {
    const good = [
      buildAppRecord({ name: 'Imported One' }),
      buildAppRecord({ name: 'Imported Two', category: 'Brand New Imported' }),
    ];
    const response = await call('POST', '/api/admin/apps/import?status=pending', good);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().imported).toBe(2);
    expect(changedIds.flat().sort()).toEqual([...response.json().ids].sort());
    const imported = (await call('GET', `/api/admin/app/${response.json().ids[0]}`)).json();
    expect(imported.status).toBe('pending');

    const before = (await call('GET', '/api/admin/apps')).headers['x-total-count'];
    const bad = {
      tools: [buildAppRecord({ name: 'Fine' }), { ...buildAppRecord({ name: 'Broken' }), url: 'ftp://x', rating: 70 }],
    };
    const refused = await call('POST', '/api/admin/apps/import', bad);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/^Nothing was imported: 2 problems in the file\. Record 1 \(Broken\)/);
    expect(refused.json().error.details.errors).toEqual(
      expect.arrayContaining([
        { record: 1, name: 'Broken', field: 'url', message: 'Must be a valid URL' },
        { record: 1, name: 'Broken', field: 'rating', message: 'Rating must be between 1 and 50' },
      ]),
    );
    expect((await call('GET', '/api/admin/apps')).headers['x-total-count']).toBe(before);

    const notAFile = await call('POST', '/api/admin/apps/import', { hello: 'world' });
    expect(notAFile.statusCode).toBe(400);
    expect((await call('POST', '/api/admin/apps/import?status=archived', good)).statusCode).toBe(400);
  });

  it('exports every app as an attachment in the import format', async () => {
    const response = await call('GET', '/api/admin/apps/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="aitlas-apps-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers['content-type']).toContain('application/json');
    const records = response.json() as { name: string; status: string }[];
    expect(records.length).toBe(Number((await call('GET', '/api/admin/apps')).headers['x-total-count']));
    expect(records.map((record) => record.name)).toContain('Seed Writer');
    for (const record of records) {
      const parsed = appRecordSchema.safeParse(record);
      expect(parsed.success, `${record.name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });

  it('an export imports into an empty database as the same catalogue', async () => {
    const source = await createTestApp();
    const target = await createTestApp();
    try {
      const sourceAdmin = await signInAsAdmin(source);
      const targetAdmin = await signInAsAdmin(target);
      await insertApp(
        source.ctx.db,
        { name: 'Round Trip One', category: 'Writing', rating: null, screenshotUrl: 'https://shots.example.com/1.png' },
        'published',
      );
      await insertApp(source.ctx.db, { name: 'Round Trip Two', category: 'Design', pricingType: null }, 'pending');
      const exported = await source.app.inject({ url: '/api/admin/apps/export', headers: { cookie: sourceAdmin.cookie } });
      const records = exported.json() as unknown[];
      expect(validateImportFile(records).ok).toBe(true);
      const imported = await target.app.inject({
        method: 'POST',
        url: '/api/admin/apps/import',
        headers: { cookie: targetAdmin.cookie },
        payload: records as object,
      });
      expect(imported.statusCode, imported.body).toBe(201);
      const reexported = await target.app.inject({ url: '/api/admin/apps/export', headers: { cookie: targetAdmin.cookie } });
      expect(reexported.json()).toEqual(records);
    } finally {
      await source.close();
      await target.close();
    }
  });
});
