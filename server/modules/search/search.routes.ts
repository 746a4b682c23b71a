import { taskPath } from '@shared/browse-paths';
import { searchRequestSchema } from '@shared/schemas/search';
import type { ModulePlugin } from '../../http/module-plugin';
import { TasksService } from '../tasks/tasks.service';

/** `POST /api/search {query, without?}` → `{apps, confidence, reasoning, understood, unsure, task?}`, rate-limited per client. */
export const searchRoutes: ModulePlugin = async (app, { ctx }) => {
  const tasks = new TasksService(ctx);
  app.post('/api/search', { schema: { body: searchRequestSchema }, config: { rateLimit: 'search' } }, async (request) => {
    const { query, without } = request.body;
    const result = await ctx.search.search(query, { without });
    // A task answer links to the task page of the need it understood (issue 23); named-app answers have their own links.
    const task = result.intent ? null : await tasks.forQuery(query);
    return task ? { ...result, task: { slug: task.slug, name: task.name, path: taskPath(task.slug) } } : result;
  });
};
