import http from 'node:http';
import fastifyCookie from '@fastify/cookie';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { AppContext } from './context';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandler } from './http/error-handler';
import { registerInputGuard } from './http/input-guard';
import { registerRouteOptions } from './http/route-options';
import { AccessLogController } from './http/request-log';
import { PRIVATE_CACHE_CONTROL } from './http/public-cache';
import { registerSecurityHeaders } from './http/security-headers';
import { trustProxyOption } from './http/trusted-proxy';
import { registerSameOriginCheck } from './http/same-origin';
import { analyticsAdminRoutes } from './modules/analytics/analytics.routes';
import { apiKeysAdminRoutes } from './modules/api-keys/api-keys.admin.routes';
import { appsAdminRoutes } from './modules/apps/apps.admin.routes';
import { appsRoutes } from './modules/apps/apps.routes';
import { requireAdmin } from './modules/auth/auth.guard';
import { authRoutes } from './modules/auth/auth.routes';
import { badgesRoutes } from './modules/badges/badges.routes';
import { blogAdminRoutes } from './modules/blog/blog.admin.routes';
import { blogRoutes } from './modules/blog/blog.routes';
import { categoriesAdminRoutes } from './modules/categories/categories.admin.routes';
import { categoriesRoutes } from './modules/categories/categories.routes';
import { claimsAdminRoutes, claimsRoutes } from './modules/claims/claims.routes';
import { discoveryAdminRoutes } from './modules/discovery/discovery.admin.routes';
import { discoveryRoutes } from './modules/discovery/discovery.routes';
import { duplicatesAdminRoutes } from './modules/duplicates/duplicates.routes';
import { flagAddedApps } from './modules/duplicates/duplicates.service';
import { healthRoutes } from './modules/health/health.routes';
import { notificationsAdminRoutes } from './modules/notifications/notifications.admin.routes';
import { linkHealthAdminRoutes } from './modules/link-health/link-health.admin.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { reportsAdminRoutes, reportsRoutes } from './modules/reports/reports.routes';
import { reviewsAdminRoutes, reviewsRoutes } from './modules/reviews/reviews.routes';
import { feedsRoutes } from './modules/feeds/feeds.routes';
import { mcpRoutes } from './modules/mcp/mcp.routes';
import { publicApiRoutes } from './modules/public-api/public-api.routes';
import { alternativesRoutes } from './modules/search/alternatives.routes';
import { searchRoutes } from './modules/search/search.routes';
import { stacksRoutes } from './modules/stacks/stacks.routes';
import { tasksAdminRoutes } from './modules/tasks/tasks.admin.routes';
import { tasksRoutes } from './modules/tasks/tasks.routes';
import { seoRoutes } from './modules/seo/seo.routes';

/**
 * The HTTP server with its timeouts: a client has REQUEST_TIMEOUT_MS to send a whole request (so a
 * body trickled one byte at a time cannot hold a socket and its memory for ever) and a socket may sit
 * idle CONNECTION_TIMEOUT_MS. Node checks the request timeout every `connectionsCheckingInterval`
 * (30 s by default, which would let a slow body run long past it), so the check runs more often.
 */
function createHttpServer(env: AppContext['env'], handler: http.RequestListener): http.Server {
  const requestTimeout = env.REQUEST_TIMEOUT_MS;
  const server = http.createServer(
    {
      requestTimeout,
      connectionsCheckingInterval: requestTimeout > 0 ? Math.max(250, Math.min(5_000, Math.floor(requestTimeout / 4))) : 30_000,
      // Longer than the usual load balancer's idle timeout (60 s), so the proxy closes first.
      keepAliveTimeout: 72_000,
      // Node would answer a missing Host with an empty 400; the input guard answers it in the error shape.
      requireHostHeader: false,
    },
    handler,
  );
  server.setTimeout(env.CONNECTION_TIMEOUT_MS);
  return server;
}

/** Largest WebSocket frame `/ws` accepts; a larger one closes the socket (1009). */
export const WS_MAX_PAYLOAD = 64 * 1024;

/** Longest path parameter the router accepts (a percent-encoded 300-character slug fits). */
export const MAX_PATH_PARAM_LENGTH = 1000;

