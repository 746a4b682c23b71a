import { eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps } from '../../db/schema';
import { buildAppRecord, insertApp, insertApps } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://aitlas.example' });
  const ids = await insertApps(t.ctx.db, [
    buildAppRecord({ name: 'Podscrub', category: 'Audio', description: 'Removes background noise\nfrom podcast recordings.' }),
    buildAppRecord({ name: 'Ink & Quill [beta]', category: 'Writing', description: 'Writes <short> stories & poems.' }),
    buildAppRecord({ name: 'Markforge', category: 'Design', description: 'Generates logos and brand kits.' }),
  ]);
  // Published one after the other, so the feed order is known.
  for (const [index, id] of ids.entries()) {
    await t.ctx.db
      .update(apps)
      .set({ publishedAt: new Date(Date.UTC(2026, 0, 1 + index)) })
      .where(eq(apps.id, id));
  }
  await insertApp(t.ctx.db, { name: 'Hidden Draft', category: 'Audio' }, 'pending');
});
afterAll(() => t.close());

describe('/llms.txt and /llms-full.txt', () => {
  it('llms.txt says what Aitlas is, where the API and MCP server are, and links every category with its count', async () => {
    const res = await t.app.inject('/llms.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const body = res.body;
    expect(body.startsWith('# Aitlas\n\n> Aitlas is a marketplace of AI tools: 3 published apps in 3 categories')).toBe(true);
    expect(body).toContain('(https://aitlas.example/api/v1/openapi.json)');
    expect(body).toContain('[MCP server](https://aitlas.example/mcp)');
    expect(body).toContain('[Audio](https://aitlas.example/ai-apps/audio): ');
    expect(body).toMatch(/\[Audio\].*\(1 app;/);
    expect(body).not.toContain('[All]');
  });

  it('llms-full.txt lists every published app, one line each with its page, and follows the database', async () => {
    const first = (await t.app.inject('/llms-full.txt')).body;
    expect(first).toContain(
      '- [Podscrub](https://aitlas.example/ai-apps/audio/podscrub): Removes background noise from podcast recordings. (freemium)',
    );
    expect(first).toContain(
      '- [Ink & Quill beta](https://aitlas.example/ai-apps/writing/ink-quill-beta): Writes <short> stories & poems.',
    );
    expect(first).not.toContain('Hidden Draft');
    await insertApp(t.ctx.db, { name: 'Fresh Voice', category: 'Audio' });
    expect((await t.app.inject('/llms-full.txt')).body).toContain(
      '[Fresh Voice](https://aitlas.example/ai-apps/audio/fresh-voice)',
    );
  });
});

describe('/feeds/apps.xml', () => {
  it('is a valid Atom feed of published apps, newest first, with escaped text and page links', async () => {
    const res = await t.app.inject('/feeds/apps.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/atom+xml');
    const feed = xml.parse(res.body).feed;
    const entries = [feed.entry].flat();
    const titles = entries.map((entry: { title: string }) => entry.title);
    expect(titles.indexOf('Markforge')).toBeLessThan(titles.indexOf('Ink & Quill [beta]'));
    expect(titles.indexOf('Ink & Quill [beta]')).toBeLessThan(titles.indexOf('Podscrub'));
    expect(titles).not.toContain('Hidden Draft');
    const ink = entries.find((entry: { title: string }) => entry.title === 'Ink & Quill [beta]');
    expect(ink.summary).toBe('Writes <short> stories & poems.');
    expect(ink.link['@href']).toBe('https://aitlas.example/ai-apps/writing/ink-quill-beta');
  });

  it('filters by category, and refuses an unknown one in the error shape', async () => {
    const feed = xml.parse((await t.app.inject('/feeds/apps.xml?category=design')).body).feed;
    expect([feed.entry].flat().map((entry: { title: string }) => entry.title)).toEqual(['Markforge']);
    expect(feed.title).toBe('New Design AI apps on Aitlas');
    const unknown = await t.app.inject('/feeds/apps.xml?category=nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
    expect((await t.app.inject(`/feeds/apps.xml?category=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });
});

describe('defunct apps', () => {
  it('leave /feeds/apps.xml and /llms-full.txt (their page stays, with its notice)', async () => {
    const id = await insertApp(t.ctx.db, { name: 'Vanished Voice', category: 'Audio' });
    await t.ctx.changes.publish('apps.changed', { ids: [id] });
    const titles = async () =>
      [xml.parse((await t.app.inject('/feeds/apps.xml')).body).feed.entry].flat().map((entry: { title: string }) => entry.title);
    expect(await titles()).toContain('Vanished Voice');
    expect((await t.app.inject('/llms-full.txt')).body).toContain('[Vanished Voice]');

    await t.ctx.db.update(apps).set({ defunctAt: new Date() }).where(eq(apps.id, id));
    await t.ctx.changes.publish('apps.changed', { ids: [id] });
    expect(await titles()).not.toContain('Vanished Voice');
    expect((await t.app.inject('/llms-full.txt')).body).not.toContain('Vanished Voice');
    expect((await t.app.inject(`/app/${id}`)).statusCode).toBe(200);
  });
});
