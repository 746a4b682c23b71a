import { Bell } from 'lucide-react';

/** Placeholder until real-time notifications land (owned by the discovery work). */
export function NotificationBell() {
  return (
    <button type="button" aria-label="Notifications" className="rounded p-2 text-slate-700">
      <Bell className="size-5" aria-hidden="true" />
    </button>
  );
}