export interface BuildAppOptions {
  /** Logger options; tests pass false. */
  logger?: boolean | Record<string, unknown>;
  /** Called for every route as it is registered (the fuzz tests walk the route table with it). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * Return before the search's first build, so the server can listen and say "warming" on /api/health meanwhile
   * (the server does); by default the app is returned ready (tests).
   */
  serveWhileWarming?: boolean;
}

/**
 * Builds the HTTP application on a context without listening (tests call `inject`, main.ts listens).
 * Every `/api/admin/*` route is registered inside one scope whose first hook demands an admin
 * session, so a new admin route cannot forget it.
 */
export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: options.logger === false ? undefined : ctx.log,
    trustProxy: trustProxyOption(ctx.env.TRUST_PROXY),
    bodyLimit: 5 * 1024 * 1024,
    serverFactory: (handler) => createHttpServer(ctx.env, handler),
    // Slugs of 200-character names run past the default 100; the limit still bounds hostile paths.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: MAX_PATH_PARAM_LENGTH },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    logController: new AccessLogController(),
  });

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  registerErrorHandler(app);
  registerInputGuard(app);
  registerRouteOptions(app, ctx);
  await app.register(fastifyCookie);
  registerSecurityHeaders(app, ctx.env.PUBLIC_URL);
  // Admins' sockets only receive notifications: a frame from the browser is small.
  await app.register(fastifyWebsocket, { options: { maxPayload: WS_MAX_PAYLOAD } });
  registerSameOriginCheck(app, ctx.env.PUBLIC_URL);

  // Every module's routes may read `ctx.search`, so nothing but the health check is answered before its first
  // build: requests wait for it (a load balancer sends none while /api/health says "warming").
  const searchReady = ctx.search.start();
  if (options.serveWhileWarming) {
    searchReady.catch(() => undefined);
    app.addHook('onRequest', async (request) => {
      if (ctx.search.warming && !request.url.startsWith('/api/health')) await ctx.search.whenReady();
    });
  } else {
    await searchReady;
  }
  app.addHook('onClose', () => ctx.search.stop());
  // After the search: on a change the index is brought up to date before cached pages are dropped,
  // so no page is cached again from the old index.
  ctx.publicCache.start();
  app.addHook('onClose', async () => ctx.publicCache.stop());
  const stopFlagging = flagAddedApps(ctx);
  app.addHook('onClose', async () => stopFlagging());

  await app.register(healthRoutes, { ctx });
  await app.register(authRoutes, { ctx });
  await app.register(appsRoutes, { ctx });
  await app.register(categoriesRoutes, { ctx });
  await app.register(searchRoutes, { ctx });
  await app.register(alternativesRoutes, { ctx });
  await app.register(blogRoutes, { ctx });
  await app.register(discoveryRoutes, { ctx });
  await app.register(notificationsRoutes, { ctx });
  await app.register(reportsRoutes, { ctx });
  await app.register(reviewsRoutes, { ctx });
  await app.register(claimsRoutes, { ctx });
  await app.register(publicApiRoutes, { ctx });
  await app.register(mcpRoutes, { ctx });
  await app.register(feedsRoutes, { ctx });
  await app.register(badgesRoutes, { ctx });
  await app.register(tasksRoutes, { ctx });
  await app.register(stacksRoutes, { ctx });

  await app.register(
    async (admin) => {
      // The back office's answers are one curator's: no browser or proxy keeps them.
      admin.addHook('onRequest', async (_request, reply) => {
        reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      });
      admin.addHook('onRequest', requireAdmin(ctx));
      await admin.register(appsAdminRoutes, { ctx });
      await admin.register(categoriesAdminRoutes, { ctx });
      await admin.register(blogAdminRoutes, { ctx });
      await admin.register(analyticsAdminRoutes, { ctx });
      await admin.register(discoveryAdminRoutes, { ctx });
      await admin.register(notificationsAdminRoutes, { ctx });
      await admin.register(linkHealthAdminRoutes, { ctx });
      await admin.register(reportsAdminRoutes, { ctx });
      await admin.register(reviewsAdminRoutes, { ctx });
      await admin.register(claimsAdminRoutes, { ctx });
      await admin.register(duplicatesAdminRoutes, { ctx });
      await admin.register(apiKeysAdminRoutes, { ctx });
      await admin.register(tasksAdminRoutes, { ctx });
    },
    { prefix: '/api/admin' },
  );

  // Last: pages, sitemap, robots and the SPA fallback (unknown /api paths get the JSON 404).
  await app.register(seoRoutes, { ctx });
  return app;
}
