import { NOTIFICATION_LIMIT } from '@shared/constants';
import type { NotificationList, NotificationMessage, NotificationType } from '@shared/schemas/notification';
import type { AppContext } from '../../context';
import { presentNotification } from './notifications.presenter';
import { NotificationsRepository } from './notifications.repository';

/**
 * Stores a notification and tells every admin socket on every instance: local sockets hear it
 * before this resolves, the other instances through the change feed (LISTEN/NOTIFY). The payload
 * stays small (pg_notify caps it at 8000 bytes); large data belongs in the database.
 */
export async function publishNotification(
  ctx: AppContext,
  input: { type: NotificationType; title: string; message: string; data?: Record<string, unknown> },
): Promise<NotificationMessage> {
  const row = await new NotificationsRepository(ctx.db).insert({
    type: input.type,
    title: input.title,
    message: input.message,
    data: input.data ?? null,
  });
  const message = presentNotification(row);
  await ctx.changes.publish('notification', message);
  return message;
}

/** The latest notifications (at most the list limit of spec §9) and how many arrived after `since`. */
export async function listNotifications(ctx: AppContext, since: Date | undefined): Promise<NotificationList> {
  const repository = new NotificationsRepository(ctx.db);
  const [rows, unreadCount] = await Promise.all([repository.latest(NOTIFICATION_LIMIT), repository.countSince(since)]);
  return { notifications: rows.map(presentNotification), unreadCount };
}
