import { appTasksParamSchema, taskPageQuerySchema, taskSlugParamSchema } from '@shared/schemas/tasks';
import type { ModulePlugin } from '../../http/module-plugin';
import { API_CACHE_CONTROL } from '../../http/public-cache';
import { parseInput } from '../../lib/validate';
import { TasksService } from './tasks.service';

/** The task pages' data: `/api/tasks` (the index), `/api/tasks/{slug}` and an app's "best for" tasks. */
export const tasksRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new TasksService(ctx);
  const cached = ctx.publicCache.hooks(API_CACHE_CONTROL);

  app.get('/api/tasks', cached, async () => service.index());

  app.get('/api/tasks/:slug', cached, async (request) => {
    const { slug } = parseInput(taskSlugParamSchema, request.params, 'task');
    const { pricing } = parseInput(taskPageQuerySchema, request.query, 'query');
    return service.page(slug, { pricing });
  });

  app.get('/api/marketplace/app/:id/tasks', cached, async (request) => {
    const { id } = parseInput(appTasksParamSchema, request.params, 'app id');
    return service.forApp(id);
  });
};
