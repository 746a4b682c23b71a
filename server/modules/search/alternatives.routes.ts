import { alternativesQuerySchema, compareQuerySchema } from '@shared/schemas/alternatives';
import { idParamSchema } from '@shared/schemas/app';
import type { ModulePlugin } from '../../http/module-plugin';
import { API_CACHE_CONTROL } from '../../http/public-cache';
import { notFound } from '../../lib/errors';
import { presentAlternativesList } from './alternatives.presenter';

/**
 * `GET /api/marketplace/app/{id}/alternatives?limit&pricing` → AlternativesListResponse and
 * `GET /api/compare?ids=…|slugs=…` → CompareResponse, both answered by the instance's search (`ctx.search`).
 */
export const alternativesRoutes: ModulePlugin = async (app, { ctx }) => {
  const cached = ctx.publicCache.hooks(API_CACHE_CONTROL);
  app.get(
    '/api/marketplace/app/:id/alternatives',
    { ...cached, schema: { params: idParamSchema, querystring: alternativesQuerySchema } },
    async (request) => {
      const answer = ctx.search.alternatives(request.params.id, request.query);
      if (!answer) throw notFound('App not found');
      return presentAlternativesList(answer);
    },
  );

  app.get('/api/compare', { ...cached, schema: { querystring: compareQuerySchema } }, async (request) => {
    const answer = ctx.search.compare(request.query);
    if (!answer) throw notFound('One of the apps to compare was not found');
    return answer;
  });
};
