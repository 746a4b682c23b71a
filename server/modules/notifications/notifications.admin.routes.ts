import { notificationListQuerySchema } from '@shared/schemas/notification';
import type { ModulePlugin } from '../../http/module-plugin';
import { listNotifications } from './notifications.service';

/**
 * `GET /api/admin/notifications?since=…` (inside the `/api/admin` scope): the latest 50 notifications, so the bell shows what happened before the socket opened.
 */
export const notificationsAdminRoutes: ModulePlugin = async (app, { ctx }) => {
  app.get('/notifications', { schema: { querystring: notificationListQuerySchema } }, async (request) => {
    const { since } = request.query;
    return listNotifications(ctx, since ? new Date(since) : undefined);
  });
};
