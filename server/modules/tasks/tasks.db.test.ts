import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiTaskResponse, ApiTaskSummary } from '@shared/schemas/public-api';
import type { AdminTask, TaskIndexResponse, TaskPageResponse, TaskSummary } from '@shared/schemas/tasks';
import { apps } from '../../db/schema';
import { signInAsAdmin, type TestSession } from '../../test/admin-session';
import { buildAppRecord } from '../../db/factories';
import { insertCatalogue } from '../../test/factories';
import { bodyText, elementTexts } from '../../test/page-html';
import { openApiContract } from '../../test/openapi-contract';
import { createTestApp, type TestApp } from '../../test/test-app';

const PUBLIC_URL = 'https://aitlas.example';
let t: TestApp;
let admin: TestSession;
let ids: Record<string, number>;

const transcriber = (name: string, pricingType: 'free' | 'freemium' | 'paid', monthlyVisitors: number, rating: number) =>
  buildAppRecord({
    name,
    category: 'Audio',
    description: 'Transcribes speech to text from recordings and live meetings, with speaker labels.',
    tags: ['transcription', 'speech-to-text'],
    features: ['Speech to text transcription', 'Speaker labels', 'Export to subtitles'],
    useCases: ['Journalists transcribing interviews', 'Researchers transcribing focus groups'],
    pricingType,
    monthlyVisitors,
    rating,
  });

const catalogue = [
  transcriber('Scribewave', 'freemium', 2_000_000, 44),
  transcriber('Voxtype', 'free', 500_000, 47),
  transcriber('Verbatim Pro', 'paid', 900_000, 40),
  transcriber('Talkdown', 'freemium', 100_000, 38),
  buildAppRecord({
    name: 'Sheetwise',
    category: 'Analysis',
    description: 'Explains and writes spreadsheet formulas in Excel and Google Sheets.',
    tags: ['spreadsheet', 'excel', 'formulas'],
    features: ['Formula generator', 'Formula explainer'],
    useCases: ['Analysts fixing broken formulas'],
  }),
];

const get = async <T>(url: string) => {
  const res = await t.app.inject(url);
  return { status: res.statusCode, body: res.json() as T, headers: res.headers };
};

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL, RATE_LIMIT_API_PER_MINUTE: '100000' });
  admin = await signInAsAdmin(t);
  ids = await insertCatalogue(t, catalogue);
});
afterAll(() => t.close());

