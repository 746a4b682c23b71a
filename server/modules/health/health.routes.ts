import type { ModulePlugin } from '../../http/module-plugin';
import { errorBody } from '../../lib/errors';
import { HealthService } from './health.service';

/**
 * `GET /api/health`: 200 once migrations ran (the server only listens after them) and the database
 * answers; `degraded` (still 200: the instance serves correct data from the database) with the
 * reason while it cannot hear other instances' changes; 503 `warming` while the instance builds its search at
 * start-up (decision 0025).
 */
export const healthRoutes: ModulePlugin = async (app, { ctx }) => {
  const health = new HealthService(ctx.database);
  app.get('/api/health', async (_request, reply) => {
    const state = await health.check();
    if (!state.database) return reply.status(503).send(errorBody('unavailable', 'The database is not answering.'));
    // Not ready for traffic: a load balancer keeps the instance out of rotation until its search is built.
    if (ctx.search.warming) return reply.status(503).send({ status: 'warming' });
    return state.listener.connected ? { status: 'ok' } : { status: 'degraded', reason: state.listener.reason };
  });
};
