import { idParamSchema } from '../../../shared/schemas/app';
import {
  discoverRequestSchema,
  discoverySourceInputSchema,
  discoverySourcePatchSchema,
  type DiscoveryRunResult,
  type DiscoveryStatus,
} from '../../../shared/schemas/discovery';
import type { ModulePlugin } from '../../http/module-plugin';
import { conflict } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { presentApp } from '../apps/apps.presenter';
import { notificationsAdminRoutes } from '../notifications/notifications.admin.routes';
import { readNextRunAt, readSyncIntervalMinutes } from './discovery.schedule-store';
import { DiscoveryService } from './discovery.pipeline';

/**
 * Admin discovery calls (inside the `/api/admin` scope, so the admin guard runs first): manual
 * discovery, runs, sources, the schedule's status and the Discover view's figures.
 */
export const discoveryAdminRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new DiscoveryService(ctx);
  await app.register(notificationsAdminRoutes, { ctx });

  app.post('/discover', async (request, reply) => {
    const { url } = parseInput(discoverRequestSchema, request.body ?? {}, 'discovery');
    const created = await service.discoverOne(url, 'manual');
    return reply.status(201).send(presentApp(created, ctx.env.LOGO_SERVICE_URL));
  });

  app.post('/trigger-discovery', async (): Promise<DiscoveryRunResult> => {
    const result = await service.runExclusive('scan');
    if (!result) throw conflict('A discovery run is already in progress. Please wait for it to finish.');
    return { discovered: result.discovered, processed: result.processed };
  });

  app.get('/discovery-status', async (): Promise<DiscoveryStatus> => {
    const [nextRunAt, running, intervalMinutes] = await Promise.all([readNextRunAt(ctx), service.isRunning(), readSyncIntervalMinutes(ctx)]);
    return { nextRunAt: nextRunAt?.toISOString() ?? null, running, intervalMinutes, schedulerEnabled: ctx.env.DISCOVERY_SCHEDULER };
  });

  app.get('/discovery-stats', async () => service.stats());

  app.get('/discovery-sources', async () => service.listSources());

  app.post('/discovery-sources', async (request, reply) => {
    const input = parseInput(discoverySourceInputSchema, request.body ?? {}, 'discovery source');
    return reply.status(201).send(await service.addSource(input));
  });

  app.patch('/discovery-sources/:id', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 'source id');
    const { enabled } = parseInput(discoverySourcePatchSchema, request.body ?? {}, 'discovery source');
    return service.setSourceEnabled(id, enabled);
  });

  app.delete('/discovery-sources/:id', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 'source id');
    await service.deleteSource(id);
    return reply.status(204).send();
  });
};
