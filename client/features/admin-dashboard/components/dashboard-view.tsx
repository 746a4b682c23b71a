import { Bookmark, Eye, Layers, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatNumber } from '@shared/format';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { Tooltip } from '@client/components/ui/tooltip';
import { countOf } from '@shared/pluralize';
import { errorMessage } from '@client/lib/api-client';
import { useAnalyticsOverview, useAnalyticsTrends } from '../api/admin-analytics';
import { formatMonthlyTraffic, topCategoryBars } from '../lib/dashboard-stats';
import { LoadError } from '@client/components/ui/load-error';
import { Panel } from '@client/components/ui/panel';
import { StatCard, StatCardSkeletons } from '@client/components/ui/stat-card';
import { TrendsChart } from './trends-chart';

/** The dashboard's static claim about discovery coverage (spec §9). */
const DISCOVERY_CATEGORY_CLAIM = 'Auto-discovery watches about 22 categories of AI tools.';

const STATUS_ROWS = [
  { key: 'pendingApps', label: 'Pending', dot: 'bg-amber-500' },
  { key: 'approvedApps', label: 'Approved', dot: 'bg-sky-600' },
  { key: 'publishedApps', label: 'Published', dot: 'bg-emerald-600' },
  { key: 'rejectedApps', label: 'Rejected', dot: 'bg-red-600' },
] as const;

