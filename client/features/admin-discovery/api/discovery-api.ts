import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { App } from '@shared/schemas/app';
import { DISCOVERY_LOG_POLL_MS } from '@shared/constants';
import type { DiscoveryRunResult, DiscoverySource, DiscoverySourceInput, DiscoveryStats } from '@shared/schemas/discovery';
import type { DiscoveryLogEntry } from '@shared/schemas/settings';
import { getJson, sendJson } from '@client/lib/api-client';
import { invalidateDiscoveryData, adminQueryKeys } from '@client/lib/admin-query-keys';

const [DISCOVERY_STATS_URL] = adminQueryKeys.discoveryStats;
const [DISCOVERY_SOURCES_URL] = adminQueryKeys.discoverySources;
const [DISCOVERY_LOGS_URL] = adminQueryKeys.discoveryLogs;

/** The four figures of the Discover view. */
export function useDiscoveryStats() {
  return useQuery({ queryKey: adminQueryKeys.discoveryStats, queryFn: () => getJson<DiscoveryStats>(DISCOVERY_STATS_URL) });
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
  return useQuery({
    queryKey: adminQueryKeys.discoverySources,
    queryFn: () => getJson<DiscoverySource[]>(DISCOVERY_SOURCES_URL),
  });
}

export function useAddDiscoverySource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DiscoverySourceInput) => sendJson<DiscoverySource>('POST', DISCOVERY_SOURCES_URL, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.discoverySources }),
  });
}

export function useToggleDiscoverySource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      sendJson<DiscoverySource>('PATCH', `${DISCOVERY_SOURCES_URL}/${id}`, { enabled }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.discoverySources }),
  });
}

/** The discovery runs, newest first, refreshed every 30 s (spec §9). */
export function useDiscoveryLogs() {
  return useQuery({
    queryKey: adminQueryKeys.discoveryLogs,
    queryFn: async () => {
      const body = await getJson<unknown>(DISCOVERY_LOGS_URL);
      return Array.isArray(body) ? (body as DiscoveryLogEntry[]) : [];
    },
    refetchInterval: DISCOVERY_LOG_POLL_MS,
    staleTime: 0,
  });
}

export function useDeleteDiscoverySource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => sendJson<void>('DELETE', `${DISCOVERY_SOURCES_URL}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.discoverySources }),
  });
}
