import { idParamSchema } from '@shared/schemas/app';
import { categoryDialogSchema, categoryFormSchema, categoryPatchSchema, categoryReorderSchema } from '@shared/schemas/category';
import type { ModulePlugin } from '../../http/module-plugin';
import { parseInput, parsePatch, sentField } from '../../lib/validate';
import { CategoriesAdminService } from './categories.admin.service';

/** Admin category calls (spec §7), inside the `/api/admin` scope whose hook demands an admin. */
export const categoriesAdminRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new CategoriesAdminService(ctx);

  app.get('/categories', async () => service.list());

  app.post('/categories', async (request, reply) => {
    const body = request.body;
    // A body naming a slug is the manager's full form; otherwise the dashboard dialog.
    const kind = sentField(body, 'slug') ? { form: parseInput(categoryFormSchema, body, 'category') } : { dialog: parseInput(categoryDialogSchema, body, 'category') };
    const category = await service.create({ ...kind, sortOrderSent: sentField(body, 'sortOrder') });
    return reply.status(201).send(category);
  });

  app.patch('/categories/:id', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 'category id');
    return service.update(id, parsePatch(categoryPatchSchema, request.body, 'category'));
  });

  app.delete('/categories/:id', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 'category id');
    await service.delete(id);
    return reply.status(204).send();
  });

  app.patch('/categories/:id/reorder', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 'category id');
    const { direction } = parseInput(categoryReorderSchema, request.body, 'reorder');
    return service.reorder(id, direction);
  });
};
