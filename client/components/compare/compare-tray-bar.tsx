import { GitCompareArrows, X } from 'lucide-react';
import { Link } from 'wouter';
import { clearCompare, removeFromCompare, type TrayApp } from '@client/lib/compare-tray';
import { COMPARE_MAX_APPS, COMPARE_MIN_APPS, comparePath } from '@shared/tool-paths';

/**
 * The compare tray's bar, fixed at the bottom of the page while it holds apps: their names with a
 * remove button each, Clear, and the link to their comparison from two apps on. A chunk of its own,
 * loaded with the first app picked (the server's HTML never shows it: the tray is browser state).
 */
export default function CompareTrayBar({ apps, limitMessage }: { apps: TrayApp[]; limitMessage: string | null }) {
  return (
    <>
      {/* Keeps the page's last lines clear of the fixed bar. */}
      <div aria-hidden="true" className="h-40 sm:h-24" />
      <aside aria-label="Compare tray" className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 shadow-[0_-4px_16px_rgba(15,23,42,0.08)] backdrop-blur">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:px-6 lg:px-8">
          <h2 className="shrink-0 text-sm font-semibold text-slate-900">
            Compare ({apps.length} of {COMPARE_MAX_APPS})
          </h2>
          <ul className="flex min-w-0 flex-1 flex-wrap gap-2">
            {apps.map((app) => (
              <li key={app.id} className="inline-flex max-w-full items-center gap-1 rounded-full bg-slate-100 py-1 pl-3 pr-1 text-sm text-slate-800">
                <span className="truncate">{app.name}</span>
                <button
                  type="button"
                  onClick={() => removeFromCompare(app.id)}
                  aria-label={`Remove ${app.name} from compare`}
                  className="inline-flex size-7 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-200 hover:text-slate-900"
                >
                  <X className="size-4" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
          {limitMessage ? (
            <p className="text-sm font-medium text-amber-900" data-testid="compare-limit">
              {limitMessage}
            </p>
          ) : null}
          <div className="flex shrink-0 items-center gap-2">
            <button type="button" onClick={clearCompare} className="h-10 rounded-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-900">
              Clear
            </button>
            {apps.length >= COMPARE_MIN_APPS ? (
              <Link
                href={comparePath(apps)}
                className="inline-flex h-10 items-center gap-2 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
              >
                <GitCompareArrows className="size-4" aria-hidden="true" />
                Compare {apps.length} apps
              </Link>
            ) : (
              <p className="text-sm text-slate-600">Add one more app to compare.</p>
            )}
          </div>
        </div>
      </aside>
    </>
  );
}
