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
 * True when a request was started by a page of another site: the browser says so in
 * `Sec-Fetch-Site`, or (older browsers) names another site's page in Origin or Referer. Typing the
 * address, a bookmark (`none`) and links within the site (`same-origin`, `same-site`) are not.
 */
export function isCrossSiteRequest(request: FastifyRequest, publicUrl: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site') return true;
  if (fetchSite === 'same-origin' || fetchSite === 'same-site' || fetchSite === 'none') return false;
  const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
  return origin !== null && !allowedOrigins(request, publicUrl).has(origin);
}

/**
 * Refuses writes sent by a page of another site (CSRF): a browser always names the sending page in
 * Origin (or Referer) on such requests. Requests naming no page at all (curl, server-to-server)
 * carry no ambient browser credentials and pass.
 */
export function registerSameOriginCheck(app: FastifyInstance, publicUrl: string): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (CREDENTIAL_FREE_PATHS.has(request.url.split('?')[0]!.replace(/\/+$/, '').toLowerCase())) return;
    const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
    if (origin === null) return;
    if (!allowedOrigins(request, publicUrl).has(origin)) {
      throw forbidden('Cross-site request refused: this write must come from the Aitlas site itself.');
    }
  });
}
