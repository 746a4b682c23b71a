import { z } from 'zod';
import { idParamSchema } from '@shared/schemas/app';
import { categoryDialogSchema, categoryFormSchema, categoryPatchSchema, categoryReorderSchema } from '@shared/schemas/category';
import type { ModulePlugin } from '../../http/module-plugin';
import { parseWithin, patchBody } from '../../http/route-options';
import { sentField } from '../../lib/validate';
import type { CategoryCreateInput } from './categories.admin.service';
import { CategoriesAdminService } from './categories.admin.service';

/** A body naming a slug is the manager's full form; otherwise the dashboard dialog. */
const categoryCreateBody = z.unknown().transform((body, context): CategoryCreateInput => ({
  ...(sentField(body, 'slug')
    ? { form: parseWithin(categoryFormSchema, body, context) }
    : { dialog: parseWithin(categoryDialogSchema, body, context) }),
  sortOrderSent: sentField(body, 'sortOrder'),
}));

/** Admin category calls (spec §7), inside the `/api/admin` scope whose hook demands an admin. */
export const categoriesAdminRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new CategoriesAdminService(ctx);

  app.get('/categories', async () => service.list());

  app.post('/categories', { schema: { body: categoryCreateBody } }, async (request, reply) =>
    reply.status(201).send(await service.create(request.body)),
  );

  app.patch('/categories/:id', { schema: { params: idParamSchema, body: patchBody(categoryPatchSchema) } }, async (request) =>
    service.update(request.params.id, request.body),
  );

  app.delete('/categories/:id', { schema: { params: idParamSchema } }, async (request, reply) => {
    await service.delete(request.params.id);
    return reply.status(204).send();
  });

  app.patch('/categories/:id/reorder', { schema: { params: idParamSchema, body: categoryReorderSchema } }, async (request) =>
    service.reorder(request.params.id, request.body.direction),
  );
};
