import { CalendarCheck, OctagonAlert } from 'lucide-react';
import { Link } from 'wouter';
import { formatLongDate } from '@shared/format';
import type { App } from '@shared/schemas/app';
import { alternativesPath } from '../lib/alternatives-path';

/** "Last checked {date}": when the link checker last visited the app's site. Nothing before the first check. */
export function LastChecked({ app }: { app: App }) {
  if (!app.lastCheckedAt) return null;
  return (
    <p className="inline-flex items-center gap-2 text-sm text-slate-700" data-testid="last-checked">
      <CalendarCheck className="size-4" aria-hidden="true" />
      Last checked {formatLongDate(app.lastCheckedAt)}
    </p>
  );
}

/** The notice of a defunct app: it is no longer available; its alternatives are one click away. */
export function DefunctNotice({ app }: { app: App }) {
  if (!app.defunct) return null;
  return (
    <div
      role="note"
      aria-labelledby="defunct-title"
      className="flex gap-3 rounded-2xl border border-red-300 bg-red-50 p-4 text-red-950"
    >
      <OctagonAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <p id="defunct-title" className="font-semibold">
          {app.name} is no longer available.
        </p>
        <p className="mt-1">
          Its website no longer offers this tool, so it is not listed in trending or search any more.{' '}
          <Link href={alternativesPath(app)} className="font-semibold underline underline-offset-4">
            See alternatives to {app.name}
          </Link>
        </p>
      </div>
    </div>
  );
}
