import { z } from 'zod';
import { syncIntervalSchema, type SyncIntervalResponse } from '../../../shared/schemas/settings';
import type { ModulePlugin } from '../../http/module-plugin';
import { parseInput } from '../../lib/validate';
import { changeSyncInterval } from '../discovery/discovery.schedule';
import { SettingsService } from './settings.service';

const logQuerySchema = z.object({
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be at least 1').max(200, 'limit must be at most 200').optional(),
});

/** Admin settings calls: the discovery sync interval and the discovery activity log. */
export const settingsAdminRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new SettingsService(ctx.db);

  app.get('/sync-interval', async (): Promise<SyncIntervalResponse> => ({ intervalMinutes: await service.getSyncIntervalMinutes() }));

  app.post('/sync-interval', async (request): Promise<SyncIntervalResponse> => {
    const { intervalMinutes } = parseInput(syncIntervalSchema, request.body, 'sync interval');
    // The planned next run moves with the interval, for every instance (issue 15 item 10).
    const saved = await changeSyncInterval(ctx, intervalMinutes);
    return { intervalMinutes: saved.intervalMinutes };
  });

  app.get('/discovery-logs', async (request) => {
    const { limit } = parseInput(logQuerySchema, request.query, 'query');
    return service.discoveryLogs(limit ?? 50);
  });
};
