import { idParamSchema } from '@shared/schemas/app';
import { blogFormSchema } from '@shared/schemas/blog';
import type { ModulePlugin } from '../../http/module-plugin';
import { BlogService } from './blog.service';

/**
 * Admin blog calls (spec §7), registered inside the `/api/admin` scope whose hook demands an admin
 * session. Creates and updates are validated with the same schema as the admin form.
 */
export const blogAdminRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new BlogService(ctx);
  const byId = { schema: { params: idParamSchema } };

  app.get('/blog', async () => service.adminList());

  app.post('/blog', { schema: { body: blogFormSchema } }, async (request, reply) =>
    reply.status(201).send(await service.create(request.body)),
  );

  app.patch('/blog/:id', { schema: { params: idParamSchema, body: blogFormSchema } }, async (request) =>
    service.update(request.params.id, request.body),
  );

  app.delete('/blog/:id', byId, async (request, reply) => {
    await service.remove(request.params.id);
    return reply.status(204).send();
  });

  app.patch('/blog/:id/publish', byId, async (request) => service.setPublished(request.params.id, true));
  app.patch('/blog/:id/unpublish', byId, async (request) => service.setPublished(request.params.id, false));
};
