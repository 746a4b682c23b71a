import type { FastifyReply } from 'fastify';
import {
  loginRequestSchema,
  type AuthDebugResponse,
  type AuthProvidersResponse,
  type AuthUser,
  type LoginResponse,
} from '@shared/schemas/auth';
import type { ModulePlugin } from '../../http/module-plugin';
import { isCrossSiteRequest } from '../../http/same-origin';
import { unauthorized } from '../../lib/errors';
import { clientKey } from '../../lib/visitor';
import { requireAdmin, sessionStoreOf } from './auth.guard';
import {
  beginOidcFlow,
  completeOidcFlow,
  OIDC_FLOW_COOKIE,
  OIDC_FLOW_TTL_MS,
  oidcEnabled,
  openFlowState,
  sealFlowState,
} from './auth.oidc';
import { messagePage } from './auth.pages';
import { AuthService } from './auth.service';
import { presentUser } from './auth.presenter';
import { sessionCookieOptions } from './auth.sessions';

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/**
 * Sign-in and session calls: local login, the OpenID Connect flow, logout, the current user and
 * the diagnostics of /auth-test.
 */
export const authRoutes: ModulePlugin = async (app, { ctx }) => {
  const service = new AuthService(ctx);
  const sessions = sessionStoreOf(ctx);
  const flowCookieOptions = { ...sessionCookieOptions(ctx), path: '/api/callback' };

  app.post('/api/login', { schema: { body: loginRequestSchema } }, async (request, reply): Promise<LoginResponse> => {
    const { user, response } = await service.verifyLogin(clientKey(request), request.body.email, request.body.password);
    await sessions.start(request, reply, user.id);
    return response;
  });

  app.get('/api/login', async (request, reply) => {
    if (!oidcEnabled(ctx)) return reply.redirect('/login', 302);
    try {
      const { authorizationUrl, flow } = await beginOidcFlow(ctx);
      reply.setCookie(OIDC_FLOW_COOKIE, sealFlowState(flow, ctx.env.SECRET), {
        ...flowCookieOptions,
        maxAge: OIDC_FLOW_TTL_MS / 1000,
      });
      return reply.header('cache-control', 'no-store').redirect(authorizationUrl.href, 302);
    } catch (error) {
      request.log.error({ err: error }, 'could not reach the identity provider');
      return sendPage(
        reply,
        502,
        messagePage('Sign-in unavailable', 'The identity provider could not be reached. Please try again later.', {
          href: '/',
          label: 'Back to Aitlas',
        }),
      );
    }
  });

  app.get('/api/callback', async (request, reply) => {
    if (!oidcEnabled(ctx)) return reply.redirect('/login', 302);
    const flow = openFlowState(request.cookies[OIDC_FLOW_COOKIE], ctx.env.SECRET);
    reply.clearCookie(OIDC_FLOW_COOKIE, flowCookieOptions);
    const retry = { href: '/api/login', label: 'Try signing in again' };
    if (!flow) {
      return sendPage(
        reply,
        400,
        messagePage('Sign-in failed', 'The sign-in took too long or was started in another browser. Please start again.', retry),
      );
    }
    let identity;
    try {
      identity = await completeOidcFlow(ctx, request.url, flow);
    } catch (error) {
      request.log.warn({ err: error }, 'OIDC callback refused');
      return sendPage(
        reply,
        400,
        messagePage('Sign-in failed', 'The identity provider did not confirm the sign-in. Please start again.', retry),
      );
    }
    const outcome = await service.signInWithOidc(identity);
    if (!outcome.allowed) {
      await sessions.end(request, reply);
      const who = outcome.email ? `The account ${outcome.email}` : 'This account';
      return sendPage(
        reply,
        403,
        messagePage('Access denied', `${who} is not allowed to use the Aitlas admin area.`, {
          href: '/',
          label: 'Back to Aitlas',
        }),
      );
    }
    await sessions.start(request, reply, outcome.user.id);
    return reply.header('cache-control', 'no-store').redirect('/admin', 302);
  });

  app.get('/api/logout', async (request, reply) => {
    // A link on another site must not sign the admin out (logout CSRF); the site's own links and a typed address do.
    if (isCrossSiteRequest(request, ctx.env.PUBLIC_URL)) {
      return sendPage(
        reply,
        403,
        messagePage(
          'Sign-out refused',
          'This sign-out was started by another site, so you are still signed in. Use Logout in Aitlas to sign out.',
          { href: '/', label: 'Back to Aitlas' },
        ),
      );
    }
    await sessions.end(request, reply);
    return reply.header('cache-control', 'no-store').redirect('/', 302);
  });

  app.get('/api/auth/user', async (request, reply): Promise<AuthUser> => {
    const session = await sessions.resolve(request);
    if (!session) throw unauthorized('Not signed in');
    reply.header('cache-control', 'no-store');
    return presentUser(session.user);
  });

  app.get('/api/auth/providers', async (): Promise<AuthProvidersResponse> => ({ oidc: oidcEnabled(ctx), local: true }));

  // In production the page says too much about the deployment for anonymous visitors: admins only.
  const debugGuard = ctx.env.NODE_ENV === 'production' ? { onRequest: requireAdmin(ctx) } : {};
  app.get('/api/auth/debug', debugGuard, async (request, reply): Promise<AuthDebugResponse> => {
    reply.header('cache-control', 'no-store');
    return service.debug({
      session: await sessions.resolve(request),
      hostname: request.hostname,
      protocol: request.protocol,
      headers: request.headers,
      cookieNames: Object.keys(request.cookies),
    });
  });
};
