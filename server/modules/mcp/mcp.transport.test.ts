import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toolResult, toolResultJson } from './mcp.results';
import { StatelessMcpHttpTransport, type McpPostHeaders } from './mcp.transport';

const headers: McpPostHeaders = { contentType: 'application/json', protocolVersion: '2025-06-18' };
const call = (id: number | string, key: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'wait', arguments: { key } },
});

/**
 * A server with one tool that answers only when the test opens its gate: the test decides in which
 * order requests finish. `started` resolves once `expected` calls are waiting.
 */
async function gatedServer(expected: number) {
  const gates = new Map<string, () => void>();
  let openStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => (openStarted = resolve));
  const transport = new StatelessMcpHttpTransport();
  const server = new McpServer({ name: 'test', version: '1.0.0' });
  server.registerTool('wait', { inputSchema: { key: z.string() } }, async ({ key }, extra) => {
    await new Promise<void>((resolve) => {
      gates.set(key, resolve);
      if (gates.size === expected) openStarted();
    });
    const data = { key, words: `answer for ${key} "quoted"` };
    transport.answeredWith(extra.requestId, data);
    return toolResult(data);
  });
  await server.connect(transport);
  return { transport, started, open: (key: string) => gates.get(key)?.() };
}

describe('StatelessMcpHttpTransport: one server for every client', () => {
  it('gives each request its own answer under its own id, whatever order they finish in', async () => {
    const keys = Array.from({ length: 20 }, (_, index) => `client-${index}`);
    const { transport, started, open } = await gatedServer(keys.length);
    // Every client numbers its first request 1.
    const answers = keys.map((key) => transport.handlePost(call(1, key), headers));
    await started;
    for (const key of [...keys].reverse()) open(key);
    const replies = await Promise.all(answers);
    replies.forEach((answer, index) => {
      const data = { key: keys[index], words: `answer for ${keys[index]} "quoted"` };
      expect(answer.status).toBe(200);
      expect(answer.json).toBe(JSON.stringify({ result: toolResult(data), jsonrpc: '2.0', id: 1 }));
    });
  });

  it('answers a batch in the order asked, and passes on no notification (it could name another client’s request)', async () => {
    const { transport, started, open } = await gatedServer(3);
    const first = transport.handlePost(call('a', 'first'), headers);
    const batch = transport.handlePost([call(2, 'second'), call(1, 'third')], headers);
    await started;
    // Another client cancels "its" request 1: the server's own numbering must never see it.
    for (const id of [1, 2, 3]) {
      const cancel = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id } };
      expect(await transport.handlePost(cancel, headers)).toEqual({ status: 202 });
    }
    for (const key of ['third', 'second', 'first']) open(key);
    expect(JSON.parse((await first).json ?? '')).toMatchObject({ id: 'a', result: { structuredContent: { key: 'first' } } });
    const replies = JSON.parse((await batch).json ?? '') as { id: number; result: { structuredContent: { key: string } } }[];
    expect(replies.map((reply) => [reply.id, reply.result.structuredContent.key])).toEqual([
      [2, 'second'],
      [1, 'third'],
    ]);
  });

  it('refuses what the SDK’s transport refuses, with its statuses and JSON-RPC errors', async () => {
    const { transport } = await gatedServer(1);
    const refused = async (body: unknown, given: Partial<McpPostHeaders>) => {
      const answer = await transport.handlePost(body, { ...headers, ...given });
      return [answer.status, (JSON.parse(answer.json ?? '{}') as { error: { code: number } }).error.code];
    };
    expect(await refused(call(1, 'x'), { contentType: 'text/plain' })).toEqual([415, -32000]);
    expect(await refused({ hello: 'world' }, {})).toEqual([400, -32700]);
    expect(await refused(call(1, 'x'), { protocolVersion: '1999-01-01' })).toEqual([400, -32000]);
    expect(
      await refused(
        Array.from({ length: 101 }, () => call(1, 'x')),
        {},
      ),
    ).toEqual([400, -32600]);
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    };
    expect(await refused([initialize, initialize], {})).toEqual([400, -32600]);
    const welcome = await transport.handlePost(initialize, { ...headers, protocolVersion: undefined });
    expect(JSON.parse(welcome.json ?? '')).toMatchObject({ id: 1, result: { serverInfo: { name: 'test' } } });
  });
});

describe('toolResultJson', () => {
  const data = { query: 'x "y"', data: [{ name: 'A', tags: ['b'] }], unsure: false };

  it('writes the SDK’s copy of a tool result exactly as JSON.stringify does', () => {
    // What the SDK hands the transport: its validated copy of the tool's result.
    const copy = CallToolResultSchema.parse(toolResult(data));
    expect(toolResultJson(copy, data)).toBe(JSON.stringify(copy));
  });

  it('declines anything that is not that result, so it is serialised as usual', () => {
    const result = toolResult(data);
    expect(toolResultJson({ ...result, isError: true }, data)).toBeUndefined();
    expect(toolResultJson({ ...result, structuredContent: { ...data, unsure: true } }, data)).toBeUndefined();
    expect(
      toolResultJson({ ...result, structuredContent: { unsure: false, query: data.query, data: data.data } }, data),
    ).toBeUndefined();
    expect(toolResultJson({ content: [{ type: 'text', text: '{}' }], structuredContent: data }, data)).toBeUndefined();
  });
});
