import type { ModulePlugin } from '../../http/module-plugin';
import { API_CACHE_CONTROL } from '../../http/public-cache';
import { CategoriesService } from './categories.service';

/** `GET /api/categories`: active categories by sort order, "All" included. */
export const categoriesRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new CategoriesService(ctx.db);
  app.get('/api/categories', ctx.publicCache.hooks(API_CACHE_CONTROL), async () => service.listActive());
};
