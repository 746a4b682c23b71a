import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps } from '../../db/schema';
import { buildAppRecord } from '../../db/factories';
import { insertCatalogue } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let ids: Record<string, number>;

const catalogue = [
  buildAppRecord({
    name: 'Pictora',
    category: 'Design',
    description: 'Image generator that creates artwork from text prompts.',
    tags: ['image-generation', 'text-to-image'],
    features: ['Generate images from text prompts', 'Style presets', 'Upscaling'],
    useCases: ['Illustrating a blog post'],
    pricingType: 'paid',
  }),
  buildAppRecord({
    name: 'Brushly',
    category: 'Design',
    description: 'Text-to-image generator for creating images and illustrations from prompts.',
    tags: ['image-generation', 'art'],
    features: ['Image generation from text prompts', 'Custom styles'],
    useCases: ['Illustrating a blog post'],
    pricingType: 'freemium',
  }),
  buildAppRecord({
    name: 'Canvo',
    category: 'Design',
    description: 'Generate images from text descriptions in any style, on iPhone and Android.',
    tags: ['image-generation', 'mobile'],
    features: ['Image generation from prompts', 'Mobile app'],
    useCases: ['Making wallpapers'],
    pricingType: 'free',
  }),
  buildAppRecord({
    name: 'Scribewise',
    category: 'Writing',
    description: 'Grammar checker that fixes spelling, punctuation and tone as you type.',
    tags: ['grammar', 'spelling'],
    features: ['Grammar and spelling correction', 'Tone suggestions'],
    useCases: ['Proofreading emails'],
    pricingType: 'freemium',
  }),
  buildAppRecord({
    name: 'Meetmate',
    category: 'Productivity',
    description: 'Meeting assistant that records calls and writes transcripts and summaries.',
    tags: ['meetings', 'transcription'],
    features: ['Live transcription', 'Meeting summaries'],
    useCases: ['Sharing meeting notes'],
    pricingType: 'freemium',
  }),
];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SEARCH_PER_MINUTE: '1000' });
  ids = await insertCatalogue(t, catalogue);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const alternativesOf = async (name: string, query = '') => {
  const res = await get(`/api/marketplace/app/${ids[name]}/alternatives${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { app: { name: string }; alternatives: { name: string; reason: string; similarity: number }[] };
};

describe('GET /api/marketplace/app/{id}/alternatives', () => {
  it('lists the apps doing the same job with their reasons, without the app itself', async () => {
    const body = await alternativesOf('Pictora');
    expect(body.app.name).toBe('Pictora');
    expect(
      body.alternatives
        .slice(0, 2)
        .map((app) => app.name)
        .sort(),
    ).toEqual(['Brushly', 'Canvo']);
    expect(body.alternatives.map((app) => app.name)).not.toContain('Pictora');
    expect(body.alternatives[0]!.reason).toMatch(/^Both cover image generation/);
    expect(body.alternatives[0]!.similarity).toBeGreaterThan(0);
    expect(body.alternatives[0]!.similarity).toBeLessThanOrEqual(1);
  });

  it('lists each alternative with what its card shows, not its whole listing (pages carry this answer in their HTML)', async () => {
    const body = (await alternativesOf('Pictora')) as unknown as { app: object; alternatives: object[] };
    expect(Object.keys(body.app).sort()).toEqual(['category', 'categorySlug', 'id', 'name', 'nameSlug']);
    expect(Object.keys(body.alternatives[0]!).sort()).toEqual([
      'category',
      'categorySlug',
      'id',
      'logoUrl',
      'monthlyVisitors',
      'name',
      'nameSlug',
      'pricingType',
      'rating',
      'reason',
      'similarity',
    ]);
  });

  it('filters by pricing and limits', async () => {
    const free = await alternativesOf('Pictora', '?pricing=free');
    expect(free.alternatives.map((app) => app.name)).toEqual(['Canvo']);
    expect((await alternativesOf('Pictora', '?limit=1')).alternatives).toHaveLength(1);
  });

  it.each([
    ['a limit of 0', '?limit=0'],
    ['a limit above 24', '?limit=25'],
    ['a fractional limit', '?limit=1.5'],
    ['an unknown pricing', '?pricing=cheap'],
  ])('refuses %s with a 400 in the error shape', async (_label, query) => {
    const res = await get(`/api/marketplace/app/${ids.Pictora}/alternatives${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await get('/api/marketplace/app/999999/alternatives');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
    expect((await get('/api/marketplace/app/abc/alternatives')).statusCode).toBe(400);
  });
});

