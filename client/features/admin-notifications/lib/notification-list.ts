import { NOTIFICATION_BADGE_MAX, NOTIFICATION_LIMIT } from '../../../../shared/constants';
import type { NotificationMessage } from '../../../../shared/schemas/notification';

/** The badge of the bell (spec §9): nothing at 0, the count up to 99, then "99+". */
export function badgeText(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > NOTIFICATION_BADGE_MAX ? `${NOTIFICATION_BADGE_MAX}+` : String(unread);
}

/** Adds a notification at the top, once, keeping at most 50 entries (spec §9). */
export function addNotification(list: readonly NotificationMessage[], incoming: NotificationMessage): NotificationMessage[] {
  const rest = list.filter((entry) => entry.id !== incoming.id);
  return [incoming, ...rest].slice(0, NOTIFICATION_LIMIT);
}

/** Parses a socket frame into a notification; null for the greeting and for anything malformed. */
export function parseSocketFrame(raw: unknown): NotificationMessage | null {
  if (typeof raw !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const frame = value as Partial<NotificationMessage>;
  if (typeof frame.type !== 'string' || frame.type === 'connection') return null;
  return {
    id: typeof frame.id === 'number' ? frame.id : Date.now(),
    type: frame.type,
    title: typeof frame.title === 'string' ? frame.title : '',
    message: typeof frame.message === 'string' ? frame.message : '',
    timestamp: typeof frame.timestamp === 'string' ? frame.timestamp : new Date().toISOString(),
    data: frame.data ?? null,
  };
}

/** Whether a closed socket should reconnect (spec §4: not after a normal close, 1000, or going away, 1001). */
export function shouldReconnect(closeCode: number): boolean {
  return closeCode !== 1000 && closeCode !== 1001;
}
