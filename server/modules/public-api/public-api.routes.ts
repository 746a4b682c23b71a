import { API_V1_PREFIX } from '@shared/schemas/public-api';
import type { ModulePlugin } from '../../http/module-plugin';
import { jsonText } from '../../lib/json-text';
import { parseInput } from '../../lib/validate';
import { developersRoutes } from './developers.routes';
import { registerApiAccess, registerEtags } from './public-api.access';
import { buildOpenApiDocument } from './public-api.openapi';
import { apiOperations } from './public-api.operations';
import { PublicApiService } from './public-api.service';

/**
 * The public API v1 (`/api/v1/*`): read-only, open to every origin, rate-limited per client (higher
 * with an API key), ETags on every answer, and its OpenAPI document generated from the same
 * operations the routes are registered from; and the `/developers` reference page.
 */
export const publicApiRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new PublicApiService(ctx);
  const operations = apiOperations(parseInput);
  const document = buildOpenApiDocument(operations, {
    publicUrl: ctx.env.PUBLIC_URL,
    anonymousLimit: ctx.env.RATE_LIMIT_API_PER_MINUTE,
    keyLimit: ctx.env.RATE_LIMIT_API_KEY_PER_MINUTE,
  });
  const documentText = JSON.stringify(document);

  await app.register(
    async (v1) => {
      registerApiAccess(v1, ctx, { path: '*', methods: ['GET', 'HEAD'], headers: ['Authorization', 'If-None-Match'] });
      registerEtags(v1);
      v1.get('/openapi.json', async (_request, reply) => reply.type('application/json; charset=utf-8').send(documentText));
      for (const operation of operations) {
        v1.get(operation.path, async (request, reply) =>
          reply
            .type('application/json; charset=utf-8')
            .send(jsonText(await operation.handle(service, { params: request.params, query: request.query }))),
        );
      }
    },
    { prefix: API_V1_PREFIX },
  );
  await app.register(developersRoutes, { ctx });
};
