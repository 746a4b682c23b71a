import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin, type TestSession } from '../../test/admin-session';
import { insertApp } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: TestSession;
const changes: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAsAdmin(t);
  t.ctx.changes.subscribe('categories.changed', () => {
    changes.push('categories.changed');
  });
});
afterAll(async () => t.close());

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { cookie: admin.cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function create(payload: Record<string, unknown>) {
  const response = await call('POST', '/api/admin/categories', payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; name: string; slug: string; sortOrder: number; isActive: boolean; description: string };
}

describe('POST /api/admin/categories', () => {
  it('creates from the full manager form and from the dashboard dialog (slug generated from the name)', async () => {
    changes.length = 0;
    const full = await create({
      name: 'Video Tools',
      slug: 'video-tools',
      description: 'Edit videos',
      isActive: false,
      sortOrder: 40,
    });
    expect(full).toMatchObject({
      name: 'Video Tools',
      slug: 'video-tools',
      description: 'Edit videos',
      isActive: false,
      sortOrder: 40,
      appCount: 0,
    });
    const dialog = await create({ name: 'Audio & Music!', description: 'Sound tools', isActive: true });
    expect(dialog.slug).toBe('audio-music');
    expect(dialog.sortOrder).toBe(41);
    expect(changes).toEqual(['categories.changed', 'categories.changed']);
    const list = (await call('GET', '/api/admin/categories')).json() as { name: string; appCount: number }[];
    expect(list.map((row) => row.name)).toEqual(expect.arrayContaining(['All', 'Video Tools', 'Audio & Music!']));
  });

  it('answers 400 with the exact messages of spec §5', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '', slug: 'x' }, 'name', 'Name is required'],
      [{ name: 'x'.repeat(101), slug: 'x' }, 'name', 'Name too long'],
      [{ name: 'Ok', slug: '' }, 'slug', 'Slug is required'],
      [{ name: 'Ok', slug: 'x'.repeat(101) }, 'slug', 'Slug too long'],
      [{ name: 'Ok', slug: 'Bad Slug' }, 'slug', 'Slug must contain only lowercase letters, numbers, and hyphens'],
      [{ name: '', description: 'd' }, 'name', 'Name is required'],
      [{ name: 'x'.repeat(51), description: 'd' }, 'name', 'Name must be under 50 characters'],
      [{ name: 'Ok', description: '' }, 'description', 'Description is required'],
      [{ name: 'Ok', description: 'd'.repeat(201) }, 'description', 'Description must be under 200 characters'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call('POST', '/api/admin/categories', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.details.fields[field]).toContain(message);
    }
  });

  it('a non-numeric sortOrder becomes 0, and then the first place after "All" (sort orders stay distinct)', async () => {
    const created = await create({ name: 'Zero Order', slug: 'zero-order', sortOrder: 'abc' });
    const rows = (await call('GET', '/api/admin/categories')).json() as { id: number; name: string; sortOrder: number }[];
    const allOrder = rows.find((row) => row.name === 'All')?.sortOrder ?? 0;
    expect(created.sortOrder).toBe(allOrder + 1);
    expect(rows[0]?.name).toBe('All');
    expect(rows[1]?.id).toBe(created.id);
  });

  it('keeps sort orders distinct on every write: the category written takes the place asked for', async () => {
    const fresh = await createTestApp();
    try {
      const session = await signInAsAdmin(fresh);
      const send = (method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object) =>
        fresh.app.inject({ method, url, headers: { cookie: session.cookie }, ...(payload ? { payload } : {}) });
      const listed = async () =>
        (await send('GET', '/api/admin/categories')).json() as { id: number; name: string; sortOrder: number }[];
      const a = (await send('POST', '/api/admin/categories', { name: 'Alpha', slug: 'alpha', sortOrder: 5 })).json();
      const b = (await send('POST', '/api/admin/categories', { name: 'Beta', slug: 'beta', sortOrder: 5 })).json();
      expect(b.sortOrder).toBe(5);
      const c = (await send('PATCH', `/api/admin/categories/${a.id}`, { sortOrder: 0 })).json();
      expect(c.sortOrder).toBeGreaterThan(0);
      const rows = await listed();
      expect(rows.map((row) => row.name)).toEqual(['All', 'Alpha', 'Beta']);
      expect(new Set(rows.map((row) => row.sortOrder)).size).toBe(rows.length);
      // Numbers that do not collide stay as typed.
      expect(rows.find((row) => row.name === 'Beta')?.sortOrder).toBe(5);
      // The first category after "All" cannot move up; the arrows agree with the server.
      const up = await send('PATCH', `/api/admin/categories/${a.id}/reorder`, { direction: 'up' });
      expect(up.statusCode).toBe(400);
      expect((await send('PATCH', `/api/admin/categories/${b.id}/reorder`, { direction: 'up' })).statusCode).toBe(200);
      expect((await listed()).map((row) => row.name)).toEqual(['All', 'Beta', 'Alpha']);
    } finally {
      await fresh.close();
    }
  });

  it('answers 409 for a duplicate slug or name', async () => {
    await create({ name: 'Robotics', slug: 'robotics' });
    const sameSlug = await call('POST', '/api/admin/categories', { name: 'Robots', slug: 'robotics' });
    expect(sameSlug.statusCode).toBe(409);
    expect(sameSlug.json().error.message).toBe('A category with the slug "robotics" already exists');
    const sameName = await call('POST', '/api/admin/categories', { name: 'ROBOTICS', description: 'dup' });
    expect(sameName.statusCode).toBe(409);
  });
});

