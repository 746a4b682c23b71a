import type { ModulePlugin } from '../../http/module-plugin';
import { errorBody } from '../../lib/errors';

/**
 * `GET /api/health`: 200 once migrations ran (the server only listens after them) and the database
 * answers; `degraded` (still 200: the instance serves correct data from the database) with the
 * reason while it cannot hear other instances' changes.
 */
export const healthRoutes: ModulePlugin = async (app, { ctx }) => {
  app.get('/api/health', async (_request, reply) => {
    try {
      await ctx.database.ping();
      const listener = ctx.database.listenerState();
      return listener.connected ? { status: 'ok' } : { status: 'degraded', reason: listener.reason };
    } catch {
      return reply.status(503).send(errorBody('unavailable', 'The database is not answering.'));
    }
  });
};
