import { idParamSchema, marketplaceQuerySchema, slugParamsSchema } from '@shared/schemas/app';
import { categoryPageQuerySchema, categorySlugParamSchema } from '@shared/schemas/browse';
import { appIdsQuerySchema } from '@shared/schemas/stacks';
import type { ModulePlugin } from '../../http/module-plugin';
import { API_CACHE_CONTROL } from '../../http/public-cache';
import { parseInput } from '../../lib/validate';
import { visitorKey } from '../../lib/visitor';
import { AppsService } from './apps.service';

/** Public app calls (spec §7): the marketplace list, one app, and the view/save counters. */
export const appsRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new AppsService(ctx);
  const cached = ctx.publicCache.hooks(API_CACHE_CONTROL);

  const list = async (request: { query: unknown }, reply: { header(name: string, value: string): unknown }) => {
    const query = parseInput(marketplaceQuerySchema, request.query, 'query');
    const { apps, total } = await service.marketplace(query);
    reply.header('x-total-count', String(total));
    return apps;
  };
  app.get('/api/marketplace', cached, list);
  app.get('/api/marketplace/apps', cached, list);

  app.get('/api/marketplace/category/:categorySlug', cached, async (request) => {
    const { categorySlug } = parseInput(categorySlugParamSchema, request.params, 'category');
    const query = parseInput(categoryPageQuerySchema, request.query, 'query');
    return service.categoryPage(categorySlug, query);
  });

  app.get('/api/marketplace/new-this-week', cached, async () => service.newThisWeek());

  app.get('/api/marketplace/apps-by-id', cached, async (request) => {
    const { ids } = parseInput(appIdsQuerySchema, request.query, 'query');
    return service.listedByIds(ids);
  });

  app.get('/api/marketplace/app/:id', cached, async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 'app id');
    const found = await service.publicById(id);
    ctx.publicCache.showsApp(request, found.id);
    return found;
  });

  app.get('/api/marketplace/app/:categorySlug/:nameSlug', cached, async (request) => {
    const { categorySlug, nameSlug } = parseInput(slugParamsSchema, request.params, 'app path');
    const found = await service.publicBySlug(categorySlug, nameSlug);
    ctx.publicCache.showsApp(request, found.id);
    return found;
  });

  app.post('/api/apps/:id/view', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 'app id');
    return service.recordView(id, visitorKey(request, reply, ctx.env.SECRET, ctx.env.PUBLIC_URL));
  });

  app.post('/api/apps/:id/save', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 'app id');
    return service.recordSave(id, visitorKey(request, reply, ctx.env.SECRET, ctx.env.PUBLIC_URL));
  });
};