describe('GET /api/compare', () => {
  it('puts 2 apps side by side in canonical order with aligned features', async () => {
    const res = await get(`/api/compare?ids=${ids.Pictora},${ids.Brushly}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.apps.map((app: { name: string }) => app.name)).toEqual(['Brushly', 'Pictora']);
    expect(body.path).toBe('/compare/brushly-vs-pictora');
    const shared = body.features.find((row: { cells: (string | null)[] }) => row.cells.every((cell) => cell !== null));
    expect(shared.cells).toEqual(['Image generation from text prompts', 'Generate images from text prompts']);
    const onlyPictora = body.features.find((row: { cells: (string | null)[] }) => row.cells[0] === null);
    expect(onlyPictora.cells[1]).toBeTruthy();
    const bySlugs = await get('/api/compare?slugs=pictora,brushly');
    expect(bySlugs.statusCode).toBe(200);
    expect(bySlugs.json().path).toBe('/compare/brushly-vs-pictora');
  });

  it.each([
    ['one id', () => `ids=${ids.Pictora}`],
    ['five ids', () => `ids=${Object.values(ids).join(',')},${ids.Pictora}`],
    ['no ids nor slugs', () => ''],
    ['both ids and slugs', () => `ids=${ids.Pictora},${ids.Brushly}&slugs=pictora,brushly`],
    ['a malformed id', () => `ids=${ids.Pictora},x`],
  ])('refuses %s with a 400', async (_label, query) => {
    const res = await get(`/api/compare?${query()}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed' });
  });

  it('answers 404 when an app is unknown', async () => {
    const res = await get(`/api/compare?ids=${ids.Pictora},999999`);
    expect(res.statusCode).toBe(404);
    expect((await get('/api/compare?slugs=pictora,nope')).statusCode).toBe(404);
  });
});

describe('the change feed', () => {
  it('reflects unpublish, publish and delete at once in alternatives, compare and named searches', async () => {
    const named = async (query: string) =>
      (await t.app.inject({ method: 'POST', url: '/api/search', payload: { query } })).json();
    expect((await named('alternatives to pictora')).intent).toMatchObject({ kind: 'alternatives', apps: [{ name: 'Pictora' }] });

    await t.ctx.db.update(apps).set({ status: 'pending' }).where(eq(apps.id, ids.Brushly!));
    await t.ctx.changes.publish('apps.changed', { ids: [ids.Brushly!] });
    expect((await alternativesOf('Pictora')).alternatives.map((app) => app.name)).not.toContain('Brushly');
    expect((await get(`/api/marketplace/app/${ids.Brushly}/alternatives`)).statusCode).toBe(404);
    expect((await get(`/api/compare?ids=${ids.Pictora},${ids.Brushly}`)).statusCode).toBe(404);

    await t.ctx.db.update(apps).set({ status: 'published' }).where(eq(apps.id, ids.Brushly!));
    await t.ctx.changes.publish('apps.changed', { ids: [ids.Brushly!] });
    expect((await alternativesOf('Pictora')).alternatives.map((app) => app.name)).toContain('Brushly');

    await t.ctx.db.delete(apps).where(eq(apps.id, ids.Canvo!));
    await t.ctx.changes.publish('apps.changed', { ids: [ids.Canvo!] });
    expect((await alternativesOf('Pictora')).alternatives.map((app) => app.name)).not.toContain('Canvo');
    const search = await named('pictora vs canvo');
    expect(search.intent?.kind).not.toBe('compare');
  });
});

describe('POST /api/search with named apps', () => {
  it('answers alternatives with the intent and the link to the full list', async () => {
    const body = await (
      await t.app.inject({ method: 'POST', url: '/api/search', payload: { query: 'scribewise but free' } })
    ).json();
    expect(body.intent).toEqual({
      kind: 'alternatives',
      apps: [{ id: ids.Scribewise, name: 'Scribewise' }],
      alternativesPath: '/ai-apps/writing/scribewise/alternatives',
    });
    expect(body.apps.map((app: { name: string }) => app.name)).not.toContain('Scribewise');
  });

  it('answers a comparison with its page', async () => {
    const body = await (
      await t.app.inject({ method: 'POST', url: '/api/search', payload: { query: 'pictora vs brushly' } })
    ).json();
    expect(body.intent).toMatchObject({ kind: 'compare', comparePath: '/compare/brushly-vs-pictora' });
    expect(body.apps.slice(0, 2).map((app: { name: string }) => app.name)).toEqual(['Pictora', 'Brushly']);
  });
});
