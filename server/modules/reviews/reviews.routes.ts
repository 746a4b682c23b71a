import { idParamSchema } from '@shared/schemas/app';
import {
  reviewAdminListQuerySchema,
  reviewBulkSchema,
  reviewInputSchema,
  reviewListQuerySchema,
  reviewModerationSchema,
} from '@shared/schemas/review';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { ModulePlugin } from '../../http/module-plugin';
import { PRIVATE_CACHE_CONTROL } from '../../http/public-cache';
import { browserKey } from '../../lib/visitor';
import { cleanReviewBody } from './review-text';
import { ReviewsService, type ReviewAuthor } from './reviews.service';

/** A review as sent, cleaned of links and markup before it is validated. */
const reviewBodySchema = z.preprocess((body) => cleanReviewBody(body ?? {}), reviewInputSchema);

function authorOf(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, issue = false): ReviewAuthor {
  return { browser: browserKey(request, reply, ctx.env.SECRET, { publicUrl: ctx.env.PUBLIC_URL, issue }) };
}

/**
 * Public review calls: `POST /api/apps/{id}/reviews` (202, held for moderation), the approved list
 * and summary, the visitor's own review (read and edit), "Was this helpful?" and reports.
 */
export const reviewsRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new ReviewsService(ctx);
  const writeReview = {
    schema: { params: idParamSchema, body: reviewBodySchema },
    config: { rateLimit: ['review:browser', 'review:client'] as const },
  };
  const markReview = { schema: { params: idParamSchema }, config: { rateLimit: 'review-mark' as const } };

  app.post('/api/apps/:id/reviews', writeReview, async (request, reply) => {
    const review = await service.create(request.params.id, request.body, authorOf(ctx, request, reply));
    return reply.status(202).send({ id: review.id, status: review.status });
  });

  app.get('/api/apps/:id/reviews', { schema: { params: idParamSchema, querystring: reviewListQuerySchema } }, async (request) =>
    service.listApproved(request.params.id, request.query.sort, request.query.limit),
  );

  app.get('/api/apps/:id/reviews/summary', { schema: { params: idParamSchema } }, async (request) =>
    service.summary(request.params.id),
  );

  // The page asks this before a visitor writes or votes: it gives the browser its own identity (cookie).
  app.get('/api/apps/:id/reviews/mine', { schema: { params: idParamSchema } }, async (request, reply) => {
    reply.header('cache-control', PRIVATE_CACHE_CONTROL);
    return { review: await service.own(request.params.id, authorOf(ctx, request, reply, true).browser) };
  });

  app.put('/api/apps/:id/reviews/mine', writeReview, async (request, reply) => {
    const review = await service.updateOwn(request.params.id, request.body, authorOf(ctx, request, reply));
    return { id: review.id, status: review.status };
  });

  app.post('/api/reviews/:id/helpful', markReview, async (request, reply) =>
    service.mark(request.params.id, 'helpful', authorOf(ctx, request, reply)),
  );

  app.post('/api/reviews/:id/report', markReview, async (request, reply) => {
    const result = await service.mark(request.params.id, 'report', authorOf(ctx, request, reply));
    return { counted: result.counted };
  });
};

/** Admin review calls (inside `/api/admin`): the queue, approve/reject with a reason, bulk. */
export const reviewsAdminRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new ReviewsService(ctx);

  app.get('/reviews', { schema: { querystring: reviewAdminListQuerySchema } }, async (request) =>
    service.adminList(request.query.status),
  );

  app.patch('/reviews/:id', { schema: { params: idParamSchema, body: reviewModerationSchema } }, async (request) =>
    service.moderate(request.params.id, request.body.status, request.body.reason),
  );

  app.post('/reviews/bulk', { schema: { body: reviewBulkSchema } }, async (request) =>
    service.bulkModerate(request.body.ids, request.body.status, request.body.reason),
  );
};
