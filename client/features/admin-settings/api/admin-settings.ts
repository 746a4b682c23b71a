import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DISCOVERY_LOG_POLL_MS, SYNC_INTERVAL_CHOICES } from '@shared/constants';
import type { DiscoveryStatus } from '@shared/schemas/discovery';
import type { DiscoveryLogEntry, SyncIntervalResponse } from '@shared/schemas/settings';
import { ApiError, getJson, sendJson } from '@client/lib/api-client';
import { toast } from '@client/components/ui/use-toast';
import { errorMessage } from '@client/features/admin-apps/api/admin-apps';

const SYNC_KEY = '/api/admin/sync-interval';

/** The auto-discovery interval (Settings only). */
export function useSyncInterval() {
  return useQuery({ queryKey: [SYNC_KEY], queryFn: () => getJson<SyncIntervalResponse>(SYNC_KEY) });
}

/** A human label of an interval: the choice's own label, else "Every N minutes". */
export function syncIntervalLabel(minutes: number): string {
  return SYNC_INTERVAL_CHOICES.find((choice) => choice.minutes === minutes)?.label ?? `Every ${minutes} minutes`;
}

/** Saves the interval; spec §5: only a number greater than 0 is saved. */
export function useSaveSyncInterval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (intervalMinutes: number) => sendJson<SyncIntervalResponse>('POST', SYNC_KEY, { intervalMinutes }),
    onSuccess: async (result, intervalMinutes) => {
      const minutes = result?.intervalMinutes ?? intervalMinutes;
      queryClient.setQueryData([SYNC_KEY], { intervalMinutes: minutes });
      toast({ title: 'Sync Interval Updated', description: `Auto-discovery now runs: ${syncIntervalLabel(minutes)}.` });
      await queryClient.invalidateQueries({ queryKey: ['/api/admin/discovery-status'] });
    },
    onError: (error) => toast({ title: 'Update Failed', description: errorMessage(error), variant: 'destructive' }),
  });
}

/** The discovery runs, newest first, refreshed every 30 s (spec §9). */
export function useDiscoveryLogs() {
  return useQuery({
    queryKey: ['/api/admin/discovery-logs'],
    queryFn: async () => {
      const body = await getJson<unknown>('/api/admin/discovery-logs');
      return Array.isArray(body) ? (body as DiscoveryLogEntry[]) : [];
    },
    refetchInterval: DISCOVERY_LOG_POLL_MS,
    staleTime: 0,
  });
}

/** The scheduler's next run, when the server reports it (null when it cannot). */
export function useDiscoveryStatus() {
  return useQuery({
    queryKey: ['/api/admin/discovery-status'],
    queryFn: async () => {
      try {
        return await getJson<DiscoveryStatus>('/api/admin/discovery-status');
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}
