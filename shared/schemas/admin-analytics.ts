/** `GET /api/admin/analytics/overview` (spec §3 Analytics overview). */
export interface AnalyticsOverview {
  overview: {
    /** Apps in every status. */
    totalApps: number;
    publishedApps: number;
    pendingApps: number;
    approvedApps: number;
    rejectedApps: number;
    /** Sum of viewCount over all apps. */
    totalViews: number;
    /** Sum of saveCount over all apps. */
    totalSaves: number;
    /** totalSaves / totalViews in percent, one decimal (0 without views). */
    conversionRate: number;
    /** Sum of monthlyVisitors over all apps. */
    totalTraffic: number;
  };
  /** Category name → number of apps (every status), for every category except "All". */
  categoryStats: Record<string, number>;
  /** Up to 10 published apps with views, most viewed first. */
  topApps: { id: number; name: string; category: string; viewCount: number }[];
  discovery: {
    /** Apps found over every discovery run. */
    totalDiscoveries: number;
    /** Processed / discovered over every run, in percent, one decimal (0 without discoveries). */
    successRate: number;
  };
}

/** One day of the trends chart (UTC date). */
export interface TrendDay {
  /** YYYY-MM-DD */
  date: string;
  views: number;
  saves: number;
  searches: number;
}

export interface QueryCount {
  /** The query lower-cased and trimmed. */
  query: string;
  count: number;
}

/** `GET /api/admin/analytics/trends`: the last 30 days (oldest first, today last) from recorded events. */
export interface AnalyticsTrends {
  days: TrendDay[];
  /** Up to 10 most frequent searches of the last 30 days. */
  topQueries: QueryCount[];
  /** Up to 10 most frequent searches of the last 30 days that found nothing. */
  zeroResultQueries: QueryCount[];
}
