import { idParamSchema } from '@shared/schemas/app';
import {
  discoverRequestSchema,
  discoveryLogQuerySchema,
  discoverySourceInputSchema,
  discoverySourcePatchSchema,
  type DiscoveryRunResult,
  type DiscoveryStatus,
} from '@shared/schemas/discovery';
import { syncIntervalSchema, type SyncIntervalResponse } from '@shared/schemas/settings';
import type { ModulePlugin } from '../../http/module-plugin';
import { presentApp } from '../apps/apps.presenter';
import { SettingsService } from '../settings/settings.service';
import { DiscoveryPipeline } from './discovery.pipeline';
import { DiscoveryRunsService } from './discovery.runs.service';
import { changeSyncInterval } from './discovery.schedule-store';
import { DiscoverySourcesService } from './discovery.sources.service';

/**
 * Admin discovery calls (inside the `/api/admin` scope, so the admin guard runs first): manual
 * discovery, runs and their log, sources, the schedule (its sync interval and status) and the Discover view's figures.
 */
export const discoveryAdminRoutes: ModulePlugin = async (app, { ctx }) => {
  const pipeline = new DiscoveryPipeline(ctx);
  const runs = new DiscoveryRunsService(ctx);
  const sources = new DiscoverySourcesService(ctx);
  const settings = new SettingsService(ctx.db);

  app.get('/sync-interval', async (): Promise<SyncIntervalResponse> => ({
    intervalMinutes: await settings.getSyncIntervalMinutes(),
  }));

  app.post('/sync-interval', { schema: { body: syncIntervalSchema } }, async (request): Promise<SyncIntervalResponse> => {
    const { intervalMinutes } = request.body;
    // The planned next run moves with the interval, for every instance (issue 15 item 10).
    const saved = await changeSyncInterval(ctx, intervalMinutes);
    return { intervalMinutes: saved.intervalMinutes };
  });

  app.post('/discover', { schema: { body: discoverRequestSchema } }, async (request, reply) => {
    const created = await pipeline.discoverOne(request.body.url, 'manual');
    return reply.status(201).send(presentApp(created, ctx.env.LOGO_SERVICE_URL));
  });

  app.post('/trigger-discovery', async (): Promise<DiscoveryRunResult> => runs.runNow());

  app.get('/discovery-status', async (): Promise<DiscoveryStatus> => runs.status());

  app.get('/discovery-stats', async () => runs.stats());

  app.get('/discovery-logs', { schema: { querystring: discoveryLogQuerySchema } }, async (request) =>
    runs.logs(request.query.limit),
  );

  app.get('/discovery-sources', async () => sources.listSources());

  app.post('/discovery-sources', { schema: { body: discoverySourceInputSchema } }, async (request, reply) =>
    reply.status(201).send(await sources.addSource(request.body)),
  );

  app.patch('/discovery-sources/:id', { schema: { params: idParamSchema, body: discoverySourcePatchSchema } }, async (request) =>
    sources.setSourceEnabled(request.params.id, request.body.enabled),
  );

  app.delete('/discovery-sources/:id', { schema: { params: idParamSchema } }, async (request, reply) => {
    await sources.deleteSource(request.params.id);
    return reply.status(204).send();
  });
};
