import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appReviews } from '../../db/schema';
import { buildAppRecord } from '../../db/factories';
import { insertCatalogue } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let base: string;
let ids: Record<string, number>;

const catalogue = [
  buildAppRecord({
    name: 'Podscrub',
    category: 'Audio',
    description: 'Removes background noise and echo from podcast recordings.',
    tags: ['noise-removal', 'podcast'],
    features: ['One-click noise removal', 'Echo reduction'],
    useCases: ['Podcasters cleaning up interviews'],
    pricingType: 'freemium',
  }),
  buildAppRecord({
    name: 'Echofree',
    category: 'Audio',
    description: 'Free tool that cleans noise from voice recordings and podcasts.',
    tags: ['noise-removal', 'voice'],
    features: ['Noise removal', 'Voice enhancement'],
    useCases: ['Podcasters cleaning up audio'],
    pricingType: 'free',
  }),
  buildAppRecord({
    name: 'Markforge',
    category: 'Design',
    description: 'Generates logos and brand kits for small businesses.',
    tags: ['logo', 'branding'],
    features: ['Logo generator'],
    useCases: ['Small businesses creating a logo'],
    pricingType: 'paid',
  }),
];

/** A client of the SDK connected over real HTTP to the listening server. */
async function connect(headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'aitlas-test-agent', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers } }));
  return client;
}

const textOf = (result: CallToolResult) => result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_API_PER_MINUTE: '100000', PUBLIC_URL: 'https://aitlas.example' });
  ids = await insertCatalogue(t, catalogue);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

