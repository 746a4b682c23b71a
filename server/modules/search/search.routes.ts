import { taskPath } from '@shared/browse-paths';
import { searchRequestSchema } from '@shared/schemas/search';
import type { ModulePlugin } from '../../http/module-plugin';
import { tooManyRequests } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { clientKey } from '../../lib/visitor';
import { TasksService } from '../tasks/tasks.service';

/** `POST /api/search {query, without?}` → `{apps, confidence, reasoning, understood, unsure, task?}`, rate-limited per client. */
export const searchRoutes: ModulePlugin = async (app, { ctx }) => {
  const tasks = new TasksService(ctx);
  app.post('/api/search', async (request) => {
    const { query, without } = parseInput(searchRequestSchema, request.body ?? {}, 'search');
    const limit = ctx.env.RATE_LIMIT_SEARCH_PER_MINUTE;
    const decision = await ctx.rateLimiter.hit(`search:${clientKey(request)}`, limit, 60_000);
    if (!decision.allowed) {
      throw tooManyRequests(`Too many searches: at most ${limit} per minute. Please wait ${decision.retryAfter} seconds and try again.`, {
        retryAfter: decision.retryAfter,
      });
    }
    const result = await ctx.search.search(query, { without });
    // A task answer links to the task page of the need it understood (issue 23); named-app answers have their own links.
    const task = result.intent ? null : await tasks.forQuery(query);
    return task ? { ...result, task: { slug: task.slug, name: task.name, path: taskPath(task.slug) } } : result;
  });
};
