import type { NotificationMessage } from '@shared/schemas/notification';
import type { NotificationRow } from './notifications.repository';

/** The socket and list shape of a stored notification. */
export function presentNotification(row: NotificationRow): NotificationMessage {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    timestamp: row.createdAt.toISOString(),
    data: row.data ?? null,
  };
}
