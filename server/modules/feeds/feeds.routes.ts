import { z } from 'zod';
import type { ModulePlugin } from '../../http/module-plugin';
import { FeedsService } from './feeds.service';

const feedQuerySchema = z.object({
  category: z.string().trim().min(1, 'category must not be empty').max(100, 'category is too long').optional(),
  task: z.string().trim().min(1, 'task must not be empty').max(100, 'task is too long').optional(),
});

/** `/llms.txt`, `/llms-full.txt` and `/feeds/apps.xml` (registered before the SPA fallback). */
export const feedsRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new FeedsService(ctx);
  const text = 'text/plain; charset=utf-8';

  app.get('/llms.txt', async (_request, reply) =>
    reply
      .type(text)
      .header('cache-control', 'public, max-age=300')
      .send(await service.llmsTxt()),
  );
  app.get('/llms-full.txt', async (_request, reply) =>
    reply
      .type(text)
      .header('cache-control', 'public, max-age=300')
      .send(await service.llmsFullTxt()),
  );
  app.get('/feeds/apps.xml', { schema: { querystring: feedQuerySchema } }, async (request, reply) => {
    const { category, task } = request.query;
    const body = await service.appsFeed(category, task);
    return reply.type('application/atom+xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(body);
  });
};