describe('MCP server at /mcp (SDK client over HTTP)', () => {
  it('lists the five read-only tools with descriptions and JSON schemas', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'best_ai_tools_for_task',
      'compare_ai_tools',
      'find_alternatives',
      'get_ai_tool',
      'search_ai_tools',
    ]);
    for (const tool of tools) {
      expect(tool.description?.length).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.annotations?.readOnlyHint).toBe(true);
    }
    const search = tools.find((tool) => tool.name === 'search_ai_tools')!;
    expect(search.inputSchema.required).toEqual(['query']);
    expect(Object.keys(search.inputSchema.properties ?? {})).toEqual(['query', 'pricing', 'category', 'limit']);
    await client.close();
  });

  it('search_ai_tools: apps with match reasons, confidence, reasoning and page URLs', async () => {
    const client = await connect();
    const result = (await client.callTool({
      name: 'search_ai_tools',
      arguments: { query: 'clean the noise out of my podcast', pricing: 'free' },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const data = result.structuredContent as {
      confidence: number;
      reasoning: string;
      data: {
        name: string;
        matchReason: string;
        pageUrl: string;
        pricing: string;
        evidence: { claim: string; quotes: { app: string; text: string }[] }[];
      }[];
    };
    // "free" means usable without paying: free apps and apps with a free plan, as "free" in a query means.
    const echofree = data.data.find((app) => app.name === 'Echofree');
    expect(echofree).toMatchObject({ pageUrl: 'https://aitlas.example/ai-apps/audio/echofree', pricing: 'free' });
    expect(data.data.every((app) => app.pricing === 'free' || app.pricing === 'freemium')).toBe(true);
    expect(data.data[0]!.matchReason).toMatch(/\w/);
    expect(data.data[0]!.evidence[0]!.quotes[0]!.app).toBe(data.data[0]!.name);
    expect(data.reasoning.length).toBeGreaterThan(10);
    expect(JSON.parse(textOf(result))).toEqual(data);
    await client.close();
  });

  it('get_ai_tool by id, by name slug and by page slugs', async () => {
    const client = await connect();
    for (const args of [{ id: ids.Markforge }, { slug: 'markforge' }, { slug: 'design/markforge' }]) {
      const result = (await client.callTool({ name: 'get_ai_tool', arguments: args })) as CallToolResult;
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(result.structuredContent).toMatchObject({
        data: { id: ids.Markforge, name: 'Markforge', pageUrl: 'https://aitlas.example/ai-apps/design/markforge' },
      });
    }
    await client.close();
  });

  it('get_ai_tool: what visitors say, from approved reviews only (average, count, latest 3)', async () => {
    const appId = ids.Podscrub!;
    const review = (n: number, status: 'approved' | 'pending', rating: number) => ({
      appId,
      authorKey: `mcp-test-${n}`,
      rating,
      title: `Review ${n}`,
      text: `A review long enough to count, number ${n}.`,
      name: `Reader ${n}`,
      status,
      createdAt: new Date(Date.UTC(2026, 0, n)),
    });
    await t.ctx.db
      .insert(appReviews)
      .values([
        review(1, 'approved', 4),
        review(2, 'approved', 5),
        review(3, 'approved', 3),
        review(4, 'approved', 4),
        review(5, 'pending', 1),
      ]);
    const client = await connect();
    const result = (await client.callTool({ name: 'get_ai_tool', arguments: { id: appId } })) as CallToolResult;
    expect(result.isError, textOf(result)).toBeFalsy();
    const data = result.structuredContent as { reviews: { average: number; count: number; latest: { title: string }[] } };
    expect(data.reviews).toMatchObject({ average: 4, count: 4 });
    expect(data.reviews.latest.map((item) => item.title)).toEqual(['Review 4', 'Review 3', 'Review 2']);
    const none = (await client.callTool({ name: 'get_ai_tool', arguments: { id: ids.Markforge } })) as CallToolResult;
    expect((none.structuredContent as { reviews: unknown }).reviews).toEqual({ average: null, count: 0, latest: [] });
    await client.close();
  });

  it('find_alternatives and compare_ai_tools', async () => {
    const client = await connect();
    const alternatives = (await client.callTool({
      name: 'find_alternatives',
      arguments: { slug: 'podscrub' },
    })) as CallToolResult;
    expect(alternatives.isError, textOf(alternatives)).toBeFalsy();
    const list = alternatives.structuredContent as { app: { name: string }; data: { name: string; reason: string }[] };
    expect(list.app.name).toBe('Podscrub');
    expect(list.data[0]).toMatchObject({ name: 'Echofree' });
    expect(list.data[0]!.reason).toMatch(/\w/);

    const compared = (await client.callTool({
      name: 'compare_ai_tools',
      arguments: { apps: ['podscrub', ids.Echofree] },
    })) as CallToolResult;
    expect(compared.isError, textOf(compared)).toBeFalsy();
    const comparison = compared.structuredContent as { data: { name: string }[]; pageUrl: string };
    expect(comparison.data.map((app) => app.name).sort()).toEqual(['Echofree', 'Podscrub']);
    expect(comparison.pageUrl).toBe('https://aitlas.example/compare/echofree-vs-podscrub');
    await client.close();
  });

  it.each([
    ['search_ai_tools', {}],
    ['search_ai_tools', { query: 'logo', limit: 500 }],
    ['search_ai_tools', { query: 'logo', pricing: 'cheap' }],
    ['get_ai_tool', {}],
    ['get_ai_tool', { id: ids?.Markforge ?? 1, slug: 'markforge' }],
    ['get_ai_tool', { id: 'seven' }],
    ['compare_ai_tools', { apps: ['podscrub'] }],
    ['compare_ai_tools', { apps: [1, 2, 3, 4, 5] }],
    ['find_alternatives', { slug: 42 }],
  ])('answers bad arguments to %s (%j) with an MCP tool error, and keeps serving', async (name, args) => {
    const client = await connect();
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/invalid|expected|either|too|required/i);
    expect((await client.listTools()).tools).toHaveLength(5);
    await client.close();
  });

  it('answers an unknown app as a tool error naming it', async () => {
    const client = await connect();
    const result = (await client.callTool({ name: 'get_ai_tool', arguments: { slug: 'no-such-tool' } })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('no-such-tool');
    const missing = (await client.callTool({
      name: 'compare_ai_tools',
      arguments: { apps: ['podscrub', 999999] },
    })) as CallToolResult;
    expect(missing.isError).toBe(true);
    await client.close();
  });

  it('answers many clients at once, each with its own answer, though they all number their requests alike', async () => {
    // One server answers every client of the instance: clients' JSON-RPC ids collide (every client
    // starts at 1), and a search and an app lookup finish in any order.
    const post = async (body: unknown) => {
      const response = await fetch(`${base}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as unknown;
    };
    const call = (id: number | string, name: string, args: Record<string, unknown>) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name, arguments: args },
    });
    type Reply = { id: number | string; result: CallToolResult };
    const apps = Object.entries(ids);
    const checks = Array.from({ length: 60 }, async (_, index) => {
      const id = index % 3 === 0 ? 'same' : 1;
      if (index % 2 === 0) {
        // Different words each time, so that no two are one cached answer.
        const query = `${index % 4 === 0 ? 'logo for my shop' : 'remove the noise from my podcast'} number ${index}`;
        const reply = (await post(call(id, 'search_ai_tools', { query, limit: 2 }))) as Reply;
        expect(reply.id).toBe(id);
        const answer = reply.result.structuredContent as { query: string; data: { name: string }[] };
        expect(answer.query).toBe(query);
        expect(JSON.parse(textOf(reply.result))).toEqual(answer);
        expect(answer.data[0]?.name).toEqual(index % 4 === 0 ? 'Markforge' : expect.stringMatching(/^(Podscrub|Echofree)$/));
      } else if (index % 5 === 0) {
        // A batch: each answer under its own id, in the order asked.
        const [first, second] = [apps[index % apps.length]!, apps[(index + 1) % apps.length]!];
        const replies = (await post([
          call(1, 'get_ai_tool', { id: first[1] }),
          call(2, 'get_ai_tool', { id: second[1] }),
        ])) as Reply[];
        expect(replies.map((reply) => reply.id)).toEqual([1, 2]);
        expect(replies.map((reply) => (reply.result.structuredContent as { data: { name: string } }).data.name)).toEqual([
          first[0],
          second[0],
        ]);
      } else {
        const [name, appId] = apps[index % apps.length]!;
        const reply = (await post(call(id, 'get_ai_tool', { id: appId }))) as Reply;
        expect(reply.id).toBe(id);
        expect(reply.result.structuredContent).toMatchObject({ data: { id: appId, name } });
      }
    });
    await Promise.all(checks);
  });

  it('is rate-limited like the API, open to agents on other origins, and stateless', async () => {
    const post = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        origin: 'https://agent.example',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
      }),
    });
    expect(post.status).toBe(200);
    expect(post.headers.get('access-control-allow-origin')).toBe('*');
    expect(Number(post.headers.get('ratelimit-limit'))).toBe(100000);
    expect(post.headers.get('mcp-session-id')).toBeNull();
    expect(((await post.json()) as { result: { serverInfo: { name: string } } }).result.serverInfo.name).toBe('aitlas');

    const badKey = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { authorization: 'Bearer aitlas_nope', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(badKey.status).toBe(401);
    expect(((await badKey.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
    expect((await fetch(`${base}/mcp`)).status).toBe(405);

    const withoutAccept = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(withoutAccept.status).toBe(406);
    expect(((await withoutAccept.json()) as { error: { code: string; message: string } }).error.message).toContain(
      'text/event-stream',
    );
  });
});
