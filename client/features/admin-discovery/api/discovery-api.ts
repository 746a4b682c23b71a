import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { App } from '@shared/schemas/app';
import type { DiscoveryRunResult, DiscoverySource, DiscoverySourceInput, DiscoveryStats } from '@shared/schemas/discovery';
import { getJson, sendJson } from '@client/lib/api-client';
import { invalidateAppData } from '@client/features/admin-apps/api/admin-apps';

export const DISCOVERY_STATS_KEY = '/api/admin/discovery-stats';
export const DISCOVERY_SOURCES_KEY = '/api/admin/discovery-sources';

/** Everything a discovery changes: the app lists and figures, the logs, the schedule status. */
export function invalidateDiscoveryData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    invalidateAppData(queryClient),
    queryClient.invalidateQueries({ queryKey: [DISCOVERY_STATS_KEY] }),
    queryClient.invalidateQueries({ queryKey: ['/api/admin/discovery-logs'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/admin/discovery-status'] }),
  ]);
}

/** The four figures of the Discover view. */
export function useDiscoveryStats() {
  return useQuery({ queryKey: [DISCOVERY_STATS_KEY], queryFn: () => getJson<DiscoveryStats>(DISCOVERY_STATS_KEY) });
}

/** `POST /api/admin/discover {url}` → the created pending app. */
export function useDiscoverUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => sendJson<App>('POST', '/api/admin/discover', { url }),
    onSuccess: () => invalidateDiscoveryData(queryClient),
  });
}

/** `POST /api/admin/trigger-discovery` → `{discovered, processed}`. */
export function useTriggerDiscovery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<DiscoveryRunResult>('POST', '/api/admin/trigger-discovery'),
    onSettled: () => invalidateDiscoveryData(queryClient),
  });
}

/** The configured feeds, sitemaps and JSON lists. */
export function useDiscoverySources() {
  return useQuery({ queryKey: [DISCOVERY_SOURCES_KEY], queryFn: () => getJson<DiscoverySource[]>(DISCOVERY_SOURCES_KEY) });
}

export function useAddDiscoverySource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DiscoverySourceInput) => sendJson<DiscoverySource>('POST', DISCOVERY_SOURCES_KEY, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [DISCOVERY_SOURCES_KEY] }),
  });
}

export function useToggleDiscoverySource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) => sendJson<DiscoverySource>('PATCH', `${DISCOVERY_SOURCES_KEY}/${id}`, { enabled }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [DISCOVERY_SOURCES_KEY] }),
  });
}

export function useDeleteDiscoverySource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => sendJson<void>('DELETE', `${DISCOVERY_SOURCES_KEY}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [DISCOVERY_SOURCES_KEY] }),
  });
}