describe('PATCH /api/admin/categories/:id', () => {
  it('changes only the fields sent (sortOrder alone included)', async () => {
    const created = await create({ name: 'Patchable', slug: 'patchable', description: 'Keep me', isActive: false, sortOrder: 5 });
    const response = await call('PATCH', `/api/admin/categories/${created.id}`, { sortOrder: 9 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Patchable',
      slug: 'patchable',
      description: 'Keep me',
      isActive: false,
      sortOrder: 9,
    });
    const renamed = await call('PATCH', `/api/admin/categories/${created.id}`, { name: 'Patched', isActive: true });
    expect(renamed.json()).toMatchObject({
      name: 'Patched',
      slug: 'patchable',
      description: 'Keep me',
      isActive: true,
      sortOrder: 9,
    });
  });

  it('answers 400 for bad values, 404 for an unknown id, 409 for a taken slug, and protects "All"', async () => {
    const created = await create({ name: 'Validated', slug: 'validated' });
    expect((await call('PATCH', `/api/admin/categories/${created.id}`, { slug: 'Not OK' })).statusCode).toBe(400);
    expect((await call('PATCH', '/api/admin/categories/999999', { sortOrder: 1 })).statusCode).toBe(404);
    expect((await call('PATCH', '/api/admin/categories/abc', { sortOrder: 1 })).statusCode).toBe(400);
    expect((await call('PATCH', `/api/admin/categories/${created.id}`, { slug: 'robotics' })).statusCode).toBe(409);
    const list = (await call('GET', '/api/admin/categories')).json() as { id: number; name: string }[];
    const all = list.find((row) => row.name === 'All');
    expect((await call('PATCH', `/api/admin/categories/${all?.id}`, { name: 'Everything' })).statusCode).toBe(409);
    expect((await call('PATCH', `/api/admin/categories/${all?.id}`, { isActive: false })).statusCode).toBe(409);
    expect((await call('PATCH', `/api/admin/categories/${all?.id}`, { description: 'Every tool.' })).statusCode).toBe(200);
  });
});

