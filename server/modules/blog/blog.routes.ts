import { blogListQuerySchema, blogSlugParamSchema } from '@shared/schemas/blog';
import type { ModulePlugin } from '../../http/module-plugin';
import { API_CACHE_CONTROL } from '../../http/public-cache';
import { parseInput } from '../../lib/validate';
import { BlogService } from './blog.service';

/** Public blog calls (spec §7): the published list, one post, and the RSS feed. */
export const blogRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new BlogService(ctx);
  const cached = ctx.publicCache.hooks(API_CACHE_CONTROL);

  app.get('/api/blog', cached, async (request) => {
    const { category } = parseInput(blogListQuerySchema, request.query, 'query');
    return service.publishedList(category);
  });

  app.get('/api/blog/:slug', cached, async (request) => {
    const { slug } = parseInput(blogSlugParamSchema, request.params, 'blog slug');
    return service.publishedBySlug(slug);
  });

  app.get('/blog/rss.xml', async (_request, reply) => {
    const feed = await service.rssFeed(ctx.env.PUBLIC_URL);
    return reply.type('application/rss+xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(feed);
  });
};
