import type { ModulePlugin } from '../../http/module-plugin';
import { presentCategory } from './categories.presenter';
import { CategoriesRepository } from './categories.repository';

/** `GET /api/categories`: active categories by sort order, "All" included. */
export const categoriesRoutes: ModulePlugin = async (app, { ctx }) => {
  const categories = new CategoriesRepository(ctx.db);
  app.get('/api/categories', async () => (await categories.listActive()).map((row) => presentCategory(row)));
};
