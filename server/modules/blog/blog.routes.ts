import { blogListQuerySchema, blogSlugParamSchema } from '@shared/schemas/blog';
import type { ModulePlugin } from '../../http/module-plugin';
import { API_CACHE_CONTROL } from '../../http/public-cache';
import { BlogService } from './blog.service';

/** Public blog calls (spec §7): the published list, one post, and the RSS feed. */
export const blogRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new BlogService(ctx);
  const cached = ctx.publicCache.hooks(API_CACHE_CONTROL);

  app.get('/api/blog', { ...cached, schema: { querystring: blogListQuerySchema } }, async (request) =>
    service.publishedList(request.query.category),
  );

  app.get('/api/blog/:slug', { ...cached, schema: { params: blogSlugParamSchema } }, async (request) =>
    service.publishedBySlug(request.params.slug),
  );

  app.get('/blog/rss.xml', async (_request, reply) => {
    const feed = await service.rssFeed(ctx.env.PUBLIC_URL);
    return reply.type('application/rss+xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(feed);
  });
};
