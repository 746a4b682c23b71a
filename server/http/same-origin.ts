import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Read-only machine endpoints that ignore cookies (the MCP server): a cross-site POST there carries
 * no ambient credential to abuse, and browser-based agents on other origins must reach it.
 */
const CREDENTIAL_FREE_PATHS = new Set(['/mcp']);

/** The origins a write may come from: the public URL and the host the request was sent to. */
function allowedOrigins(request: FastifyRequest, publicUrl: string): Set<string> {
  const origins = new Set([new URL(publicUrl).origin]);
  const host = request.headers.host;
  if (host) {
    // Through URL, so that an explicit default port ("localhost:80") compares equal to the browser's Origin.
    for (const scheme of ['http', 'https']) {
      const origin = originOf(`${scheme}://${host}`);
      if (origin && origin !== 'invalid') origins.add(origin);
    }
  }
  return origins;
}

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return 'invalid';
  }
}

/**
 * Whether the page that sent a request belongs to this site (the public URL or the host the request
 * was sent to), judged by Origin and, when `referer` is on, by Referer when Origin is missing. Only
 * browsers send ambient cookies across sites, and they always name the sending page on such requests
 * (a WebSocket upgrade always carries Origin), so a request naming no page passes.
 */
export function comesFromThisSite(request: FastifyRequest, publicUrl: string, options: { referer: boolean }): boolean {
  const origin = originOf(request.headers.origin) ?? (options.referer ? originOf(request.headers.referer) : null);
  return origin === null || allowedOrigins(request, publicUrl).has(origin);
}

/**
 * True when a request was started by a page of another site: the browser says so in
 * `Sec-Fetch-Site`, or (older browsers) names another site's page in Origin or Referer. Typing the
 * address, a bookmark (`none`) and links within the site (`same-origin`, `same-site`) are not.
 * Used where even a safe method must not be triggered from elsewhere (logout).
 */
export function isCrossSiteRequest(request: FastifyRequest, publicUrl: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site') return true;
  if (fetchSite === 'same-origin' || fetchSite === 'same-site' || fetchSite === 'none') return false;
  return !comesFromThisSite(request, publicUrl, { referer: true });
}

/** Refuses writes sent by a page of another site (CSRF); curl and server-to-server calls pass. */
export function registerSameOriginCheck(app: FastifyInstance, publicUrl: string): void {
  // Synchronous: reads pass at the first test without a promise per request.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    if (CREDENTIAL_FREE_PATHS.has(request.url.split('?')[0]!.replace(/\/+$/, '').toLowerCase())) return done();
    if (!comesFromThisSite(request, publicUrl, { referer: true })) {
      return done(forbidden('Cross-site request refused: this write must come from the Aitlas site itself.'));
    }
    done();
  });
}
