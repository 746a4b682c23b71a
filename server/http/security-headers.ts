import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Powerful browser features the product never uses are switched off for its pages and any frame
 * they embed, so an injected script or a hostile embed cannot ask for them.
 */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=()';

/** The site's helmet settings: a strict Content-Security-Policy without inline script. */
export function helmetOptions(publicUrl: string): HelmetOptions {
  return {
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
    // helmet refuses a bare `true`: its defaults (one year, subdomains) are asked for with {}.
    strictTransportSecurity: publicUrl.startsWith('https:') ? {} : false,
  };
}

/**
 * The security headers of every answer, computed once: helmet's middleware is run against a
 * recording response at start-up (every directive here is a constant, none depends on the request),
 * plus the Permissions-Policy helmet does not set.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}

/**
 * Sets the security headers on every answer with one synchronous hook. (@fastify/helmet rebuilt
 * helmet's middleware, CSP parsing included, in two hooks on every request: a measurable share of
 * a small answer's cost; the headers are the same.)
 */
export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): void {
  const headers = securityHeaders(helmetOptions(publicUrl));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
