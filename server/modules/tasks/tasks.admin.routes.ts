import { taskPatchSchema, taskSlugParamSchema } from '@shared/schemas/tasks';
import type { ModulePlugin } from '../../http/module-plugin';
import { TasksService } from './tasks.service';

/** The curators' Tasks view (under /api/admin): every task page, hide or show one, write its intro. */
export const tasksAdminRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new TasksService(ctx);

  app.get('/tasks', async () => service.adminList());

  app.patch('/tasks/:slug', { schema: { params: taskSlugParamSchema, body: taskPatchSchema } }, async (request) =>
    service.update(request.params.slug, request.body),
  );
};
