import type { ModulePlugin } from '../../http/module-plugin';
import { errorBody } from '../../lib/errors';

/** `GET /api/health`: 200 once migrations ran (the server only listens after them) and the database answers. */
export const healthRoutes: ModulePlugin = async (app, { ctx }) => {
  app.get('/api/health', async (_request, reply) => {
    try {
      await ctx.database.ping();
      return { status: 'ok' };
    } catch {
      return reply.status(503).send(errorBody('unavailable', 'The database is not answering.'));
    }
  });
};
