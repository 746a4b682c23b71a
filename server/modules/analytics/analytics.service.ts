import type { AnalyticsOverview, AnalyticsTrends, TrendDay } from '@shared/schemas/admin-analytics';
import type { Db } from '../../db/database';
import { AnalyticsRepository } from './analytics.repository';

export const TREND_DAYS = 30;
export const TOP_APPS_LIMIT = 10;
export const TOP_QUERIES_LIMIT = 10;
const DAY_MS = 24 * 3600_000;

/** Percent with one decimal; 0 when there is nothing to divide by. */
function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

/** The dashboard's numbers (spec §3 Analytics overview) and the trends of recorded events. */
export class AnalyticsService {
  private readonly repository: AnalyticsRepository;

  constructor(db: Db) {
    this.repository = new AnalyticsRepository(db);
  }

  async overview(): Promise<AnalyticsOverview> {
    const [statusRows, categoryRows, topApps, discovery] = await Promise.all([
      this.repository.statusTotals(),
      this.repository.categoryCounts(),
      this.repository.topApps(TOP_APPS_LIMIT),
      this.repository.discoveryTotals(),
    ]);
    const byStatus = (status: string) => statusRows.find((row) => row.status === status)?.count ?? 0;
    const sum = (key: 'count' | 'views' | 'saves' | 'traffic') => statusRows.reduce((total, row) => total + row[key], 0);
    const totalViews = sum('views');
    const totalSaves = sum('saves');
    return {
      overview: {
        totalApps: sum('count'),
        publishedApps: byStatus('published'),
        pendingApps: byStatus('pending'),
        approvedApps: byStatus('approved'),
        rejectedApps: byStatus('rejected'),
        totalViews,
        totalSaves,
        conversionRate: percent(totalSaves, totalViews),
        totalTraffic: sum('traffic'),
      },
      categoryStats: Object.fromEntries(categoryRows.map((row) => [row.name, row.count])),
      topApps,
      discovery: { totalDiscoveries: discovery.discovered, successRate: percent(discovery.processed, discovery.discovered) },
    };
  }

  /** The last 30 UTC days (today last) of views, saves and searches, and the top and zero-result queries. */
  async trends(now = new Date()): Promise<AnalyticsTrends> {
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const since = new Date(today - (TREND_DAYS - 1) * DAY_MS);
    const [events, topQueries, zeroResultQueries] = await Promise.all([
      this.repository.eventsPerDay(since),
      this.repository.topQueries(since, TOP_QUERIES_LIMIT, false),
      this.repository.topQueries(since, TOP_QUERIES_LIMIT, true),
    ]);
    const days = new Map<string, TrendDay>();
    for (let index = 0; index < TREND_DAYS; index++) {
      const date = new Date(since.getTime() + index * DAY_MS).toISOString().slice(0, 10);
      days.set(date, { date, views: 0, saves: 0, searches: 0 });
    }
    for (const row of events) {
      const day = days.get(row.date);
      if (!day) continue;
      if (row.type === 'view') day.views += row.count;
      else if (row.type === 'save') day.saves += row.count;
      else if (row.type === 'search') day.searches += row.count;
    }
    return { days: [...days.values()], topQueries, zeroResultQueries };
  }
}
