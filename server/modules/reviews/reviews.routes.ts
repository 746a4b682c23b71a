import { idParamSchema } from '@shared/schemas/app';
import { reviewAdminListQuerySchema, reviewBulkSchema, reviewInputSchema, reviewListQuerySchema, reviewModerationSchema } from '@shared/schemas/review';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { ModulePlugin } from '../../http/module-plugin';
import { PRIVATE_CACHE_CONTROL } from '../../http/public-cache';
import { parseInput } from '../../lib/validate';
import { browserKey, clientKey } from '../../lib/visitor';
import { cleanReviewBody } from './review-text';
import { ReviewsService, type ReviewAuthor } from './reviews.service';

function authorOf(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, issue = false): ReviewAuthor {
  return { browser: browserKey(request, reply, ctx.env.SECRET, { publicUrl: ctx.env.PUBLIC_URL, issue }), client: clientKey(request) };
}

/**
 * Public review calls: `POST /api/apps/{id}/reviews` (202, held for moderation), the approved list
 * and summary, the visitor's own review (read and edit), "Was this helpful?" and reports.
 */
export const reviewsRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new ReviewsService(ctx);

  app.post('/api/apps/:id/reviews', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 'app id');
    const input = parseInput(reviewInputSchema, cleanReviewBody(request.body ?? {}), 'review');
    const review = await service.create(id, input, authorOf(ctx, request, reply));
    return reply.status(202).send({ id: review.id, status: review.status });
  });

  app.get('/api/apps/:id/reviews', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 'app id');
    const { sort, limit } = parseInput(reviewListQuerySchema, request.query, 'query');
    return service.listApproved(id, sort, limit);
  });

  app.get('/api/apps/:id/reviews/summary', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 'app id');
    return service.summary(id);
  });

  // The page asks this before a visitor writes or votes: it gives the browser its own identity (cookie).
  app.get('/api/apps/:id/reviews/mine', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 'app id');
    reply.header('cache-control', PRIVATE_CACHE_CONTROL);
    return { review: await service.own(id, authorOf(ctx, request, reply, true).browser) };
  });

  app.put('/api/apps/:id/reviews/mine', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 'app id');
    const input = parseInput(reviewInputSchema, cleanReviewBody(request.body ?? {}), 'review');
    const review = await service.updateOwn(id, input, authorOf(ctx, request, reply));
    return { id: review.id, status: review.status };
  });

  app.post('/api/reviews/:id/helpful', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 'review id');
    return service.mark(id, 'helpful', authorOf(ctx, request, reply));
  });

  app.post('/api/reviews/:id/report', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 'review id');
    const result = await service.mark(id, 'report', authorOf(ctx, request, reply));
    return { counted: result.counted };
  });
};

/** Admin review calls (inside `/api/admin`): the queue, approve/reject with a reason, bulk. */
export const reviewsAdminRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new ReviewsService(ctx);

  app.get('/reviews', async (request) => {
    const { status } = parseInput(reviewAdminListQuerySchema, request.query, 'query');
    return service.adminList(status);
  });

  app.patch('/reviews/:id', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 'review id');
    const { status, reason } = parseInput(reviewModerationSchema, request.body ?? {}, 'moderation');
    return service.moderate(id, status, reason);
  });

  app.post('/reviews/bulk', async (request) => {
    const { ids, status, reason } = parseInput(reviewBulkSchema, request.body ?? {}, 'reviews');
    return service.bulkModerate(ids, status, reason);
  });
};