describe('DELETE /api/admin/categories/:id', () => {
  it('deletes an empty category; refuses one with apps with 409 saying how many; "All" cannot be deleted', async () => {
    const empty = await create({ name: 'Empty One', slug: 'empty-one' });
    const deleted = await call('DELETE', `/api/admin/categories/${empty.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await call('DELETE', `/api/admin/categories/${empty.id}`)).statusCode).toBe(404);

    const full = await create({ name: 'Busy', slug: 'busy' });
    await insertApp(t.ctx.db, { category: 'Busy' });
    await insertApp(t.ctx.db, { category: 'Busy' }, 'pending');
    const refused = await call('DELETE', `/api/admin/categories/${full.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Cannot delete "Busy": it still has 2 apps. Move or delete them first.');

    const list = (await call('GET', '/api/admin/categories')).json() as { id: number; name: string; appCount: number }[];
    expect(list.find((row) => row.name === 'Busy')?.appCount).toBe(2);
    const all = list.find((row) => row.name === 'All');
    const allRefused = await call('DELETE', `/api/admin/categories/${all?.id}`);
    expect(allRefused.statusCode).toBe(409);
    expect(allRefused.json().error.message).toBe('The "All" category cannot be deleted');
  });
});

describe('PATCH /api/admin/categories/:id/reorder', () => {
  it('swaps sortOrder with the neighbour above or below', async () => {
    const fresh = await createTestApp();
    try {
      const session = await signInAsAdmin(fresh);
      const send = (method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object) =>
        fresh.app.inject({ method, url, headers: { cookie: session.cookie }, ...(payload ? { payload } : {}) });
      const a = (await send('POST', '/api/admin/categories', { name: 'Alpha', slug: 'alpha', sortOrder: 1 })).json();
      const b = (await send('POST', '/api/admin/categories', { name: 'Beta', slug: 'beta', sortOrder: 2 })).json();
      const c = (await send('POST', '/api/admin/categories', { name: 'Gamma', slug: 'gamma', sortOrder: 3 })).json();
      const order = async () =>
        ((await send('GET', '/api/admin/categories')).json() as { name: string }[]).map((row) => row.name);
      expect(await order()).toEqual(['All', 'Alpha', 'Beta', 'Gamma']);

      const up = await send('PATCH', `/api/admin/categories/${c.id}/reorder`, { direction: 'up' });
      expect(up.statusCode).toBe(200);
      expect((up.json() as { name: string }[]).map((row) => row.name)).toEqual(['All', 'Alpha', 'Gamma', 'Beta']);
      expect(await order()).toEqual(['All', 'Alpha', 'Gamma', 'Beta']);
      const rows = (await send('GET', '/api/admin/categories')).json() as { name: string; sortOrder: number }[];
      expect(rows.find((row) => row.name === 'Gamma')?.sortOrder).toBe(2);
      expect(rows.find((row) => row.name === 'Beta')?.sortOrder).toBe(3);

      await send('PATCH', `/api/admin/categories/${a.id}/reorder`, { direction: 'down' });
      expect(await order()).toEqual(['All', 'Gamma', 'Alpha', 'Beta']);

      const tooHigh = await send('PATCH', `/api/admin/categories/${c.id}/reorder`, { direction: 'up' });
      expect(tooHigh.statusCode).toBe(400);
      expect(tooHigh.json().error.message).toBe('This category is already first');
      expect((await send('PATCH', `/api/admin/categories/${b.id}/reorder`, { direction: 'down' })).statusCode).toBe(400);
      const badDirection = await send('PATCH', `/api/admin/categories/${b.id}/reorder`, { direction: 'sideways' });
      expect(badDirection.statusCode).toBe(400);
      expect(badDirection.json().error.message).toBe('Direction must be "up" or "down"');

      // Asking for a taken sort order takes that place; the others move down, so no two are equal and swaps move.
      await send('PATCH', `/api/admin/categories/${a.id}`, { sortOrder: 7 });
      await send('PATCH', `/api/admin/categories/${b.id}`, { sortOrder: 7 });
      await send('PATCH', `/api/admin/categories/${c.id}`, { sortOrder: 7 });
      expect(await order()).toEqual(['All', 'Gamma', 'Beta', 'Alpha']);
      await send('PATCH', `/api/admin/categories/${a.id}/reorder`, { direction: 'up' });
      expect(await order()).toEqual(['All', 'Gamma', 'Alpha', 'Beta']);
    } finally {
      await fresh.close();
    }
  });
});

describe('an inactive category', () => {
  it('hides its apps from every public call', async () => {
    const category = await create({ name: 'Hideable', slug: 'hideable' });
    const id = await insertApp(t.ctx.db, { name: 'Hidden Gem', category: 'Hideable' });
    const publicIds = async () =>
      ((await t.app.inject({ url: '/api/marketplace' })).json() as { id: number }[]).map((app) => app.id);
    expect(await publicIds()).toContain(id);
    expect((await t.app.inject({ url: `/api/marketplace/app/${id}` })).statusCode).toBe(200);

    await call('PATCH', `/api/admin/categories/${category.id}`, { isActive: false });
    expect(await publicIds()).not.toContain(id);
    expect((await t.app.inject({ url: `/api/marketplace/app/${id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/marketplace/app/hideable/hidden-gem' })).statusCode).toBe(404);
    const publicCategories = (await t.app.inject({ url: '/api/categories' })).json() as { slug: string }[];
    expect(publicCategories.map((row) => row.slug)).not.toContain('hideable');
    // The admin still sees it.
    expect((await call('GET', `/api/admin/app/${id}`)).statusCode).toBe(200);
  });
});