describe('task pages: the data', () => {
  it('lists one page per task concept with at least 3 published apps, grouped by category', async () => {
    const index = await get<TaskIndexResponse>('/api/tasks');
    expect(index.status).toBe(200);
    const tasks = index.body.groups.flatMap((group) => group.tasks);
    const transcription = tasks.find((task) => task.slug === 'transcription');
    expect(transcription).toMatchObject({ name: 'Best AI tools for transcription of speech to text', appCount: 4 });
    expect(index.body.groups.find((group) => group.tasks.some((task) => task.slug === 'transcription'))?.category).toEqual({
      name: 'Audio',
      slug: 'audio',
    });
    // One spreadsheet app is not enough for a page.
    expect(tasks.some((task) => task.slug === 'spreadsheets')).toBe(false);
  });

  it('ranks the apps that fit the task, with reasons, intro, facts and a pricing filter', async () => {
    const page = await get<TaskPageResponse>('/api/tasks/transcription');
    expect(page.status).toBe(200);
    expect(page.body.apps.map((app) => app.name).sort()).toEqual(['Scribewave', 'Talkdown', 'Verbatim Pro', 'Voxtype']);
    for (const app of page.body.apps) expect(app.reason).toMatch(/transcri/i);
    expect(page.body.task.intro).toContain('4 AI tools on Aitlas');
    const facts = Object.fromEntries(page.body.facts.map((fact) => [fact.question, fact.answer]));
    expect(facts['How many AI tools for transcription of speech to text are free?']).toBe(
      '1 is free, 2 have a free plan with paid upgrades and 1 is paid only, out of 4.',
    );
    expect(facts['Which AI tool for transcription of speech to text is the most visited?']).toBe(
      'Scribewave, with about 2M visits a month.',
    );
    expect(facts['Which AI tool for transcription of speech to text is rated highest?']).toBe('Voxtype, rated 4.7 out of 5.');

    const free = await get<TaskPageResponse>('/api/tasks/transcription?pricing=free');
    expect(free.body.apps.map((app) => app.name)).toEqual(['Voxtype']);
    expect(free.body.total).toBe(1);
  });

  it('answers 404 for unknown tasks and tasks without enough apps, 400 for a bad filter', async () => {
    expect((await get('/api/tasks/no-such-task')).status).toBe(404);
    expect((await get('/api/tasks/spreadsheets')).status).toBe(404);
    const bad = await get<{ error: { code: string } }>('/api/tasks/transcription?pricing=cheap');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_failed');
  });

  it('links a search answer to the task page of the need it understood', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      headers: { origin: PUBLIC_URL },
      payload: { query: 'transcribe my interviews' },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { task?: unknown }).task).toEqual({
      slug: 'transcription',
      name: 'Best AI tools for transcription of speech to text',
      path: '/best/transcription',
    });
    const named = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      headers: { origin: PUBLIC_URL },
      payload: { query: 'qwxz' },
    });
    expect((named.json() as { task?: unknown }).task).toBeUndefined();
  });

  it('lists on an app the tasks it is best for', async () => {
    const tasks = await get<TaskSummary[]>(`/api/marketplace/app/${ids.Voxtype}/tasks`);
    expect(tasks.body.map((task) => task.slug)).toContain('transcription');
    expect((await get<TaskSummary[]>(`/api/marketplace/app/${ids.Sheetwise}/tasks`)).body.map((task) => task.slug)).not.toContain(
      'transcription',
    );
  });

  it('follows the catalogue: an unpublished app leaves its tasks, and a task under 3 apps loses its page', async () => {
    await t.ctx.db.update(apps).set({ status: 'pending' }).where(eq(apps.id, ids.Talkdown!));
    await t.ctx.changes.publish('apps.changed', { ids: [ids.Talkdown!] });
    expect((await get<TaskPageResponse>('/api/tasks/transcription')).body.apps.map((app) => app.name)).not.toContain('Talkdown');
    await t.ctx.db.update(apps).set({ status: 'pending' }).where(eq(apps.id, ids['Verbatim Pro']!));
    await t.ctx.changes.publish('apps.changed', { ids: [ids['Verbatim Pro']!] });
    expect((await get('/api/tasks/transcription')).status).toBe(404);
    expect((await t.app.inject('/best/transcription')).statusCode).toBe(404);
    await t.ctx.db.update(apps).set({ status: 'published' }).where(eq(apps.id, ids.Talkdown!));
    await t.ctx.db.update(apps).set({ status: 'published' }).where(eq(apps.id, ids['Verbatim Pro']!));
    await t.ctx.changes.publish('apps.changed', { ids: [ids.Talkdown!, ids['Verbatim Pro']!] });
    expect((await get('/api/tasks/transcription')).status).toBe(200);
  });
});

