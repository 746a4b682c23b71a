import { z } from './zod';

/** Events pushed to admins over /ws (spec §3 Notification). */
export const NOTIFICATION_TYPES = [
  'app_discovered',
  'app_submitted',
  'discovery_completed',
  'discovery_failed',
  'link_health',
  'duplicate_suspected',
  'reviews_waiting',
  'proposal_waiting',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** One notification as the socket sends it and the list call returns it. */
export interface NotificationMessage {
  id: number;
  type: string;
  title: string;
  message: string;
  /** ISO date-time. */
  timestamp: string;
  data: unknown;
}

/** Any message of the socket: the greeting `{type: "connection"}` or a notification. */
export const socketMessageSchema = z.object({
  type: z.string(),
  id: z.number().optional(),
  title: z.string().optional().default(''),
  message: z.string().optional().default(''),
  timestamp: z.string().optional(),
  data: z.unknown().optional(),
});

/** `GET /api/admin/notifications?since=…`: the latest notifications and how many are newer than `since`. */
export interface NotificationList {
  notifications: NotificationMessage[];
  unreadCount: number;
}

export const notificationListQuerySchema = z.object({
  since: z.iso.datetime({ offset: true, error: 'since must be an ISO date-time' }).optional(),
});

/** Notification types shown as destructive toasts (spec §8: warning or alert types). */
export function isAlertNotification(type: string): boolean {
  return type === 'warning' || type === 'alert' || type === 'discovery_failed';
}
