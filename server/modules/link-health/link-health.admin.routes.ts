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
import { parseInput } from '../../lib/validate';
import { LinkHealthService } from './link-health.service';

/** Admin link-health calls (inside the `/api/admin` scope): runs, the problems queue, actions, settings. */
export const linkHealthAdminRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new LinkHealthService(ctx);

  app.post('/health/run', async (request) => {
    const { ids } = parseInput(healthRunSchema, request.body ?? {}, 'health run');
    return service.runNow(ids ?? null);
  });

  app.post('/health/stop', async () => service.requestStop());

  app.get('/health/status', async () => service.progress());

  app.get('/health', async (request) => {
    const query = parseInput(healthListQuerySchema, request.query, 'query');
    return service.list(query);
  });

  app.get('/health/summary', async (): Promise<HealthSummary> => service.summary());

  app.post('/health/:id/action', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 'app id');
    const { action } = parseInput(healthActionSchema, request.body ?? {}, 'action');
    if (action === 'reextract') return service.reextract(id);
    return { entry: await service.act(id, action) };
  });

  app.post('/health/:id/apply', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 'app id');
    const values = parseInput(applyExtractionSchema, request.body ?? {}, 'extraction');
    return { entry: await service.applyExtraction(id, values) };
  });

  app.get('/health/settings', async () => service.settings());

  app.post('/health/settings', async (request) => {
    const input = parseInput(healthSettingsSchema, request.body ?? {}, 'health settings');
    return service.saveSettings(input);
  });
};
