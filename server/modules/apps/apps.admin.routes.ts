import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
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
import { parseWithin } from '../../http/route-options';
import { conflict } from '../../lib/errors';
import { DuplicatesService } from '../duplicates/duplicates.service';
import { AppsAdminService } from './apps.admin.service';
import { parseImportFile } from './apps.import';

/** Large catalogues are imported in one request. */
const IMPORT_BODY_LIMIT = 50 * 1024 * 1024;
/**
 * Imports one instance reads at once. A 50 MB file parses into several hundred MB of objects: four at once took an
 * instance past 1 GB. A second import is refused before its body is read, and may be sent again when the first ends.
 */
const IMPORTS_AT_ONCE = 1;

/** Either listed ids or `{matching}`: the All Apps search and status, for a selection of every matching app. */
type BulkDeleteSelection = { matching: z.output<typeof adminBulkDeleteMatchingSchema>['matching'] } | { ids: number[] };
const bulkDeleteBody = z
  .unknown()
  .transform((body, context): BulkDeleteSelection =>
    typeof body === 'object' && body !== null && 'matching' in body
      ? { matching: parseWithin(adminBulkDeleteMatchingSchema, body, context).matching }
      : { ids: parseWithin(adminBulkDeleteSchema, body, context).ids },
  );

/** Admin app calls (spec §7 and issue 4), inside the `/api/admin` scope whose hook demands an admin. */
export const appsAdminRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new AppsAdminService(ctx);
  const duplicates = new DuplicatesService(ctx);
  const byId = { schema: { params: idParamSchema } };

  app.get('/apps', { schema: { querystring: adminAppListQuerySchema } }, async (request, reply) => {
    const { apps, total } = await service.list(request.query);
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

  const importing = new Set<FastifyRequest>();
  const releaseImport = async (request: FastifyRequest) => void importing.delete(request);

  // The file is checked by its own validator (apps.import.ts), which lists every bad record.
  app.post(
    '/apps/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { querystring: adminImportQuerySchema },
      onRequest: async (request) => {
        if (importing.size >= IMPORTS_AT_ONCE)
          throw conflict('Another import is running on this server; send the file again when it has finished.');
        importing.add(request);
      },
      onResponse: releaseImport,
      onRequestAbort: releaseImport,
    },
    async (request, reply) => {
      const result = await service.import(await parseImportFile(request.body), request.query.status ?? 'published');
      return reply.status(201).send({ ...result, duplicates: await duplicates.reportFor(result.ids) });
    },
  );

  app.post('/apps/bulk-delete', { schema: { body: bulkDeleteBody } }, async (request) => {
    const selection = request.body;
    return 'matching' in selection ? service.bulkDeleteMatching(selection.matching) : service.bulkDelete(selection.ids);
  });

  app.post('/remove-duplicates', async () => service.removeDuplicates());

  app.get('/app/:id', byId, async (request) => service.get(request.params.id));

  app.get('/app-by-slug/:categorySlug/:nameSlug', { schema: { params: slugParamsSchema } }, async (request) =>
    service.getBySlug(request.params.categorySlug, request.params.nameSlug),
  );

  app.post('/apps', { schema: { body: adminAppCreateSchema } }, async (request, reply) =>
    reply.status(201).send(await service.create(request.body)),
  );

  app.put('/apps/:id', { schema: { params: idParamSchema, body: adminAppUpdateSchema } }, async (request) =>
    service.update(request.params.id, request.body),
  );

  app.patch('/apps/:id/status', { schema: { params: idParamSchema, body: adminAppStatusSchema } }, async (request) =>
    service.setStatus(request.params.id, request.body.status),
  );

  app.delete('/apps/:id', byId, async (request, reply) => {
    await service.delete(request.params.id);
    return reply.status(204).send();
  });
};
