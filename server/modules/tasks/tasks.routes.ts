import { appTasksParamSchema, taskPageQuerySchema, taskSlugParamSchema } from '@shared/schemas/tasks';
import type { ModulePlugin } from '../../http/module-plugin';
import { API_CACHE_CONTROL } from '../../http/public-cache';
import { TasksService } from './tasks.service';

/** The task pages' data: `/api/tasks` (the index), `/api/tasks/{slug}` and an app's "best for" tasks. */
export const tasksRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new TasksService(ctx);
  const cached = ctx.publicCache.hooks(API_CACHE_CONTROL);

  app.get('/api/tasks', cached, async () => service.index());

  app.get(
    '/api/tasks/:slug',
    { ...cached, schema: { params: taskSlugParamSchema, querystring: taskPageQuerySchema } },
    async (request) => service.page(request.params.slug, { pricing: request.query.pricing }),
  );

  app.get('/api/marketplace/app/:id/tasks', { ...cached, schema: { params: appTasksParamSchema } }, async (request) =>
    service.forApp(request.params.id),
  );
};
