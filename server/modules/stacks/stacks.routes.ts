import { stackCreateSchema, stackIdParamSchema, stackPatchSchema } from '@shared/schemas/stacks';
import type { ModulePlugin } from '../../http/module-plugin';
import { API_CACHE_CONTROL } from '../../http/public-cache';
import { StacksService } from './stacks.service';

/** The secret of `Authorization: Bearer {secret}`, or null. */
function bearer(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** Shareable stacks: create (rate-limited per visitor), read, and edit or delete with the creator's secret. */
export const stacksRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new StacksService(ctx);
  const byId = { schema: { params: stackIdParamSchema } };

  app.post('/api/stacks', { schema: { body: stackCreateSchema }, config: { rateLimit: 'stack' } }, async (request, reply) => {
    const created = await service.create(request.body);
    return reply.status(201).header('cache-control', 'no-store').send(created);
  });

  app.get('/api/stacks/:id', { ...ctx.publicCache.hooks(API_CACHE_CONTROL), ...byId }, async (request) =>
    service.get(request.params.id),
  );

  app.patch('/api/stacks/:id', { schema: { params: stackIdParamSchema, body: stackPatchSchema } }, async (request) =>
    service.update(request.params.id, bearer(request.headers.authorization), request.body),
  );

  app.delete('/api/stacks/:id', byId, async (request, reply) => {
    await service.delete(request.params.id, bearer(request.headers.authorization));
    return reply.status(204).send();
  });
};
