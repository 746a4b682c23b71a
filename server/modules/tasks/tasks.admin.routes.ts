import { taskPatchSchema, taskSlugParamSchema } from '@shared/schemas/tasks';
import type { ModulePlugin } from '../../http/module-plugin';
import { parseInput } from '../../lib/validate';
import { TasksService } from './tasks.service';

/** The curators' Tasks view (under /api/admin): every task page, hide or show one, write its intro. */
export const tasksAdminRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new TasksService(ctx);

  app.get('/tasks', async () => service.adminList());

  app.patch('/tasks/:slug', async (request) => {
    const { slug } = parseInput(taskSlugParamSchema, request.params, 'task');
    const patch = parseInput(taskPatchSchema, request.body, 'task');
    return service.update(slug, patch);
  });
};
