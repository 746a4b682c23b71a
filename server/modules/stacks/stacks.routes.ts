import { stackCreateSchema, stackIdParamSchema, stackPatchSchema } from '@shared/schemas/stacks';
import type { ModulePlugin } from '../../http/module-plugin';
import { API_CACHE_CONTROL } from '../../http/public-cache';
import { parseInput } from '../../lib/validate';
import { visitorKey } from '../../lib/visitor';
import { StacksService } from './stacks.service';

/** The secret of `Authorization: Bearer {secret}`, or null. */
function bearer(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** Shareable stacks: create (rate-limited per visitor), read, and edit or delete with the creator's secret. */
export const stacksRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new StacksService(ctx);

  app.post('/api/stacks', async (request, reply) => {
    const input = parseInput(stackCreateSchema, request.body, 'stack');
    const created = await service.create(input, visitorKey(request, reply, ctx.env.SECRET, ctx.env.PUBLIC_URL));
    return reply.status(201).header('cache-control', 'no-store').send(created);
  });

  app.get('/api/stacks/:id', ctx.publicCache.hooks(API_CACHE_CONTROL), async (request) => {
    const { id } = parseInput(stackIdParamSchema, request.params, 'stack id');
    return service.get(id);
  });

  app.patch('/api/stacks/:id', async (request) => {
    const { id } = parseInput(stackIdParamSchema, request.params, 'stack id');
    const patch = parseInput(stackPatchSchema, request.body, 'stack');
    return service.update(id, bearer(request.headers.authorization), patch);
  });

  app.delete('/api/stacks/:id', async (request, reply) => {
    const { id } = parseInput(stackIdParamSchema, request.params, 'stack id');
    await service.delete(id, bearer(request.headers.authorization));
    return reply.status(204).send();
  });
};
