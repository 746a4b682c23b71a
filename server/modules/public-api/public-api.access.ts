import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { rateLimited } from '../../lib/rate-limits';
import { clientKey } from '../../lib/visitor';
import { ApiKeysService } from '../api-keys/api-keys.service';

const EXPOSED_HEADERS = 'ETag, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After';

export interface ApiAccessOptions {
  /** The path (or `*` for every path of the scope) whose CORS preflight this scope answers. */
  path: string;
  /** Methods a browser on another site may use (answered in the CORS preflight). */
  methods: string[];
  /** Request headers such a browser may send. */
  headers: string[];
}

/**
 * Opens a scope of the machine-facing API (v1, MCP) to any site and any client: CORS for every origin
 * (nothing here reads cookies, so another site gains nothing it could not fetch itself), an optional
 * API key, and one database-backed rate limit per client shared by v1 and MCP, so it holds across
 * instances. The limit is reported in the `RateLimit-*` headers of every answer.
 */
export function registerApiAccess(scope: FastifyInstance, ctx: AppContext, options: ApiAccessOptions): void {
  const keys = new ApiKeysService(ctx);

  scope.addHook('onRequest', async (request, reply) => {
    reply.header('access-control-allow-origin', '*').header('access-control-expose-headers', EXPOSED_HEADERS);
    if (request.method === 'OPTIONS') return;
    const client = await identifyThrottled(ctx, keys, request);
    const policy = client.kind === 'key' ? 'api:key' : 'api:ip';
    const decision = await ctx.rateLimits.hit(policy, client.kind === 'key' ? String(client.keyId) : clientKey(request));
    reply
      .header('ratelimit-limit', String(decision.limit))
      .header('ratelimit-remaining', String(Math.max(0, decision.limit - decision.count)))
      .header('ratelimit-reset', String(decision.retryAfter));
    if (!decision.allowed) throw rateLimited(policy, decision);
  });

  scope.options(options.path, async (_request, reply) =>
    reply
      .status(204)
      .header('access-control-allow-methods', [...options.methods, 'OPTIONS'].join(', '))
      .header('access-control-allow-headers', options.headers.join(', '))
      .header('access-control-max-age', '86400')
      .send(),
  );
}

/**
 * The API key of a request, with guessing throttled: each key sent reserves a failure of its address
 * before it is looked up, given back when the key is known, so an address gets at most WRONG_KEY_LIMIT
 * lookups of unknown or revoked keys a minute, parallel requests included; past it, 429 without a lookup.
 */
async function identifyThrottled(
  ctx: AppContext,
  keys: ApiKeysService,
  request: FastifyRequest,
): ReturnType<ApiKeysService['identify']> {
  if (!request.headers.authorization) return keys.identify(undefined);
  const reservation = await ctx.rateLimits.reserve('api:wrong-key', clientKey(request));
  if (!reservation.decision.allowed) {
    await reservation.release();
    throw rateLimited('api:wrong-key', reservation.decision);
  }
  try {
    const client = await keys.identify(request.headers.authorization);
    await reservation.release();
    return client;
  } catch (error) {
    // Only an unknown or revoked key keeps its failure; anything else (a database error) is not a guess.
    if (!(error instanceof AppError && error.code === 'unauthorized')) await reservation.release();
    throw error;
  }
}

/**
 * Answers GETs with an `ETag` of the body and `304 Not Modified` when the client already has it,
 * so polling clients spend neither bandwidth nor rate-limit headroom on parsing unchanged data.
 */
export function registerEtags(scope: FastifyInstance): void {
  scope.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200 || typeof payload !== 'string')
      return payload;
    const etag = `"${createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`;
    reply.header('etag', etag).header('cache-control', 'public, max-age=60').header('vary', 'Accept-Encoding');
    const given = request.headers['if-none-match'];
    if (given && given.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*')) {
      reply.status(304);
      return '';
    }
    return payload;
  });
}
