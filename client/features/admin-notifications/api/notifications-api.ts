import { useQuery } from '@tanstack/react-query';
import type { NotificationList } from '@shared/schemas/notification';
import { getJson } from '@client/lib/api-client';
import { adminQueryKeys } from '@client/lib/admin-query-keys';

const SEEN_STORAGE_KEY = 'aitlas.notifications.seenAt';

/** When the admin last opened the notification list on this browser. */
export function readSeenAt(): string | null {
  try {
    return window.localStorage.getItem(SEEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function writeSeenAt(iso: string): void {
  try {
    window.localStorage.setItem(SEEN_STORAGE_KEY, iso);
  } catch {
    // Private mode without storage: the unread count just starts over next time.
  }
}

/** The notifications stored before the socket opened, and how many arrived since the list was last opened. */
export function useStoredNotifications(seenAt: string | null) {
  const url = `/api/admin/notifications${seenAt ? `?since=${encodeURIComponent(seenAt)}` : ''}`;
  return useQuery({ queryKey: [...adminQueryKeys.notifications, seenAt], queryFn: () => getJson<NotificationList>(url) });
}
