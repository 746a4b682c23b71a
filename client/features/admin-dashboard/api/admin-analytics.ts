import { useQuery } from '@tanstack/react-query';
import type { AnalyticsOverview, AnalyticsTrends } from '@shared/schemas/admin-analytics';
import { getJson } from '@client/lib/api-client';

/** The dashboard's numbers (spec §3 Analytics overview). */
export function useAnalyticsOverview() {
  return useQuery({
    queryKey: ['/api/admin/analytics/overview'],
    queryFn: () => getJson<AnalyticsOverview>('/api/admin/analytics/overview'),
  });
}

/** Views, saves and searches of the last 30 days, and the top / zero-result queries. */
export function useAnalyticsTrends() {
  return useQuery({
    queryKey: ['/api/admin/analytics/trends'],
    queryFn: () => getJson<AnalyticsTrends>('/api/admin/analytics/trends'),
  });
}
