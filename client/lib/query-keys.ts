import type { QueryClient } from '@tanstack/react-query';

/**
 * Every query's cache key root, in one place, so that an invalidation can only name a key some
 * query uses. One style everywhere: a key is `queryKeys.x` itself or `[...queryKeys.x, ...parts]`
 * (`query-keys.test.ts` checks the client's sources). A key's first element is the URL it reads
 * where spec §7 asks for that (the admin features send requests to that URL too); the public
 * marketplace keys are names.
 */
export const queryKeys = {
  currentUser: ['/api/auth/user'],
  authProviders: ['/api/auth/providers'],
  authDebug: ['/api/auth/debug'],
  categories: ['categories'],
  marketplace: ['marketplace'],
  search: ['search'],
  appDetail: ['app-detail'],
  blog: ['/api/blog'],
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
  alternatives: ['alternatives'],
  compare: ['compare'],
  tasks: ['tasks'],
  stacks: ['stacks'],
  adminTasks: ['/api/admin/tasks'],
  healthSummary: ['/api/admin/health/summary'],
  healthList: ['/api/admin/health'],
  reportGroups: ['/api/admin/reports/grouped'],
  openReportCounts: ['/api/admin/reports/open-counts'],
  duplicates: ['/api/admin/duplicates'],
  healthSettings: ['/api/admin/health/settings'],
  apiKeys: ['/api/admin/api-keys'],
  reviews: ['reviews'],
  claimStatus: ['claim-status'],
  managedListing: ['managed-listing'],
  adminProposals: ['/api/admin/proposals'],
  adminClaims: ['/api/admin/claims'],
  adminReviews: ['/api/admin/reviews'],
} as const satisfies Record<string, readonly [string]>;

function invalidateAll(queryClient: QueryClient, keys: readonly (readonly [string])[]): Promise<unknown> {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Everything an app write changes: the admin lists, the edited app, the counts and figures that include it. */
export function invalidateAppData(queryClient: QueryClient): Promise<unknown> {
  return invalidateAll(queryClient, [queryKeys.adminApps, queryKeys.adminApp, queryKeys.analyticsOverview, queryKeys.adminCategories, queryKeys.discoveryStats]);
}

/** Everything a category write changes; spec §7: the public category list too. */
export function invalidateCategoryData(queryClient: QueryClient): Promise<unknown> {
  return invalidateAll(queryClient, [queryKeys.adminCategories, queryKeys.categories, queryKeys.analyticsOverview]);
}

/** Everything a discovery changes: the app data, the Discover figures, the logs, the schedule status. */
export function invalidateDiscoveryData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([invalidateAppData(queryClient), invalidateAll(queryClient, [queryKeys.discoveryStats, queryKeys.discoveryLogs, queryKeys.discoveryStatus])]);
}

/** Everything a blog write changes: the admin list and the public list and post pages. */
export function invalidateBlogData(queryClient: QueryClient): Promise<unknown> {
  return invalidateAll(queryClient, [queryKeys.adminBlog, queryKeys.blog]);
}
