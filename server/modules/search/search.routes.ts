import { taskPath } from '@shared/browse-paths';
import type { SearchResponse } from '@shared/schemas/app';
import { searchRequestSchema } from '@shared/schemas/search';
import type { ModulePlugin } from '../../http/module-plugin';
import { jsonText } from '../../lib/json-text';
import { TasksService } from '../tasks/tasks.service';

type TaskLink = { slug: string; name: string; path: string };

/** `POST /api/search {query, without?}` → `{apps, confidence, reasoning, understood, unsure, task?}`, rate-limited per client. */
export const searchRoutes: ModulePlugin = async (app, { ctx }) => {
  const tasks = new TasksService(ctx);
  // The answer with its task link, per answer object the search cache holds and per link (a task page
  // hidden since is another link): a repeated search sends the same object, whose JSON text is made once.
  const linked = new WeakMap<SearchResponse, Map<string, SearchResponse & { task?: TaskLink }>>();
  app.post('/api/search', { schema: { body: searchRequestSchema }, config: { rateLimit: 'search' } }, async (request, reply) => {
    const { query, without } = request.body;
    const result = await ctx.search.search(query, { without });
    // A task answer links to the task page of the need it understood (issue 23); named-app answers have their own links.
    const task = result.intent ? null : await tasks.forQuery(query);
    const link = task ? { slug: task.slug, name: task.name, path: taskPath(task.slug) } : undefined;
    const key = link ? `${link.slug}\n${link.name}` : '';
    let byLink = linked.get(result);
    if (!byLink) linked.set(result, (byLink = new Map()));
    let answer = byLink.get(key);
    if (!answer) byLink.set(key, (answer = link ? { ...result, task: link } : result));
    return reply.type('application/json; charset=utf-8').send(jsonText(answer));
  });
};
