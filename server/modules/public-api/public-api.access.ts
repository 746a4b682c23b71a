import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError, tooManyRequests } from '../../lib/errors';
import { clientKey } from '../../lib/visitor';
import { ApiKeysService } from '../api-keys/api-keys.service';

const RATE_WINDOW_MS = 60_000;
/** Unknown or revoked API keys one address may try per minute before it is refused without a lookup. */
export const WRONG_KEY_LIMIT = 10;
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
    const limit = client.kind === 'key' ? ctx.env.RATE_LIMIT_API_KEY_PER_MINUTE : ctx.env.RATE_LIMIT_API_PER_MINUTE;
    const bucket = client.kind === 'key' ? `api:key:${client.keyId}` : `api:ip:${clientKey(request)}`;
    const decision = await ctx.rateLimiter.hit(bucket, limit, RATE_WINDOW_MS);
    reply
      .header('ratelimit-limit', String(limit))
      .header('ratelimit-remaining', String(Math.max(0, limit - decision.count)))
      .header('ratelimit-reset', String(decision.retryAfter));
    if (!decision.allowed) {
      const hint = client.kind === 'key' ? '' : ' An API key raises this limit.';
      throw tooManyRequests(`Too many requests: at most ${limit} per minute.${hint} Please wait ${decision.retryAfter} seconds.`, { retryAfter: decision.retryAfter });
    }
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
 * The API key of a request, with guessing throttled: an address that sent WRONG_KEY_LIMIT unknown or
 * revoked keys within a minute is refused (429) before its next key is even looked up.
 */
async function identifyThrottled(ctx: AppContext, keys: ApiKeysService, request: FastifyRequest): ReturnType<ApiKeysService['identify']> {
  if (!request.headers.authorization) return keys.identify(undefined);
  const bucket = `api:wrong-key:${clientKey(request)}`;
  const failures = await ctx.rateLimiter.peek(bucket, RATE_WINDOW_MS);
  if (failures >= WRONG_KEY_LIMIT) throw tooManyRequests('Too many unknown API keys from this address. Please wait a minute.', { retryAfter: 60 });
  try {
    return await keys.identify(request.headers.authorization);
  } catch (error) {
    if (error instanceof AppError && error.code === 'unauthorized') await ctx.rateLimiter.hit(bucket, WRONG_KEY_LIMIT, RATE_WINDOW_MS);
    throw error;
  }
}

/**
 * Answers GETs with an `ETag` of the body and `304 Not Modified` when the client already has it,
 * so polling clients spend neither bandwidth nor rate-limit headroom on parsing unchanged data.
 */
export function registerEtags(scope: FastifyInstance): void {
  scope.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
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
