import { ChevronDown, ChevronUp, GitCompareArrows, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { clearCompare, removeFromCompare, type TrayApp } from '@client/lib/compare-tray';
import { COMPARE_MAX_APPS, COMPARE_MIN_APPS, comparePath } from '@shared/tool-paths';

// Collapsed stays collapsed across the pages of this tab, like the tray itself.
const COLLAPSED_KEY = 'aitlas.compare.tray.collapsed';

function readCollapsed(): boolean {
  try {
    return window.sessionStorage.getItem(COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

function storeCollapsed(collapsed: boolean): void {
  try {
    window.sessionStorage.setItem(COLLAPSED_KEY, String(collapsed));
  } catch {
    // Without storage the choice holds for this page only.
  }
}

/** Whether `pathname` is the comparison of exactly these apps (any case, any escaping). */
function isOpenComparison(pathname: string, apps: TrayApp[]): boolean {
  const decode = (path: string) => {
    try {
      return decodeURIComponent(path).toLowerCase();
    } catch {
      return path.toLowerCase();
    }
  };
  return decode(pathname) === decode(comparePath(apps));
}

/**
 * The compare tray's bar, fixed at the bottom of the page while it holds apps: one line with the count
 * (also the collapse toggle), the apps' names with a remove button each (scrolling sideways when they do
 * not fit), Clear, and the link to their comparison from two apps on (unless that comparison is the page
 * open). A chunk of its own, loaded with the first app picked (the server's HTML never shows it: the tray
 * is browser state).
 */
export default function CompareTrayBar({ apps, limitMessage }: { apps: TrayApp[]; limitMessage: string | null }) {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [location] = useLocation();
  const toggle = () => {
    storeCollapsed(!collapsed);
    setCollapsed(!collapsed);
  };
  const open = apps.length >= COMPARE_MIN_APPS && isOpenComparison(location, apps);

  return (
    <>
      {/* Keeps the page's last lines clear of the fixed bar. */}
      <div aria-hidden="true" className="h-16" />
      <aside
        aria-label="Compare tray"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 shadow-[0_-4px_16px_rgba(15,23,42,0.08)] backdrop-blur"
      >
        {limitMessage && !collapsed ? (
          <p
            className="mx-auto max-w-7xl px-4 pt-2 text-sm font-medium text-amber-900 sm:px-6 lg:px-8"
            data-testid="compare-limit"
          >
            {limitMessage}
          </p>
        ) : null}
        <div className="mx-auto flex max-w-7xl items-center gap-2 px-3 py-2 sm:gap-3 sm:px-6 lg:px-8">
          <h2 className="shrink-0 text-sm font-semibold text-slate-900">
            <button
              type="button"
              onClick={toggle}
              aria-expanded={!collapsed}
              aria-controls="compare-tray-apps"
              className="inline-flex h-10 items-center gap-1 rounded-lg px-2 hover:bg-slate-100"
            >
              <span className="sr-only sm:not-sr-only">Compare&nbsp;</span>
              <span className="tabular-nums">
                ({apps.length} of {COMPARE_MAX_APPS})
              </span>
              {collapsed ? (
                <ChevronUp className="size-4" aria-hidden="true" />
              ) : (
                <ChevronDown className="size-4" aria-hidden="true" />
              )}
            </button>
          </h2>
          <ul
            id="compare-tray-apps"
            hidden={collapsed}
            className="flex min-w-0 flex-1 flex-nowrap gap-2 overflow-x-auto py-1 [scrollbar-width:thin]"
          >
            {apps.map((app) => (
              <li
                key={app.id}
                className="inline-flex shrink-0 items-center gap-1 rounded-full bg-slate-100 py-0.5 pl-3 pr-0.5 text-sm text-slate-800"
              >
                <span className="max-w-40 truncate">{app.name}</span>
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
          <div className={`flex shrink-0 items-center gap-1 sm:gap-2 ${collapsed ? 'ml-auto' : ''}`}>
            {collapsed ? null : (
              <button
                type="button"
                onClick={clearCompare}
                className="h-10 rounded-lg px-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-900 sm:px-3"
              >
                Clear
              </button>
            )}
            {apps.length < COMPARE_MIN_APPS ? (
              <p className="text-sm text-slate-600">
                <span className="sm:hidden">Add one more</span>
                <span className="hidden sm:inline">Add one more app to compare.</span>
              </p>
            ) : open ? (
              <p className="text-sm font-medium text-slate-700" data-testid="compare-open">
                {/* A phone's line keeps its room for the names. */}
                <span className="sm:hidden">Shown above</span>
                <span className="hidden sm:inline">Comparing these apps</span>
              </p>
            ) : (
              <Link
                href={comparePath(apps)}
                aria-label={`Compare ${apps.length} apps`}
                className="inline-flex h-10 items-center gap-2 rounded-lg bg-brand-600 px-3 text-sm font-semibold text-white hover:bg-brand-700 sm:px-4"
              >
                <GitCompareArrows className="size-4" aria-hidden="true" />
                <span className="sm:hidden">Compare</span>
                <span className="hidden sm:inline">Compare {apps.length} apps</span>
              </Link>
            )}
          </div>
        </div>
      </aside>
    </>
  );
}
