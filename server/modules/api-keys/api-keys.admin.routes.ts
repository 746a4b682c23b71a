import { apiKeyCreateSchema, type ApiKey, type CreatedApiKey } from '@shared/schemas/api-keys';
import { idParamSchema } from '@shared/schemas/app';
import type { ModulePlugin } from '../../http/module-plugin';
import { authenticateRequest } from '../auth/auth.guard';
import { ApiKeysService } from './api-keys.service';

/** Admin calls on the public API's keys (inside the `/api/admin` scope, so an admin session is required). */
export const apiKeysAdminRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new ApiKeysService(ctx);

  app.get('/api-keys', async (): Promise<ApiKey[]> => service.list());

  app.post('/api-keys', { schema: { body: apiKeyCreateSchema } }, async (request, reply): Promise<CreatedApiKey> => {
    const user = await authenticateRequest(ctx, request);
    reply.status(201).header('cache-control', 'no-store');
    return service.create(request.body.name, user?.id ?? null);
  });

  app.delete('/api-keys/:id', { schema: { params: idParamSchema } }, async (request): Promise<ApiKey> =>
    service.revoke(request.params.id),
  );
};
