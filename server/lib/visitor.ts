import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const VISITOR_COOKIE = 'aitlas_vid';
/** The browser's own random id, for what one browser owns (its review of an app). */
export const BROWSER_COOKIE = 'aitlas_bid';
const ONE_YEAR_S = 365 * 24 * 3600;

function sign(id: string, secret: string): string {
  return createHmac('sha256', secret).update(`vid:${id}`).digest('base64url').slice(0, 16);
}

function verifiedId(value: string | undefined, secret: string): string | null {
  const match = value ? /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{16})$/.exec(value) : null;
  if (!match?.[1] || !match[2]) return null;
  const expected = Buffer.from(sign(match[1], secret));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[1] : null;
}

/**
 * Identifies an anonymous visitor by a signed first-party cookie together with the client address.
 * A request without the cookie gets one derived from its address, so a cookie-less loop is one
 * visitor, a browser keeps the same identity once the cookie is set, and forged cookies are
 * ignored. The key is a hash: no address is stored in clear. The cookie is `Secure` on https
 * (the request's protocol as a trusted proxy reports it, or an https `publicUrl`).
 */
export function visitorKey(request: FastifyRequest, reply: FastifyReply, secret: string, publicUrl = ''): string {
  let id = verifiedId(request.cookies[VISITOR_COOKIE], secret);
  if (!id) {
    id = createHmac('sha256', secret).update(`ip:${request.ip}`).digest('base64url').slice(0, 22);
    // Secure whenever the site is served over https, whether TLS ends here or at a trusted proxy.
    const secure = request.protocol === 'https' || publicUrl.startsWith('https:');
    reply.setCookie(VISITOR_COOKIE, `${id}.${sign(id, secret)}`, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: ONE_YEAR_S,
    });
  }
  return hash(`${id}|${request.ip}`);
}

/**
 * Identifies one browser by a random id in a signed first-party cookie. Unlike `visitorKey`, two
 * browsers behind one address are two browsers (two people may review the same app from one
 * office) and the key does not change with the address, so the browser keeps what it owns. The
 * cookie is issued only where `issue` is set (the page asks for it before a visitor writes or votes);
 * a client without it is identified by its address, so a cookie-less loop is one visitor. Whatever
 * uses this key also limits per address (`clientKey`). Decision 0016.
 */
export function browserKey(
  request: FastifyRequest,
  reply: FastifyReply,
  secret: string,
  options: { publicUrl?: string; issue?: boolean } = {},
): string {
  let id = verifiedId(request.cookies[BROWSER_COOKIE], secret);
  if (!id) {
    if (!options.issue) return hash(`address:${request.ip}`);
    id = randomBytes(16).toString('base64url').slice(0, 22);
    const secure = request.protocol === 'https' || (options.publicUrl ?? '').startsWith('https:');
    reply.setCookie(BROWSER_COOKIE, `${id}.${sign(id, secret)}`, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: ONE_YEAR_S,
    });
  }
  return hash(`browser:${id}`);
}

/**
 * A client key for rate limits and the login throttle: `request.ip`, which Fastify takes from the
 * right of X-Forwarded-For past the proxies TRUST_PROXY names only, so a client cannot choose it.
 */
export function clientKey(request: FastifyRequest): string {
  return hash(request.ip);
}

function hash(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 32);
}
