import { useQuery } from '@tanstack/react-query';
import type { PricingType } from '@shared/constants';
import type { AlternativesListResponse } from '@shared/schemas/alternatives';
import { getJson } from './api-client';
import { queryKeys } from './query-keys';

/** `GET /api/marketplace/app/{id}/alternatives`: the apps that can replace this one, closest first. */
export function fetchAlternatives(
  appId: number,
  options: { limit: number; pricing?: PricingType | undefined },
): Promise<AlternativesListResponse> {
  const params = new URLSearchParams({ limit: String(options.limit) });
  if (options.pricing) params.set('pricing', options.pricing);
  return getJson<AlternativesListResponse>(`/api/marketplace/app/${appId}/alternatives?${params.toString()}`);
}

/** The alternatives of an app (the app page's section and the full list page share this cache). */
export function useAlternatives(appId: number | undefined, options: { limit: number; pricing?: PricingType | undefined }) {
  return useQuery({
    queryKey: [...queryKeys.alternatives, appId, options.limit, options.pricing ?? 'any'],
    queryFn: () => fetchAlternatives(appId ?? 0, options),
    enabled: appId !== undefined,
  });
}
