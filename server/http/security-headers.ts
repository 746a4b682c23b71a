import type { FastifyInstance } from 'fastify';

/**
 * Powerful browser features the product never uses are switched off for its pages and any frame
 * they embed, so an injected script or a hostile embed cannot ask for them.
 */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=()';

/** Headers helmet does not set. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}
