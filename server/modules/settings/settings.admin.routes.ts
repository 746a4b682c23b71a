import { syncIntervalSchema, type SyncIntervalResponse } from '../../../shared/schemas/settings';
import type { ModulePlugin } from '../../http/module-plugin';
import { parseInput } from '../../lib/validate';
import { SettingsService } from './settings.service';

/** Admin settings calls: the discovery sync interval. */
export const settingsAdminRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new SettingsService(ctx.db);

  app.get('/sync-interval', async (): Promise<SyncIntervalResponse> => ({ intervalMinutes: await service.getSyncIntervalMinutes() }));

  app.post('/sync-interval', async (request): Promise<SyncIntervalResponse> => {
    const { intervalMinutes } = parseInput(syncIntervalSchema, request.body, 'sync interval');
    return { intervalMinutes: await service.setSyncIntervalMinutes(intervalMinutes) };
  });
};
