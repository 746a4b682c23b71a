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
  app.post('/api/search', { schema: { body: searchRequestSchema }, config: { rateLimit: 'search' } }, async (request, reply) => {
    const { query, without } = request.body;
    const result = await ctx.search.search(query, { without });
    // A task answer links to the task page of the need it understood (issue 23); named-app answers have their own links.
    const task = result.intent ? null : await tasks.forQuery(query);
    const link = task ? { slug: task.slug, name: task.name, path: taskPath(task.slug) } : undefined;
    return reply.type('application/json; charset=utf-8').send(withTask(result, link));
  });
};

/**
 * The JSON text of `{ ...result, task: link }`: the answer's own text (made once per answer object the search cache
 * holds, `jsonText`, and already made when the cache weighed it) with the link appended as its last member, so a
 * computed answer is serialised once and a repeated one not at all.
 */
function withTask(result: SearchResponse, link: TaskLink | undefined): string {
  if (!link) return jsonText(result);
  if ('task' in result) return JSON.stringify({ ...result, task: link });
  const text = jsonText(result);
  return `${text.slice(0, -1)},"task":${JSON.stringify(link)}}`;
}
