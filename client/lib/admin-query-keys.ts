import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/**
 * The back office's query key roots (each the URL it reads, spec §7), in the style of `queryKeys`:
 * `adminQueryKeys.x` or `[...adminQueryKeys.x, ...parts]`; and the invalidation of each kind of
 * admin write. Only the admin chunk loads this file.
 */
export const adminQueryKeys = {
  adminApps: ['/api/admin/apps'],
  adminApp: ['/api/admin/app'],
  adminCategories: ['/api/admin/categories'],
  adminBlog: ['/api/admin/blog'],
  analyticsOverview: ['/api/admin/analytics/overview'],
  analyticsTrends: ['/api/admin/analytics/trends'],
  discoveryStats: ['/api/admin/discovery-stats'],
  discoverySources: ['/api/admin/discovery-sources'],
  discoveryLogs: ['/api/admin/discovery-logs'],
  discoveryStatus: ['/api/admin/discovery-status'],
  syncInterval: ['/api/admin/sync-interval'],
  notifications: ['/api/admin/notifications'],
  adminTasks: ['/api/admin/tasks'],
  healthSummary: ['/api/admin/health/summary'],
  healthList: ['/api/admin/health'],
  reportGroups: ['/api/admin/reports/grouped'],
  openReportCounts: ['/api/admin/reports/open-counts'],
  duplicates: ['/api/admin/duplicates'],
  healthSettings: ['/api/admin/health/settings'],
  apiKeys: ['/api/admin/api-keys'],
  adminProposals: ['/api/admin/proposals'],
  adminClaims: ['/api/admin/claims'],
  adminReviews: ['/api/admin/reviews'],
} as const satisfies Record<string, readonly [string]>;

function invalidateAll(queryClient: QueryClient, keys: readonly (readonly [string])[]): Promise<unknown> {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Everything an app write changes: the admin lists, the edited app, the counts and figures that include it. */
export function invalidateAppData(queryClient: QueryClient): Promise<unknown> {
  return invalidateAll(queryClient, [
    adminQueryKeys.adminApps,
    adminQueryKeys.adminApp,
    adminQueryKeys.analyticsOverview,
    adminQueryKeys.adminCategories,
    adminQueryKeys.discoveryStats,
  ]);
}

/** Everything a category write changes; spec §7: the public category list too. */
export function invalidateCategoryData(queryClient: QueryClient): Promise<unknown> {
  return invalidateAll(queryClient, [adminQueryKeys.adminCategories, queryKeys.categories, adminQueryKeys.analyticsOverview]);
}

/** Everything a discovery changes: the app data, the Discover figures, the logs, the schedule status. */
export function invalidateDiscoveryData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    invalidateAppData(queryClient),
    invalidateAll(queryClient, [adminQueryKeys.discoveryStats, adminQueryKeys.discoveryLogs, adminQueryKeys.discoveryStatus]),
  ]);
}

/** Everything a blog write changes: the admin list and the public list and post pages. */
export function invalidateBlogData(queryClient: QueryClient): Promise<unknown> {
  return invalidateAll(queryClient, [adminQueryKeys.adminBlog, queryKeys.blog]);
}
