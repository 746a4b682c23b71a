import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import { registerErrorHandler } from './http/error-handler';
import { registerSameOriginCheck } from './http/same-origin';
import { analyticsAdminRoutes } from './modules/analytics/analytics.routes';
import { apiKeysAdminRoutes } from './modules/api-keys/api-keys.admin.routes';
import { appsAdminRoutes } from './modules/apps/apps.admin.routes';
import { appsRoutes } from './modules/apps/apps.routes';
import { requireAdmin } from './modules/auth/auth.guard';
import { authRoutes } from './modules/auth/auth.routes';
import { blogAdminRoutes } from './modules/blog/blog.admin.routes';
import { blogRoutes } from './modules/blog/blog.routes';
import { categoriesAdminRoutes } from './modules/categories/categories.admin.routes';
import { categoriesRoutes } from './modules/categories/categories.routes';
import { discoveryAdminRoutes } from './modules/discovery/discovery.admin.routes';
import { discoveryRoutes } from './modules/discovery/discovery.routes';
import { feedsRoutes } from './modules/feeds/feeds.routes';
import { healthRoutes } from './modules/health/health.routes';
import { mcpRoutes } from './modules/mcp/mcp.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { publicApiRoutes } from './modules/public-api/public-api.routes';
import { alternativesRoutes } from './modules/search/alternatives.routes';
import { searchRoutes } from './modules/search/search.routes';
import { seoRoutes } from './modules/seo/seo.routes';
import { settingsAdminRoutes } from './modules/settings/settings.admin.routes';

export interface BuildAppOptions {
  /** Logger options; tests pass false. */
  logger?: boolean | Record<string, unknown>;
}

/**
 * Builds the HTTP application on a context without listening (tests call `inject`, main.ts listens).
 * Every `/api/admin/*` route is registered inside one scope whose first hook demands an admin
 * session, so a new admin route cannot forget it.
 */
export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: options.logger === false ? undefined : ctx.log,
    trustProxy: ctx.env.TRUST_PROXY,
    bodyLimit: 5 * 1024 * 1024,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
  });

  registerErrorHandler(app);
  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // No inline script anywhere: JSON-LD blocks are data, not script, and the SPA is a bundle.
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:', 'http:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: ctx.env.PUBLIC_URL.startsWith('https:'),
  });
  await app.register(fastifyWebsocket);
  registerSameOriginCheck(app, ctx.env.PUBLIC_URL);

  // Every module's routes may read `ctx.search`, so it is ready before any of them.
  await ctx.search.start();
  app.addHook('onClose', () => ctx.search.stop());

  await app.register(healthRoutes, { ctx });
  await app.register(authRoutes, { ctx });
  await app.register(appsRoutes, { ctx });
  await app.register(categoriesRoutes, { ctx });
  await app.register(searchRoutes, { ctx });
  await app.register(alternativesRoutes, { ctx });
  await app.register(blogRoutes, { ctx });
  await app.register(discoveryRoutes, { ctx });
  await app.register(notificationsRoutes, { ctx });
  await app.register(publicApiRoutes, { ctx });
  await app.register(mcpRoutes, { ctx });
  await app.register(feedsRoutes, { ctx });

  await app.register(
    async (admin) => {
      admin.addHook('onRequest', requireAdmin(ctx));
      await admin.register(appsAdminRoutes, { ctx });
      await admin.register(categoriesAdminRoutes, { ctx });
      await admin.register(blogAdminRoutes, { ctx });
      await admin.register(analyticsAdminRoutes, { ctx });
      await admin.register(settingsAdminRoutes, { ctx });
      await admin.register(discoveryAdminRoutes, { ctx });
      await admin.register(apiKeysAdminRoutes, { ctx });
    },
    { prefix: '/api/admin' },
  );

  // Last: pages, sitemap, robots and the SPA fallback (unknown /api paths get the JSON 404).
  await app.register(seoRoutes, { ctx });
  return app;
}
