import { idParamSchema } from '@shared/schemas/app';
import { blogFormSchema } from '@shared/schemas/blog';
import type { ModulePlugin } from '../../http/module-plugin';
import { parseInput } from '../../lib/validate';
import { BlogService } from './blog.service';

/**
 * Admin blog calls (spec §7), registered inside the `/api/admin` scope whose hook demands an admin
 * session. Creates and updates are validated with the same schema as the admin form.
 */
export const blogAdminRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new BlogService(ctx);
  const postId = (params: unknown) => parseInput(idParamSchema, params, 'blog post id').id;

  app.get('/blog', async () => service.adminList());

  app.post('/blog', async (request, reply) => {
    const form = parseInput(blogFormSchema, request.body ?? {}, 'blog post');
    return reply.status(201).send(await service.create(form));
  });

  app.patch('/blog/:id', async (request) => {
    const id = postId(request.params);
    const form = parseInput(blogFormSchema, request.body ?? {}, 'blog post');
    return service.update(id, form);
  });

  app.delete('/blog/:id', async (request, reply) => {
    await service.remove(postId(request.params));
    return reply.status(204).send();
  });

  app.patch('/blog/:id/publish', async (request) => service.setPublished(postId(request.params), true));
  app.patch('/blog/:id/unpublish', async (request) => service.setPublished(postId(request.params), false));
};
