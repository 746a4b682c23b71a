import type { ModulePlugin } from '../../http/module-plugin';
import { AppError } from '../../lib/errors';
import { registerApiAccess } from '../public-api/public-api.access';
import { PublicApiService } from '../public-api/public-api.service';
import { createMcpServer } from './mcp.tools';
import { StatelessMcpHttpTransport } from './mcp.transport';

export const MCP_PATH = '/mcp';
const SERVER_VERSION = '1.0.0';

/**
 * `POST /mcp`: the MCP server over the Streamable HTTP transport, stateless (no session id, nothing
 * kept between requests), so any instance answers any request. One server of the official SDK per
 * instance answers every request through one transport that gives each request an id of its own
 * (mcp.transport.ts). Read-only and rate-limited like the public API (same per-client budget, same
 * optional key). It reads no cookies, which is why it is open to every origin (see docs/decisions).
 */
export const mcpRoutes: ModulePlugin = async (app, { ctx }) => {
  const transport = new StatelessMcpHttpTransport();
  const server = createMcpServer(new PublicApiService(ctx), SERVER_VERSION, (requestId, data) =>
    transport.answeredWith(requestId, data),
  );
  server.server.onerror = (error) => ctx.log.error({ err: error }, 'MCP server error');
  await server.connect(transport);
  app.addHook('onClose', async () => {
    await server.close();
  });

  await app.register(async (scope) => {
    registerApiAccess(scope, ctx, {
      path: MCP_PATH,
      methods: ['POST'],
      headers: ['Authorization', 'Content-Type', 'Accept', 'Mcp-Protocol-Version', 'Mcp-Session-Id', 'Last-Event-ID'],
    });

    scope.post(MCP_PATH, async (request, reply) => {
      // Before any MCP exchange the answer is the API's error shape, like every other 4xx.
      const accept = request.headers.accept ?? '';
      if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
        throw new AppError(
          'bad_request',
          'Not Acceptable: an MCP client must accept both application/json and text/event-stream.',
          undefined,
          406,
        );
      }
      const version = request.headers['mcp-protocol-version'];
      const answer = await transport.handlePost(request.body, {
        contentType: request.headers['content-type'],
        protocolVersion: Array.isArray(version) ? version.join(', ') : version,
      });
      reply.code(answer.status);
      return answer.json === undefined ? reply.send() : reply.type('application/json').send(answer.json);
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
