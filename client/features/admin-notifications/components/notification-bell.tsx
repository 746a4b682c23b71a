import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Bell, CheckCircle2, Inbox, Radar, Send } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { formatAge } from '@shared/format';
import { isAlertNotification, type NotificationMessage } from '@shared/schemas/notification';
import { toast } from '@client/components/ui/use-toast';
import { cn } from '@client/lib/cn';
import { invalidateDiscoveryData } from '@client/lib/admin-query-keys';
import { addNotification, badgeText } from '../lib/notification-list';
import { readSeenAt, useStoredNotifications, writeSeenAt } from '../api/notifications-api';
import { useNotificationSocket, type SocketState } from '../hooks/use-notification-socket';

const STATE_LABEL: Record<SocketState, string> = {
  connecting: 'Connecting to live updates...',
  connected: 'Live updates on',
  disconnected: 'Live updates paused; reconnecting...',
};

function NotificationIcon({ type }: { type: string }) {
  const className = 'mt-0.5 size-4 shrink-0';
  if (isAlertNotification(type)) return <AlertTriangle className={cn(className, 'text-red-700')} aria-hidden="true" />;
  if (type === 'app_submitted') return <Send className={cn(className, 'text-brand-700')} aria-hidden="true" />;
  if (type === 'discovery_completed') return <CheckCircle2 className={cn(className, 'text-emerald-700')} aria-hidden="true" />;
  return <Radar className={cn(className, 'text-brand-700')} aria-hidden="true" />;
}

/** A clock that ticks every minute, so ages ("5m ago") stay true while the list is open. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The header's notification bell (spec §2, §4, §9): live admin notifications over /ws with a toast
 * each, the latest 50 in a list with their ages, and an unread badge ("99+" above 99).
 */
export function NotificationBell() {
  const queryClient = useQueryClient();
  const [seenAt] = useState(readSeenAt);
  const stored = useStoredNotifications(seenAt);
  const [live, setLive] = useState<NotificationMessage[]>([]);
  const [liveUnread, setLiveUnread] = useState(0);
  const [cleared, setCleared] = useState(false);
  const [open, setOpen] = useState(false);
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  }, [open]);
  const now = useMinuteClock();

  const onNotification = useCallback(
    (notification: NotificationMessage) => {
      setLive((list) => addNotification(list, notification));
      if (!openRef.current) setLiveUnread((count) => count + 1);
      toast({
        title: notification.title,
        description: notification.message,
        variant: isAlertNotification(notification.type) ? 'destructive' : 'default',
      });
      void invalidateDiscoveryData(queryClient);
    },
    [queryClient],
  );
  const socketState = useNotificationSocket(onNotification);

  let notifications = stored.data?.notifications ?? [];
  for (const notification of [...live].reverse()) notifications = addNotification(notifications, notification);
  const unread = (cleared ? 0 : (stored.data?.unreadCount ?? 0)) + liveUnread;
  const badge = badgeText(unread);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setCleared(true);
      setLiveUnread(0);
      writeSeenAt(new Date().toISOString());
    }
  };

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>
        <button
          type="button"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
          className="relative rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Bell className="size-5" aria-hidden="true" />
          {badge ? (
            <span
              data-testid="notification-badge"
              aria-hidden="true"
              className="absolute -right-1 -top-1 min-w-5 rounded-full bg-red-700 px-1 text-center text-[11px] font-semibold leading-5 text-white"
            >
              {badge}
            </span>
          ) : null}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          className="z-50 w-[min(24rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white shadow-xl focus:outline-none"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
            <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
            <span className="flex items-center gap-1.5 text-xs text-slate-600">
              <span
                className={cn(
                  'size-2 rounded-full',
                  socketState === 'connected' ? 'bg-emerald-600' : socketState === 'connecting' ? 'bg-amber-500' : 'bg-slate-400',
                )}
                aria-hidden="true"
              />
              {STATE_LABEL[socketState]}
            </span>
          </div>
          {stored.isPending && live.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-slate-600">Loading notifications...</p>
          ) : notifications.length === 0 ? (
            <div className="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm text-slate-600">
              <Inbox className="size-6 text-slate-400" aria-hidden="true" />
              <p>No notifications yet. Discoveries and submissions will appear here.</p>
            </div>
          ) : (
            <ul
              className="max-h-96 divide-y divide-slate-100 overflow-y-auto focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600"
              aria-label="Notifications"
              // Focusable so that a keyboard can scroll a long list (the region scrolls once it holds a few).
              tabIndex={0}
            >
              {notifications.map((notification) => (
                <li key={notification.id} className="flex gap-3 px-4 py-3">
                  <NotificationIcon type={notification.type} />
                  <div className="min-w-0 flex-1">
                    <p className="text-sm font-medium text-slate-900">{notification.title}</p>
                    <p className="text-sm text-slate-700">{notification.message}</p>
                    <p className="mt-0.5 text-xs text-slate-600">
                      <time dateTime={notification.timestamp}>{formatAge(notification.timestamp, now)}</time>
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {stored.isError ? (
            <p role="alert" className="border-t border-slate-100 px-4 py-2 text-xs text-red-700">
              Earlier notifications could not be loaded.
            </p>
          ) : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
