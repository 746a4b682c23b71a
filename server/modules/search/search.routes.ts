import { searchRequestSchema } from '../../../shared/schemas/search';
import type { ModulePlugin } from '../../http/module-plugin';
import { tooManyRequests } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { clientKey } from '../../lib/visitor';

/** `POST /api/search {query, without?}` → `{apps, confidence, reasoning, understood, unsure}`, rate-limited per client. */
export const searchRoutes: ModulePlugin = async (app, { ctx }) => {
  app.post('/api/search', async (request) => {
    const { query, without } = parseInput(searchRequestSchema, request.body ?? {}, 'search');
    const limit = ctx.env.RATE_LIMIT_SEARCH_PER_MINUTE;
    const decision = await ctx.rateLimiter.hit(`search:${clientKey(request)}`, limit, 60_000);
    if (!decision.allowed) {
      throw tooManyRequests(`Too many searches: at most ${limit} per minute. Please wait ${decision.retryAfter} seconds and try again.`, {
        retryAfter: decision.retryAfter,
      });
    }
    return ctx.search.search(query, { without });
  });
};
