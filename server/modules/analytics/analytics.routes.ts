import type { ModulePlugin } from '../../http/module-plugin';
import { AnalyticsService } from './analytics.service';

/** Admin analytics calls: the dashboard overview and the trends of recorded events. */
export const analyticsAdminRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new AnalyticsService(ctx.db);
  app.get('/analytics/overview', async () => service.overview());
  app.get('/analytics/trends', async () => service.trends());
};
