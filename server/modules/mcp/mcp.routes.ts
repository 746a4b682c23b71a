import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { ModulePlugin } from '../../http/module-plugin';
import { AppError } from '../../lib/errors';
import { registerApiAccess } from '../public-api/public-api.access';
import { PublicApiService } from '../public-api/public-api.service';
import { createMcpServer } from './mcp.tools';

export const MCP_PATH = '/mcp';
const SERVER_VERSION = '1.0.0';

/**
 * `POST /mcp`: the MCP server over the Streamable HTTP transport of the official SDK, stateless (a
 * new server and transport per request, no session id), so any instance answers any request.
 * Read-only and rate-limited like the public API (same per-client budget, same optional key). It
 * reads no cookies, which is why it is open to every origin (see docs/decisions).
 */
export const mcpRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new PublicApiService(ctx);

  await app.register(async (scope) => {
    registerApiAccess(scope, ctx, {
      path: MCP_PATH,
      methods: ['POST'],
      headers: ['Authorization', 'Content-Type', 'Accept', 'Mcp-Protocol-Version', 'Mcp-Session-Id', 'Last-Event-ID'],
    });

    scope.post(MCP_PATH, async (request, reply) => {
      // The transport would refuse this itself, but in JSON-RPC clothes; before any MCP exchange the
      // answer is the API's error shape, like every other 4xx.
      const accept = request.headers.accept ?? '';
      if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
        throw new AppError(
          'bad_request',
          'Not Acceptable: an MCP client must accept both application/json and text/event-stream.',
          undefined,
          406,
        );
      }
      const server = createMcpServer(service, SERVER_VERSION);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      // The SDK writes the raw response itself; the headers set so far (CORS, rate limit) go with it.
      reply.hijack();
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      try {
        await server.connect(transport);
        await transport.handleRequest(request.raw, reply.raw, request.body);
      } catch (error) {
        request.log.error({ err: error }, 'MCP request failed');
        if (!reply.raw.headersSent) {
          reply.raw.writeHead(500, { 'content-type': 'application/json' });
          reply.raw.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: null }));
        }
      }
    });

    // Stateless: there is no stream to open (GET) and no session to end (DELETE).
    const notAllowed = async () => {
      throw new AppError('bad_request', 'This MCP server is stateless: send JSON-RPC messages with POST.', undefined, 405);
    };
    scope.get(MCP_PATH, async (_request, reply) => {
      reply.header('allow', 'POST, OPTIONS');
      return notAllowed();
    });
    scope.delete(MCP_PATH, notAllowed);
  });
};
