import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SYNC_INTERVAL_CHOICES } from '@shared/constants';
import type { DiscoveryStatus } from '@shared/schemas/discovery';
import type { SyncIntervalResponse } from '@shared/schemas/settings';
import { ApiError, errorMessage, getJson, sendJson } from '@client/lib/api-client';
import { adminQueryKeys } from '@client/lib/admin-query-keys';
import { toast } from '@client/components/ui/use-toast';

const [SYNC_URL] = adminQueryKeys.syncInterval;
const [DISCOVERY_STATUS_URL] = adminQueryKeys.discoveryStatus;

/** The auto-discovery interval (Settings only). */
export function useSyncInterval() {
  return useQuery({ queryKey: adminQueryKeys.syncInterval, queryFn: () => getJson<SyncIntervalResponse>(SYNC_URL) });
}

/** A human label of an interval: the choice's own label, else "Every N minutes". */
export function syncIntervalLabel(minutes: number): string {
  return SYNC_INTERVAL_CHOICES.find((choice) => choice.minutes === minutes)?.label ?? `Every ${minutes} minutes`;
}

/** Saves the interval; spec §5: only a number greater than 0 is saved. */
export function useSaveSyncInterval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (intervalMinutes: number) => sendJson<SyncIntervalResponse>('POST', SYNC_URL, { intervalMinutes }),
    onSuccess: async (result, intervalMinutes) => {
      const minutes = result?.intervalMinutes ?? intervalMinutes;
      queryClient.setQueryData(adminQueryKeys.syncInterval, { intervalMinutes: minutes });
      toast({ title: 'Sync Interval Updated', description: `Auto-discovery now runs: ${syncIntervalLabel(minutes)}.` });
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.discoveryStatus });
    },
    onError: (error) => toast({ title: 'Update Failed', description: errorMessage(error), variant: 'destructive' }),
  });
}

/** The scheduler's next run, when the server reports it (null when it cannot). */
export function useDiscoveryStatus() {
  return useQuery({
    queryKey: adminQueryKeys.discoveryStatus,
    queryFn: async () => {
      try {
        return await getJson<DiscoveryStatus>(DISCOVERY_STATUS_URL);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}
