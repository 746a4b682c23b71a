import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { getJson } from '@client/lib/api-client';
import { formatLongDate } from '@shared/format';
import type { App } from '@shared/schemas/app';
import { appPath } from '@shared/slug';
import { queryKeys } from '@client/lib/query-keys';

/** "New this week": the apps published in the last 7 days, under the trending grid; nothing when there are none. */
export function NewThisWeek() {
  const latest = useQuery({
    queryKey: [...queryKeys.marketplace, 'new-this-week'],
    queryFn: () => getJson<App[]>('/api/marketplace/new-this-week'),
  });
  if (!latest.data || latest.data.length === 0) return null;
  return (
    <section aria-labelledby="new-this-week" className="mt-14" data-testid="new-this-week">
      <h2 id="new-this-week" className="text-2xl font-bold tracking-tight text-slate-900">
        New this week
      </h2>
      <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {latest.data.map((app) => (
          <li key={app.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <Link href={appPath(app)} className="font-semibold text-slate-900 hover:text-brand-700 hover:underline">
              {app.name}
            </Link>
            <p className="text-sm text-slate-600">{app.category}</p>
            <p className="mt-1 text-xs text-slate-600">Added {formatLongDate(app.publishedAt ?? app.createdAt)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
