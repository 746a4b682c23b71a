import { useQuery } from '@tanstack/react-query';
import type { AnalyticsOverview, AnalyticsTrends } from '@shared/schemas/admin-analytics';
import { getJson } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** The dashboard's numbers (spec §3 Analytics overview). */
export function useAnalyticsOverview() {
  return useQuery({
    queryKey: queryKeys.analyticsOverview,
    queryFn: () => getJson<AnalyticsOverview>(queryKeys.analyticsOverview[0]),
  });
}

/** Views, saves and searches of the last 30 days, and the top / zero-result queries. */
export function useAnalyticsTrends() {
  return useQuery({
    queryKey: queryKeys.analyticsTrends,
    queryFn: () => getJson<AnalyticsTrends>(queryKeys.analyticsTrends[0]),
  });
}
