import {
  adminAppCreateSchema,
  adminAppListQuerySchema,
  adminAppStatusSchema,
  adminAppUpdateSchema,
  adminBulkDeleteMatchingSchema,
  adminBulkDeleteSchema,
  adminImportQuerySchema,
} from '@shared/schemas/admin-app';
import { idParamSchema, slugParamsSchema } from '@shared/schemas/app';
import type { ModulePlugin } from '../../http/module-plugin';
import { parseInput } from '../../lib/validate';
import { DuplicatesService } from '../duplicates/duplicates.service';
import { AppsAdminService } from './apps.admin.service';
import { parseImportFile } from './apps.import';

/** Large catalogues are imported in one request. */
const IMPORT_BODY_LIMIT = 50 * 1024 * 1024;

/** Admin app calls (spec §7 and issue 4), inside the `/api/admin` scope whose hook demands an admin. */
export const appsAdminRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new AppsAdminService(ctx);
  const duplicates = new DuplicatesService(ctx);

  app.get('/apps', async (request, reply) => {
    const { apps, total } = await service.list(parseInput(adminAppListQuerySchema, request.query, 'query'));
    reply.header('x-total-count', String(total));
    return apps;
  });

  app.get('/pending', async () => service.pending());

  app.get('/apps/export', async (_request, reply) => {
    const records = await service.export();
    const date = new Date().toISOString().slice(0, 10);
    reply.header('content-disposition', `attachment; filename="aitlas-apps-${date}.json"`);
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(records, null, 2));
  });

  app.post('/apps/import', { bodyLimit: IMPORT_BODY_LIMIT }, async (request, reply) => {
    const { status } = parseInput(adminImportQuerySchema, request.query, 'query');
    const result = await service.import(parseImportFile(request.body), status ?? 'published');
    return reply.status(201).send({ ...result, duplicates: await duplicates.reportFor(result.ids) });
  });

  // Either listed ids or `{matching}`: the All Apps search and status, for a selection of every matching app.
  app.post('/apps/bulk-delete', async (request) => {
    if (typeof request.body === 'object' && request.body !== null && 'matching' in request.body) {
      const { matching } = parseInput(adminBulkDeleteMatchingSchema, request.body, 'selection');
      return service.bulkDeleteMatching(matching);
    }
    const { ids } = parseInput(adminBulkDeleteSchema, request.body, 'selection');
    return service.bulkDelete(ids);
  });

  app.post('/remove-duplicates', async () => service.removeDuplicates());

  app.get('/app/:id', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 'app id');
    return service.get(id);
  });

  app.get('/app-by-slug/:categorySlug/:nameSlug', async (request) => {
    const { categorySlug, nameSlug } = parseInput(slugParamsSchema, request.params, 'app path');
    return service.getBySlug(categorySlug, nameSlug);
  });

  app.post('/apps', async (request, reply) => {
    const input = parseInput(adminAppCreateSchema, request.body, 'app');
    return reply.status(201).send(await service.create(input));
  });

  app.put('/apps/:id', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 'app id');
    return service.update(id, parseInput(adminAppUpdateSchema, request.body, 'app'));
  });

  app.patch('/apps/:id/status', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 'app id');
    const { status } = parseInput(adminAppStatusSchema, request.body, 'status');
    return service.setStatus(id, status);
  });

  app.delete('/apps/:id', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 'app id');
    await service.delete(id);
    return reply.status(204).send();
  });
};
