import { idParamSchema, marketplaceQuerySchema, slugParamsSchema } from '@shared/schemas/app';
import { categoryPageQuerySchema, categorySlugParamSchema } from '@shared/schemas/browse';
import { appIdsQuerySchema } from '@shared/schemas/stacks';
import type { ModulePlugin } from '../../http/module-plugin';
import { API_CACHE_CONTROL } from '../../http/public-cache';
import { visitorKey } from '../../lib/visitor';
import { AppsService } from './apps.service';

/** Public app calls (spec §7): the marketplace list, one app, and the view/save counters. */
export const appsRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new AppsService(ctx);
  const cached = ctx.publicCache.hooks(API_CACHE_CONTROL);

  for (const path of ['/api/marketplace', '/api/marketplace/apps']) {
    app.get(path, { ...cached, schema: { querystring: marketplaceQuerySchema } }, async (request, reply) => {
      const { apps, total } = await service.marketplace(request.query);
      reply.header('x-total-count', String(total));
      return apps;
    });
  }

  app.get(
    '/api/marketplace/category/:categorySlug',
    { ...cached, schema: { params: categorySlugParamSchema, querystring: categoryPageQuerySchema } },
    async (request) => service.categoryPage(request.params.categorySlug, request.query),
  );

  app.get('/api/marketplace/new-this-week', cached, async () => service.newThisWeek());

  app.get('/api/marketplace/apps-by-id', { ...cached, schema: { querystring: appIdsQuerySchema } }, async (request) =>
    service.listedByIds(request.query.ids),
  );

  app.get('/api/marketplace/app/:id', { ...cached, schema: { params: idParamSchema } }, async (request) => {
    const found = await service.publicById(request.params.id);
    ctx.publicCache.showsApp(request, found.id);
    return found;
  });

  app.get(
    '/api/marketplace/app/:categorySlug/:nameSlug',
    { ...cached, schema: { params: slugParamsSchema } },
    async (request) => {
      const found = await service.publicBySlug(request.params.categorySlug, request.params.nameSlug);
      ctx.publicCache.showsApp(request, found.id);
      return found;
    },
  );

  app.post('/api/apps/:id/view', { schema: { params: idParamSchema } }, async (request, reply) =>
    service.recordView(request.params.id, visitorKey(request, reply, ctx.env.SECRET, ctx.env.PUBLIC_URL)),
  );

  app.post('/api/apps/:id/save', { schema: { params: idParamSchema } }, async (request, reply) =>
    service.recordSave(request.params.id, visitorKey(request, reply, ctx.env.SECRET, ctx.env.PUBLIC_URL)),
  );
};
