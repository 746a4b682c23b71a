import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { ModulePlugin } from '../../http/module-plugin';
import { errorBody } from '../../lib/errors';

const clientDir = path.resolve(import.meta.dirname, '../../../dist/client');

/** Placeholder until the SEO module lands: static assets and the SPA shell. */
export const seoRoutes: ModulePlugin = async (app) => {
  const hasClient = fs.existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) await app.register(fastifyStatic, { root: clientDir, index: false, wildcard: false });
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/')) return reply.status(404).send(errorBody('not_found', 'No such API route'));
    if (!hasClient) return reply.status(404).type('text/plain').send('The client is not built: run npm run build.');
    return reply.type('text/html').send(fs.readFileSync(path.join(clientDir, 'index.html')));
  });
};
