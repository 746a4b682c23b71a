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
import { conflict } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
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

  app.get('/sync-interval', async (): Promise<SyncIntervalResponse> => ({ intervalMinutes: await settings.getSyncIntervalMinutes() }));

  app.post('/sync-interval', async (request): Promise<SyncIntervalResponse> => {
    const { intervalMinutes } = parseInput(syncIntervalSchema, request.body, 'sync interval');
    // The planned next run moves with the interval, for every instance (issue 15 item 10).
    const saved = await changeSyncInterval(ctx, intervalMinutes);
    return { intervalMinutes: saved.intervalMinutes };
  });

  app.post('/discover', async (request, reply) => {
    const { url } = parseInput(discoverRequestSchema, request.body ?? {}, 'discovery');
    const created = await pipeline.discoverOne(url, 'manual');
    return reply.status(201).send(presentApp(created, ctx.env.LOGO_SERVICE_URL));
  });

  app.post('/trigger-discovery', async (): Promise<DiscoveryRunResult> => {
    const result = await runs.runExclusive('scan');
    if (!result) throw conflict('A discovery run is already in progress. Please wait for it to finish.');
    return { discovered: result.discovered, processed: result.processed, errors: result.errors, firstError: result.firstError };
  });

  app.get('/discovery-status', async (): Promise<DiscoveryStatus> => runs.status());

  app.get('/discovery-stats', async () => runs.stats());

  app.get('/discovery-logs', async (request) => {
    const { limit } = parseInput(discoveryLogQuerySchema, request.query, 'query');
    return runs.logs(limit);
  });

  app.get('/discovery-sources', async () => sources.listSources());

  app.post('/discovery-sources', async (request, reply) => {
    const input = parseInput(discoverySourceInputSchema, request.body ?? {}, 'discovery source');
    return reply.status(201).send(await sources.addSource(input));
  });

  app.patch('/discovery-sources/:id', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 'source id');
    const { enabled } = parseInput(discoverySourcePatchSchema, request.body ?? {}, 'discovery source');
    return sources.setSourceEnabled(id, enabled);
  });

  app.delete('/discovery-sources/:id', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 'source id');
    await sources.deleteSource(id);
    return reply.status(204).send();
  });
};
