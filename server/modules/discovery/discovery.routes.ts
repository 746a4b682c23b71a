import { submissionSchema } from '@shared/schemas/discovery';
import type { ModulePlugin } from '../../http/module-plugin';
import { SubmissionsService } from './discovery.submissions.service';

/**
 * `POST /api/discover-app {url, email?, note?}` (spec §7; the "Submit a tool" page): a visitor
 * suggests an app. It runs the same pipeline as the admin's discovery (guard, duplicates) and
 * answers 202 with the pending app's id and name.
 */
export const discoveryRoutes: ModulePlugin = async (app, { ctx }) => {
  const submissions = new SubmissionsService(ctx);

  app.post(
    '/api/discover-app',
    { schema: { body: submissionSchema }, config: { rateLimit: 'discover-app' } },
    async (request, reply) => reply.status(202).send(await submissions.submit(request.body)),
  );
};