function QueryList({ title, items, empty }: { title: string; items: { query: string; count: number }[]; empty: string }) {
  return (
    <div className="min-w-0">
      <h3 className="text-sm font-semibold text-slate-800">{title}</h3>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      ) : (
        <ol className="mt-2 grid gap-1.5">
          {items.map((item) => (
            <li
              key={item.query}
              className="flex min-w-0 items-center justify-between gap-3 rounded-md bg-slate-50 px-3 py-1.5 text-sm"
            >
              {/* A long query is cut to its column; the whole of it shows on hover and keyboard focus. */}
              <Tooltip content={item.query}>
                <span tabIndex={0} title={item.query} className="min-w-0 truncate rounded-sm text-slate-800">
                  {item.query}
                </span>
              </Tooltip>
              <span className="shrink-0 tabular-nums text-slate-600">
                {formatNumber(item.count)} <span className="sr-only">searches</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function TrendsPanel() {
  const trends = useAnalyticsTrends();
  return (
    <Panel title="Activity Trends" description="Views, saves and searches over the last 30 days" className="xl:col-span-2">
      {trends.isPending ? (
        <Skeleton className="h-56 w-full" />
      ) : trends.isError ? (
        <LoadError message={`Unable to load trends: ${errorMessage(trends.error)}`} onRetry={() => void trends.refetch()} />
      ) : (
        <div className="grid gap-6">
          <TrendsChart days={trends.data.days} />
          <div className="grid gap-6 md:grid-cols-2 [&>*]:min-w-0">
            <QueryList title="Top searches" items={trends.data.topQueries} empty="No searches in the last 30 days." />
            <QueryList
              title="Searches with no results"
              items={trends.data.zeroResultQueries}
              empty="Every search found something."
            />
          </div>
        </div>
      )}
    </Panel>
  );
}

/** The dashboard (spec §2 Admin Dashboard): totals, category and status breakdowns, top apps and trends. */
export function DashboardView({ onOpenDiscover, healthCard }: { onOpenDiscover: () => void; healthCard: ReactNode }) {
  const overview = useAnalyticsOverview();

  if (overview.isPending) {
    return (
      <div className="grid gap-6" aria-busy="true">
        <p className="sr-only" role="status">
          Loading the dashboard...
        </p>
        <StatCardSkeletons />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (overview.isError) {
    return (
      <LoadError
        message={`Unable to load the dashboard: ${errorMessage(overview.error)}`}
        onRetry={() => void overview.refetch()}
      />
    );
  }

  const { overview: totals, categoryStats, topApps, discovery } = overview.data;
  const bars = topCategoryBars(categoryStats);
  const distribution = Object.entries(categoryStats).sort(([a], [b]) => a.localeCompare(b));
  const statusTotal = Math.max(1, totals.pendingApps + totals.approvedApps + totals.publishedApps + totals.rejectedApps);

  return (
    <div className="grid gap-6 [&>*]:min-w-0">
      <section aria-label="Key numbers" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Total Applications"
          value={formatNumber(totals.totalApps)}
          hint={`${formatNumber(totals.publishedApps)} published`}
          icon={Layers}
        />
        <StatCard label="Total Views" value={formatNumber(totals.totalViews)} hint="Across all applications" icon={Eye} />
        <StatCard
          label="Total Saves"
          value={formatNumber(totals.totalSaves)}
          hint={`${totals.conversionRate.toFixed(1)}% conversion rate`}
          icon={Bookmark}
        />
        <StatCard
          label="Monthly Traffic"
          value={formatMonthlyTraffic(totals.totalTraffic)}
          hint="Monthly visitors of listed apps"
          icon={TrendingUp}
        />
      </section>
      {healthCard}

      <div className="grid gap-6 xl:grid-cols-3 [&>*]:min-w-0">
        <TrendsPanel />
        <Panel title="Application Status Distribution">
          <ul className="grid gap-3">
            {STATUS_ROWS.map((row) => (
              <li key={row.key}>
                <div className="flex items-center justify-between text-sm">
                  <span className="flex items-center gap-2 text-slate-800">
                    <span aria-hidden="true" className={`size-2.5 rounded-full ${row.dot}`} />
                    {row.label}
                  </span>
                  <span className="font-semibold tabular-nums">{formatNumber(totals[row.key])}</span>
                </div>
                <div className="mt-1 h-1.5 rounded-full bg-slate-100" aria-hidden="true">
                  <div
                    className={`h-1.5 rounded-full ${row.dot}`}
                    style={{ width: `${(totals[row.key] / statusTotal) * 100}%` }}
                  />
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-5 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
            <p>
              {countOf(discovery.totalDiscoveries, 'app')} discovered, {discovery.successRate.toFixed(1)}% processed successfully.
            </p>
            <p className="mt-1 text-slate-600">{DISCOVERY_CATEGORY_CLAIM}</p>
            <Button variant="link" className="mt-1 h-auto p-0" onClick={onOpenDiscover}>
              Open Discover Apps
            </Button>
          </div>
        </Panel>
      </div>

      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <Panel title="Category Performance" description="The six largest categories, relative to the largest">
          {bars.length === 0 ? (
            <p className="text-sm text-slate-600">No categorized apps yet.</p>
          ) : (
            <ul className="grid gap-3">
              {bars.map((bar) => (
                <li key={bar.name}>
                  <div className="flex items-center justify-between text-sm">
                    <span className="truncate text-slate-800">{bar.name}</span>
                    <span className="tabular-nums text-slate-600">{countOf(bar.count, 'app')}</span>
                  </div>
                  <div className="mt-1 h-2 rounded-full bg-slate-100" aria-hidden="true">
                    <div className="h-2 rounded-full bg-brand-600" style={{ width: `${bar.percent}%` }} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Panel>

        <Panel title="Top Performing Applications">
          {topApps.length === 0 ? (
            <p className="text-sm text-slate-600">No published apps with views yet</p>
          ) : (
            <ol className="grid gap-2">
              {topApps.map((app, index) => (
                <li key={app.id} className="flex items-center gap-3 rounded-md px-2 py-1.5 hover:bg-slate-50">
                  <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-semibold text-brand-800">
                    {index + 1}
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-slate-900">{app.name}</p>
                    <p className="truncate text-xs text-slate-600">{app.category}</p>
                  </div>
                  <span className="shrink-0 text-sm tabular-nums text-slate-700">{countOf(app.viewCount, 'view')}</span>
                </li>
              ))}
            </ol>
          )}
        </Panel>
      </div>

      <Panel title="Category Distribution" description="Apps per category, every status">
        {distribution.length === 0 ? (
          <p className="text-sm text-slate-600">No categories yet.</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-4">
            {distribution.map(([name, count]) => (
              <li key={name} className="rounded-lg border border-slate-200 p-3">
                <p className="truncate text-sm font-medium text-slate-800">{name}</p>
                <p className="text-lg font-semibold tabular-nums text-slate-900">
                  {formatNumber(count)} <span className="text-xs font-normal text-slate-600">{count === 1 ? 'app' : 'apps'}</span>
                </p>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
