import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { ModulePlugin } from '../../http/module-plugin';
import { renderDevelopersPage } from './developers.page';

const require = createRequire(import.meta.url);
const swaggerUiDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
/** The viewer's files the page loads; nothing else of the package is served. */
const SWAGGER_FILES = new Set(['/swagger-ui-bundle.js', '/swagger-ui.css']);

/**
 * `/developers`: the API reference page, its script, and the Swagger UI files from the installed
 * package (no CDN). The page runs under the site's CSP as it is: scripts from this origin only.
 */
export const developersRoutes: ModulePlugin = async (app, { ctx }) => {
  const page = renderDevelopersPage(ctx.env.PUBLIC_URL, {
    anonymous: ctx.env.RATE_LIMIT_API_PER_MINUTE,
    key: ctx.env.RATE_LIMIT_API_KEY_PER_MINUTE,
  });
  const script = fs.readFileSync(path.join(import.meta.dirname, 'developers-page.js'), 'utf8');

  await app.register(fastifyStatic, {
    root: swaggerUiDir,
    prefix: '/developers/assets/',
    decorateReply: false,
    index: false,
    maxAge: '1d',
    allowedPath: (pathName) => SWAGGER_FILES.has(pathName),
  });

  app.get('/developers', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=300').send(page),
  );
  app.get('/developers/developers.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(script),
  );
};
