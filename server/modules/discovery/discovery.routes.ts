import { discoverRequestSchema } from '../../../shared/schemas/discovery';
import type { ModulePlugin } from '../../http/module-plugin';
import { tooManyRequests } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { clientKey } from '../../lib/visitor';
import { DiscoveryPipeline } from './discovery.pipeline';

/** Submissions a client may send per hour (each costs the server a fetch of someone else's site). */
export const SUBMISSIONS_PER_HOUR = 5;

/**
 * `POST /api/discover-app {url}` (spec §7): a visitor suggests an app. It runs the same pipeline as the
 * admin's discovery (guard, duplicates) and answers 202 with the pending app's id.
 */
export const discoveryRoutes: ModulePlugin = async (app, { ctx }) => {
  const pipeline = new DiscoveryPipeline(ctx);

  app.post('/api/discover-app', async (request, reply) => {
    const decision = await ctx.rateLimiter.hit(`discover-app:${clientKey(request)}`, SUBMISSIONS_PER_HOUR, 3_600_000);
    if (!decision.allowed) {
      throw tooManyRequests(`Too many submissions: at most ${SUBMISSIONS_PER_HOUR} per hour. Please try again in ${Math.ceil(decision.retryAfter / 60)} minutes.`, {
        retryAfter: decision.retryAfter,
      });
    }
    const { url } = parseInput(discoverRequestSchema, request.body ?? {}, 'submission');
    const created = await pipeline.discoverOne(url, 'submission');
    return reply.status(202).send({ id: created.id });
  });
};
