import { idParamSchema } from '@shared/schemas/app';
import {
  applyExtractionSchema,
  healthActionSchema,
  healthListQuerySchema,
  healthRunSchema,
  healthSettingsSchema,
  type HealthSummary,
} from '@shared/schemas/link-health';
import type { ModulePlugin } from '../../http/module-plugin';
import { LinkHealthService } from './link-health.service';

/** Admin link-health calls (inside the `/api/admin` scope): runs, the problems queue, actions, settings. */
export const linkHealthAdminRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new LinkHealthService(ctx);

  app.post('/health/run', { schema: { body: healthRunSchema } }, async (request) => service.runNow(request.body.ids ?? null));

  app.post('/health/stop', async () => service.requestStop());

  app.get('/health/status', async () => service.progress());

  app.get('/health', { schema: { querystring: healthListQuerySchema } }, async (request) => service.list(request.query));

  app.get('/health/summary', async (): Promise<HealthSummary> => service.summary());

  app.post('/health/:id/action', { schema: { params: idParamSchema, body: healthActionSchema } }, async (request) =>
    service.perform(request.params.id, request.body.action),
  );

  app.post('/health/:id/apply', { schema: { params: idParamSchema, body: applyExtractionSchema } }, async (request) => ({
    entry: await service.applyExtraction(request.params.id, request.body),
  }));

  app.get('/health/settings', async () => service.settings());

  app.post('/health/settings', { schema: { body: healthSettingsSchema } }, async (request) => service.saveSettings(request.body));
};
