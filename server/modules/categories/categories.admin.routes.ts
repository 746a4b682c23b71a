import { idParamSchema } from '../../../shared/schemas/app';
import type { ModulePlugin } from '../../http/module-plugin';
import { parseInput } from '../../lib/validate';
import { CategoriesAdminService } from './categories.admin.service';

/** Admin category calls (spec §7), inside the `/api/admin` scope whose hook demands an admin. */
export const categoriesAdminRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new CategoriesAdminService(ctx);

  app.get('/categories', async () => service.list());

  app.post('/categories', async (request, reply) => {
    const category = await service.create(request.body);
    return reply.status(201).send(category);
  });

  app.patch('/categories/:id', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 'category id');
    return service.update(id, request.body);
  });

  app.delete('/categories/:id', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 'category id');
    await service.delete(id);
    return reply.status(204).send();
  });

  app.patch('/categories/:id/reorder', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 'category id');
    return service.reorder(id, request.body);
  });
};
