import type { ModulePlugin } from '../../http/module-plugin';
import { CategoriesService } from './categories.service';

/** `GET /api/categories`: active categories by sort order, "All" included. */
export const categoriesRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new CategoriesService(ctx.db);
  app.get('/api/categories', async () => service.listActive());
};