describe('task pages: the pages', () => {
  it('/best/{slug} is rendered on the server: canonical, ItemList, feed link, ranked apps with reasons, filters and facts', async () => {
    const res = await t.app.inject('/best/transcription');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Best AI tools for transcription of speech to text | Aitlas</title>');
    expect(res.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/best/transcription" />`);
    expect(res.body).toContain(`href="${PUBLIC_URL}/feeds/apps.xml?task=transcription"`);
    const jsonLd = [...res.body.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
      (match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>,
    );
    expect(jsonLd.map((data) => data['@type'])).toEqual(['ItemList', 'BreadcrumbList']);
    expect((jsonLd[0]?.itemListElement as unknown[]).length).toBe(4);
    expect(elementTexts(res.body, 'h1')).toEqual(['Best AI tools for transcription of speech to text']);
    const text = bodyText(res.body);
    for (const words of [
      'Scribewave',
      'Why it fits',
      'All pricing',
      'Freemium',
      'Questions and answers',
      'Which AI tool for transcription of speech to text is the most visited?',
    ])
      expect(text).toContain(words);
    expect(res.body).toContain('href="/best/transcription?pricing=free"');
    // The filtered view is canonical to the page.
    const filtered = await t.app.inject('/best/transcription?pricing=paid');
    expect(filtered.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/best/transcription" />`);
    expect(elementTexts(filtered.body, 'h2').some((heading) => heading.includes('Verbatim Pro'))).toBe(true);
    expect(bodyText(filtered.body)).not.toContain('Voxtype Audio');
  });

  it('/best lists the task pages by category, and 404s are real', async () => {
    const res = await t.app.inject('/best');
    expect(res.statusCode).toBe(200);
    expect(elementTexts(res.body, 'h1')).toEqual(['Best AI tools for every task']);
    expect(res.body).toContain('href="/best/transcription"');
    expect(elementTexts(res.body, 'h2')).toContain('Audio');
    expect((await t.app.inject('/best/no-such-task')).statusCode).toBe(404);
    expect((await t.app.inject('/best/spreadsheets')).statusCode).toBe(404);
  });

  it('are in the sitemap, and each has a feed of its newest apps', async () => {
    const sitemap = await t.app.inject('/sitemap-browse.xml');
    expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}/best</loc>`);
    expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}/best/transcription</loc>`);
    const feed = await t.app.inject('/feeds/apps.xml?task=transcription');
    expect(feed.statusCode).toBe(200);
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(feed.body).feed as {
      title: string;
      entry: { title: string }[];
    };
    expect(parsed.title).toBe('New AI apps for transcription of speech to text on Aitlas');
    expect(parsed.entry.map((entry) => entry.title).sort()).toEqual(['Scribewave', 'Talkdown', 'Verbatim Pro', 'Voxtype']);
    expect((await t.app.inject('/feeds/apps.xml?task=no-such-task')).statusCode).toBe(404);
  });
});

describe('task pages in the public API v1', () => {
  it('GET /api/v1/tasks lists {slug, name, appCount, url}', async () => {
    const list = await get<ApiTaskSummary[]>('/api/v1/tasks');
    expect(list.status).toBe(200);
    expect(list.body).toContainEqual({
      slug: 'transcription',
      name: 'Best AI tools for transcription of speech to text',
      appCount: 4,
      url: `${PUBLIC_URL}/best/transcription`,
    });
  });

  it('GET /api/v1/tasks/{slug}?pricing&limit answers {task, apps}', async () => {
    const page = await get<ApiTaskResponse>('/api/v1/tasks/transcription?limit=2');
    expect(page.status).toBe(200);
    expect(page.body.task).toMatchObject({ slug: 'transcription', appCount: 4, url: `${PUBLIC_URL}/best/transcription` });
    expect(page.body.apps).toHaveLength(2);
    expect(page.body.apps[0]).toMatchObject({
      rank: 1,
      pageUrl: expect.stringContaining(`${PUBLIC_URL}/ai-apps/audio/`) as unknown,
    });
    const free = await get<ApiTaskResponse>('/api/v1/tasks/transcription?pricing=free');
    expect(free.body.apps.map((app) => app.name)).toEqual(['Voxtype']);
    expect((await get('/api/v1/tasks/no-such-task')).status).toBe(404);
    expect((await get('/api/v1/tasks/transcription?limit=500')).status).toBe(400);
  });

  it('documents both in the OpenAPI document, and the answers conform to it', async () => {
    const doc = (await get<{ paths: Record<string, unknown> }>('/api/v1/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/tasks', '/api/v1/tasks/{slug}']));
    const check = openApiContract(doc);
    for (const [url, documented] of [
      ['/api/v1/tasks', '/api/v1/tasks'],
      ['/api/v1/tasks/transcription?pricing=freemium&limit=3', '/api/v1/tasks/{slug}'],
      ['/api/v1/tasks/no-such-task', '/api/v1/tasks/{slug}'],
      ['/api/v1/tasks/transcription?limit=0', '/api/v1/tasks/{slug}'],
    ] as const) {
      const res = await get<unknown>(url);
      expect(check(documented, res.status, res.body), url).toEqual([]);
    }
  });
});

