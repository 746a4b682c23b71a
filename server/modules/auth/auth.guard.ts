import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { AppContext } from '../../context';
import { forbidden, unauthorized } from '../../lib/errors';
import { SessionStore, type SessionUser } from './auth.sessions';

export type { SessionUser } from './auth.sessions';

const stores = new WeakMap<AppContext, SessionStore>();

/** One session store per context (it holds no state besides the context). */
export function sessionStoreOf(ctx: AppContext): SessionStore {
  let store = stores.get(ctx);
  if (!store) {
    store = new SessionStore(ctx);
    stores.set(ctx, store);
  }
  return store;
}

/**
 * The user of a request's valid session cookie, or null (no cookie, a forged or unknown one, an
 * expired session). Works for any request, the `/ws` upgrade included; memoised per request.
 */
export async function authenticateRequest(ctx: AppContext, request: FastifyRequest): Promise<SessionUser | null> {
  const session = await sessionStoreOf(ctx).resolve(request);
  return session?.user ?? null;
}

/**
 * The hook of the `/api/admin` scope: 401 without a valid session, 403 for a signed-in user who is
 * not an admin; it runs before body parsing and before any handler.
 */
export function requireAdmin(ctx: AppContext): onRequestAsyncHookHandler {
  return async (request) => {
    const user = await authenticateRequest(ctx, request);
    if (!user) throw unauthorized('Authentication required');
    if (!user.isAdmin) throw forbidden('Admin access required');
  };
}
