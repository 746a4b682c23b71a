import { useQuery } from '@tanstack/react-query';
import type { AnalyticsOverview, AnalyticsTrends } from '@shared/schemas/admin-analytics';
import { getJson } from '@client/lib/api-client';
import { adminQueryKeys } from '@client/lib/admin-query-keys';

/** The dashboard's numbers (spec §3 Analytics overview). */
export function useAnalyticsOverview() {
  return useQuery({
    queryKey: adminQueryKeys.analyticsOverview,
    queryFn: () => getJson<AnalyticsOverview>(adminQueryKeys.analyticsOverview[0]),
  });
}

/** Views, saves and searches of the last 30 days, and the top / zero-result queries. */
export function useAnalyticsTrends() {
  return useQuery({
    queryKey: adminQueryKeys.analyticsTrends,
    queryFn: () => getJson<AnalyticsTrends>(adminQueryKeys.analyticsTrends[0]),
  });
}
