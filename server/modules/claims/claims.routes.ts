import { idParamSchema } from '@shared/schemas/app';
import { claimCreateSchema, manageSecretParamSchema, proposalCreateSchema, proposalDecisionSchema, proposalListQuerySchema } from '@shared/schemas/claim';
import { PRIVATE_CACHE_CONTROL } from '../../http/public-cache';
import type { ModulePlugin } from '../../http/module-plugin';
import { parseInput } from '../../lib/validate';
import { clientKey } from '../../lib/visitor';
import { ClaimsService } from './claims.service';

/**
 * Public claim calls: whether a listing is claimed, start a claim (201 with the token), verify it
 * (200 with the management link, once), and the management link's own calls (the listing, proposals).
 */
export const claimsRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new ClaimsService(ctx);

  app.get('/api/apps/:id/claim', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 'app id');
    return service.status(id);
  });

  app.post('/api/apps/:id/claims', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 'app id');
    const { method } = parseInput(claimCreateSchema, request.body ?? {}, 'claim');
    return reply.status(201).send(await service.create(id, method, clientKey(request)));
  });

  app.post('/api/claims/:id/verify', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 'claim id');
    // The answer carries the management secret: no cache may keep it.
    reply.header('cache-control', PRIVATE_CACHE_CONTROL);
    return service.verify(id, clientKey(request));
  });

  app.get('/api/manage/:secret', async (request, reply) => {
    const { secret } = parseInput(manageSecretParamSchema, request.params, 'management link');
    reply.header('cache-control', PRIVATE_CACHE_CONTROL);
    return service.managed(secret);
  });

  app.post('/api/manage/:secret/proposals', async (request, reply) => {
    const { secret } = parseInput(manageSecretParamSchema, request.params, 'management link');
    const { changes } = parseInput(proposalCreateSchema, request.body ?? {}, 'proposal');
    return reply.status(201).send(await service.propose(secret, changes));
  });
};

/** Admin calls (inside `/api/admin`): the proposals queue and its decisions, claims and their revocation. */
export const claimsAdminRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new ClaimsService(ctx);

  app.get('/proposals', async (request) => {
    const { status } = parseInput(proposalListQuerySchema, request.query, 'query');
    return service.adminProposals(status);
  });

  app.patch('/proposals/:id', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 'proposal id');
    const { status, reason } = parseInput(proposalDecisionSchema, request.body ?? {}, 'decision');
    return service.decide(id, status, reason);
  });

  app.get('/claims', async () => service.adminClaims());

  app.post('/claims/:id/revoke', async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 'claim id');
    return service.revoke(id);
  });
};
