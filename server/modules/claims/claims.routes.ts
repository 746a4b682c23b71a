import { idParamSchema } from '@shared/schemas/app';
import {
  claimCreateSchema,
  manageSecretParamSchema,
  proposalCreateSchema,
  proposalDecisionSchema,
  proposalListQuerySchema,
} from '@shared/schemas/claim';
import { PRIVATE_CACHE_CONTROL } from '../../http/public-cache';
import type { ModulePlugin } from '../../http/module-plugin';
import { ClaimsService } from './claims.service';

/**
 * Public claim calls: whether a listing is claimed, start a claim (201 with the token), verify it
 * (200 with the management link, once), and the management link's own calls (the listing, proposals).
 */
export const claimsRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new ClaimsService(ctx);

  app.get('/api/apps/:id/claim', { schema: { params: idParamSchema } }, async (request) => service.status(request.params.id));

  app.post(
    '/api/apps/:id/claims',
    { schema: { params: idParamSchema, body: claimCreateSchema }, config: { rateLimit: 'claim' } },
    async (request, reply) => reply.status(201).send(await service.create(request.params.id, request.body.method)),
  );

  app.post(
    '/api/claims/:id/verify',
    { schema: { params: idParamSchema }, config: { rateLimit: 'claim-verify' } },
    async (request, reply) => {
      // The answer carries the management secret: no cache may keep it.
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      return service.verify(request.params.id);
    },
  );

  app.get('/api/manage/:secret', { schema: { params: manageSecretParamSchema } }, async (request, reply) => {
    reply.header('cache-control', PRIVATE_CACHE_CONTROL);
    return service.managed(request.params.secret);
  });

  app.post(
    '/api/manage/:secret/proposals',
    { schema: { params: manageSecretParamSchema, body: proposalCreateSchema } },
    async (request, reply) => reply.status(201).send(await service.propose(request.params.secret, request.body.changes)),
  );
};

/** Admin calls (inside `/api/admin`): the proposals queue and its decisions, claims and their revocation. */
export const claimsAdminRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new ClaimsService(ctx);

  app.get('/proposals', { schema: { querystring: proposalListQuerySchema } }, async (request) =>
    service.adminProposals(request.query.status),
  );

  app.patch('/proposals/:id', { schema: { params: idParamSchema, body: proposalDecisionSchema } }, async (request) =>
    service.decide(request.params.id, request.body.status, request.body.reason),
  );

  app.get('/claims', async () => service.adminClaims());

  app.post('/claims/:id/revoke', { schema: { params: idParamSchema } }, async (request) => service.revoke(request.params.id));
};
