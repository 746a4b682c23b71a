import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { ModulePlugin } from '../../http/module-plugin';
import { comesFromThisSite } from '../../http/same-origin';
import { forbidden, unauthorized } from '../../lib/errors';
import { authenticateRequest } from '../auth/auth.guard';
import type { NotificationMessage } from '@shared/schemas/notification';

/** Close code of a socket whose session ended or lost admin rights. */
export const CLOSE_UNAUTHORIZED = 4401;
/** How often an open socket's session is checked again (logout, expiry, admin rights removed). */
const SESSION_RECHECK_MS = 60_000;
/** Keep-alive ping, so proxies do not drop an idle socket. */
const PING_INTERVAL_MS = 30_000;

/**
 * `/ws` (spec §7 WebSocket): admins only. The upgrade is refused with 403 from another site and
 * 401 without an admin session (403 for a signed-in non-admin). The first message is
 * `{type: "connection"}`; then every notification of any instance arrives as
 * `{type, title, message, timestamp, data}`.
 */
export const notificationsRoutes: ModulePlugin = async (app, { ctx }) => {
  const sockets = new Set<WebSocket>();
  const unsubscribe = ctx.changes.subscribe('notification', (notification: NotificationMessage) => {
    const text = JSON.stringify(notification);
    for (const socket of sockets) {
      if (socket.readyState === socket.OPEN) socket.send(text);
    }
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    for (const socket of sockets) socket.close(1001, 'Server shutting down');
  });

  app.get(
    '/ws',
    {
      websocket: true,
      onRequest: async (request) => {
        if (!comesFromThisSite(request, ctx.env.PUBLIC_URL, { referer: false })) {
          throw forbidden('Cross-site WebSocket connection refused.');
        }
        const user = await authenticateRequest(ctx, request);
        if (!user) throw unauthorized('Authentication required');
        if (!user.isAdmin) throw forbidden('Admin access required');
      },
    },
    (socket, request) => {
      sockets.add(socket);
      socket.send(
        JSON.stringify({
          type: 'connection',
          title: 'Connected',
          message: 'Real-time notifications are on.',
          timestamp: new Date().toISOString(),
          data: null,
        }),
      );
      const ping = setInterval(() => {
        if (socket.readyState === socket.OPEN) socket.ping();
      }, PING_INTERVAL_MS);
      const recheck = setInterval(() => {
        // A fresh object per check: session lookups are memoised per request object.
        authenticateRequest(ctx, Object.create(request) as FastifyRequest)
          .then((user) => {
            if (!user?.isAdmin) socket.close(CLOSE_UNAUTHORIZED, 'Session ended');
          })
          .catch((error: unknown) => request.log.warn({ err: error }, 'websocket session re-check failed'));
      }, SESSION_RECHECK_MS);
      ping.unref();
      recheck.unref();
      const cleanup = () => {
        clearInterval(ping);
        clearInterval(recheck);
        sockets.delete(socket);
      };
      socket.on('close', cleanup);
      socket.on('error', (error) => {
        request.log.debug({ err: error }, 'websocket error');
        cleanup();
      });
      // Admins only listen; anything they send is ignored.
      socket.on('message', () => undefined);
    },
  );
};