describe('task pages over MCP', () => {
  it('best_ai_tools_for_task answers a task by slug or in plain words, and a tool error for an unknown one', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const client = new Client({ name: 'aitlas-test-agent', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/mcp`)),
    );
    try {
      const bySlug = (await client.callTool({
        name: 'best_ai_tools_for_task',
        arguments: { task: 'transcription', pricing: 'free' },
      })) as CallToolResult;
      expect(bySlug.isError).toBeFalsy();
      const data = bySlug.structuredContent as ApiTaskResponse;
      expect(data.task.url).toBe(`${PUBLIC_URL}/best/transcription`);
      expect(data.apps.map((app) => app.name)).toEqual(['Voxtype']);
      const inWords = (await client.callTool({
        name: 'best_ai_tools_for_task',
        arguments: { task: 'transcribe my interviews', limit: 2 },
      })) as CallToolResult;
      expect((inWords.structuredContent as ApiTaskResponse).task.slug).toBe('transcription');
      expect((inWords.structuredContent as ApiTaskResponse).apps).toHaveLength(2);
      const unknown = (await client.callTool({
        name: 'best_ai_tools_for_task',
        arguments: { task: 'qwxz zzkq' },
      })) as CallToolResult;
      expect(unknown.isError).toBe(true);
    } finally {
      await client.close();
    }
  });
});

describe('curating task pages (admin)', () => {
  const call = (method: 'GET' | 'PATCH', url: string, payload?: object, cookie = admin.cookie) =>
    t.app.inject({ method, url, headers: { cookie, origin: PUBLIC_URL }, ...(payload ? { payload } : {}) });

  it('writes an intro, hides a page (404, out of the sitemap and the API) and shows it again', async () => {
    const listed = (await call('GET', '/api/admin/tasks')).json() as AdminTask[];
    expect(listed.find((task) => task.slug === 'transcription')).toMatchObject({ hidden: false, intro: null });

    const intro = await call('PATCH', '/api/admin/tasks/transcription', { intro: 'Our picks for turning talk into text.' });
    expect(intro.statusCode).toBe(200);
    expect(bodyText((await t.app.inject('/best/transcription')).body)).toContain('Our picks for turning talk into text.');

    expect((await call('PATCH', '/api/admin/tasks/transcription', { hidden: true })).statusCode).toBe(200);
    expect((await t.app.inject('/best/transcription')).statusCode).toBe(404);
    expect((await get<ApiTaskSummary[]>('/api/v1/tasks')).body.some((task) => task.slug === 'transcription')).toBe(false);
    expect((await t.app.inject('/sitemap-browse.xml')).body).not.toContain('/best/transcription');
    expect((await call('GET', '/api/admin/tasks')).json()).toContainEqual(
      expect.objectContaining({ slug: 'transcription', hidden: true }),
    );

    expect((await call('PATCH', '/api/admin/tasks/transcription', { hidden: false, intro: '' })).statusCode).toBe(200);
    const back = await get<TaskPageResponse>('/api/tasks/transcription');
    expect(back.status).toBe(200);
    expect(back.body.task.intro).toContain('4 AI tools on Aitlas');
  });

  it('refuses bad input, unknown tasks and visitors', async () => {
    expect((await call('PATCH', '/api/admin/tasks/transcription', { intro: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await call('PATCH', '/api/admin/tasks/transcription', {})).statusCode).toBe(400);
    expect((await call('PATCH', '/api/admin/tasks/no-such-task', { hidden: true })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: '/api/admin/tasks/transcription',
          headers: { origin: PUBLIC_URL },
          payload: { hidden: true },
        })
      ).statusCode,
    ).toBe(401);
  });
});
