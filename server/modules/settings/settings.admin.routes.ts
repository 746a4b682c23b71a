import { syncIntervalSchema, type SyncIntervalResponse } from '../../../shared/schemas/settings';
import type { ModulePlugin } from '../../http/module-plugin';
import { changeSyncInterval } from '../discovery/discovery.schedule-store';
import { SettingsService } from './settings.service';

/** Admin settings calls: the discovery sync interval. */
export const settingsAdminRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new SettingsService(ctx.db);

  app.get('/sync-interval', async (): Promise<SyncIntervalResponse> => ({ intervalMinutes: await service.getSyncIntervalMinutes() }));

  app.post('/sync-interval', { schema: { body: syncIntervalSchema } }, async (request): Promise<SyncIntervalResponse> => {
    const { intervalMinutes } = request.body;
    // The planned next run moves with the interval, for every instance (issue 15 item 10).
    const saved = await changeSyncInterval(ctx, intervalMinutes);
    return { intervalMinutes: saved.intervalMinutes };
  });
};
