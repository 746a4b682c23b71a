import { idParamSchema } from '@shared/schemas/app';
import { reportBulkSchema, reportCreateSchema, reportListQuerySchema, reportUpdateSchema } from '@shared/schemas/report';
import type { ModulePlugin } from '../../http/module-plugin';
import { visitorKey } from '../../lib/visitor';
import { ReportsService } from './reports.service';

/** `POST /api/apps/{id}/report {reason, note?}`: a visitor reports a problem, no account needed (201). */
export const reportsRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new ReportsService(ctx);
  app.post(
    '/api/apps/:id/report',
    { schema: { params: idParamSchema, body: reportCreateSchema }, config: { rateLimit: 'report' } },
    async (request, reply) => {
      const report = await service.create(
        request.params.id,
        request.body,
        visitorKey(request, reply, ctx.env.SECRET, ctx.env.PUBLIC_URL),
      );
      return reply.status(201).send({ id: report.id, status: report.status });
    },
  );
};

/** Admin report calls (inside the `/api/admin` scope): the queue, grouped view, resolve/dismiss, bulk. */
export const reportsAdminRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new ReportsService(ctx);
  const listQuery = { schema: { querystring: reportListQuerySchema } };

  app.get('/reports', listQuery, async (request) => service.list(request.query.status));

  app.get('/reports/grouped', listQuery, async (request) => service.grouped(request.query.status));

  app.get('/reports/open-counts', async () => service.openCounts());

  app.patch('/reports/:id', { schema: { params: idParamSchema, body: reportUpdateSchema } }, async (request) =>
    service.update(request.params.id, request.body.status),
  );

  app.post('/reports/bulk', { schema: { body: reportBulkSchema } }, async (request) =>
    service.bulkUpdate(request.body.ids, request.body.status),
  );
};
