import { idParamSchema } from '@shared/schemas/app';
import { reportBulkSchema, reportCreateSchema, reportListQuerySchema, reportUpdateSchema } from '@shared/schemas/report';
import type { ModulePlugin } from '../../http/module-plugin';
import { parseInput } from '../../lib/validate';
import { visitorKey } from '../../lib/visitor';
import { ReportsService } from './reports.service';

/** `POST /api/apps/{id}/report {reason, note?}`: a visitor reports a problem, no account needed (201). */
export const reportsRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new ReportsService(ctx);
  app.post('/api/apps/:id/report', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 'app id');
    const input = parseInput(reportCreateSchema, request.body ?? {}, 'report');
    const report = await service.create(id, input, visitorKey(request, reply, ctx.env.SECRET));
    return reply.status(201).send({ id: report.id, status: report.status });
  });
};

/** Admin report calls (inside the `/api/admin` scope): the queue, grouped view, resolve/dismiss, bulk. */
export const reportsAdminRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new ReportsService(ctx);

  app.get('/reports', async (request) => {
    const { status } = parseInput(reportListQuerySchema, request.query, 'query');
    return service.list(status);
  });

  app.get('/reports/grouped', async (request) => {
    const { status } = parseInput(reportListQuerySchema, request.query, 'query');
    return service.grouped(status);
  });

  app.get('/reports/open-counts', async () => service.openCounts());

  app.patch('/reports/:id', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 'report id');
    const { status } = parseInput(reportUpdateSchema, request.body ?? {}, 'report');
    return service.update(id, status);
  });

  app.post('/reports/bulk', async (request) => {
    const { ids, status } = parseInput(reportBulkSchema, request.body ?? {}, 'reports');
    return service.bulkUpdate(ids, status);
  });
};
