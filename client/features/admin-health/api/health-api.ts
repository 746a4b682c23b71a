import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, getJson, sendJson } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { DuplicateCandidate, MergeResult } from '@shared/schemas/duplicate';
import type { HealthAction, HealthEntry, HealthRunProgress, HealthRunResult, HealthSettings, HealthState, HealthSummary } from '@shared/schemas/link-health';
import type { OpenReportCounts, ReportGroup, ReportStatus } from '@shared/schemas/report';

export const [HEALTH_SUMMARY_KEY] = queryKeys.healthSummary;
export const [HEALTH_LIST_KEY] = queryKeys.healthList;
export const [REPORT_GROUPS_KEY] = queryKeys.reportGroups;
export const [OPEN_REPORT_COUNTS_KEY] = queryKeys.openReportCounts;
export const [DUPLICATES_KEY] = queryKeys.duplicates;
export const [HEALTH_SETTINGS_KEY] = queryKeys.healthSettings;
/** How often a running check's progress is read. */
const PROGRESS_POLL_MS = 1000;

/** A failed call's message for a toast. */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage;
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

/** A health action changes apps, so every admin list and figure is read again. */
function invalidateAdmin(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/admin') });
}

/** Counts per state, open reports and the run's progress; polled while a run goes on. */
export function useHealthSummary() {
  return useQuery({
    queryKey: [HEALTH_SUMMARY_KEY],
    queryFn: () => getJson<HealthSummary>(HEALTH_SUMMARY_KEY),
    refetchInterval: (query) => (query.state.data?.run.running ? PROGRESS_POLL_MS : false),
  });
}

/** The problems queue, optionally of one state. */
export function useHealthList(state: HealthState | null) {
  const url = state ? `${HEALTH_LIST_KEY}?state=${state}` : HEALTH_LIST_KEY;
  return useQuery({ queryKey: [HEALTH_LIST_KEY, state], queryFn: () => getJson<HealthEntry[]>(url) });
}

/**
 * Starts a check of every published app. The call answers when the run is done; meanwhile the
 * summary is polled for live progress.
 */
export function useRunHealthCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => sendJson<HealthRunResult>('POST', '/api/admin/health/run', ids ? { ids } : {}),
    onMutate: () => {
      // The run's record appears within a moment; start polling for it.
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: [HEALTH_SUMMARY_KEY] }), 300);
    },
    onSettled: () => invalidateAdmin(queryClient),
  });
}

export function useStopHealthCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<HealthRunProgress>('POST', '/api/admin/health/stop'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [HEALTH_SUMMARY_KEY] }),
  });
}

export function useHealthAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appId, action }: { appId: number; action: Exclude<HealthAction, 'reextract'> }) =>
      sendJson<{ entry: HealthEntry | null }>('POST', `/api/admin/health/${appId}/action`, { action }),
    onSuccess: () => invalidateAdmin(queryClient),
  });
}

/** What a re-extraction proposes next to what the listing says. */
export interface Reextraction {
  current: { name: string; description: string; longDescription: string | null; features: string[] };
  extracted: { name: string; description: string; longDescription: string | null; features: string[] };
}

export function useReextract() {
  return useMutation({
    mutationFn: (appId: number) => sendJson<Reextraction>('POST', `/api/admin/health/${appId}/action`, { action: 'reextract' }),
  });
}

export function useApplyExtraction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appId, values }: { appId: number; values: { description: string; longDescription: string | null; features: string[] } }) =>
      sendJson('POST', `/api/admin/health/${appId}/apply`, values),
    onSuccess: () => invalidateAdmin(queryClient),
  });
}

export function useReportGroups(status: ReportStatus) {
  return useQuery({ queryKey: [REPORT_GROUPS_KEY, status], queryFn: () => getJson<ReportGroup[]>(`${REPORT_GROUPS_KEY}?status=${status}`) });
}

export function useOpenReportCounts() {
  return useQuery({ queryKey: [OPEN_REPORT_COUNTS_KEY], queryFn: () => getJson<OpenReportCounts>(OPEN_REPORT_COUNTS_KEY) });
}

export function useUpdateReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, status }: { ids: number[]; status: 'resolved' | 'dismissed' }) =>
      ids.length === 1 ? sendJson('PATCH', `/api/admin/reports/${ids[0]}`, { status }) : sendJson('POST', '/api/admin/reports/bulk', { ids, status }),
    onSuccess: () => invalidateAdmin(queryClient),
  });
}

export function useDuplicates() {
  return useQuery({ queryKey: [DUPLICATES_KEY], queryFn: () => getJson<DuplicateCandidate[]>(DUPLICATES_KEY) });
}

export function useMergeApps() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appId, into }: { appId: number; into: number }) => sendJson<MergeResult>('POST', `/api/admin/apps/${appId}/merge`, { into }),
    onSuccess: () => invalidateAdmin(queryClient),
  });
}

/** "Not a duplicate": the pair leaves the list for good. */
export function useDismissDuplicate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appId, duplicateOf }: { appId: number; duplicateOf: number }) => sendJson('POST', '/api/admin/duplicates/dismiss', { appId, duplicateOf }),
    onSuccess: () => invalidateAdmin(queryClient),
  });
}

export function useHealthSettings() {
  return useQuery({ queryKey: [HEALTH_SETTINGS_KEY], queryFn: () => getJson<HealthSettings>(HEALTH_SETTINGS_KEY) });
}

export function useSaveHealthSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: HealthSettings) => sendJson<HealthSettings>('POST', HEALTH_SETTINGS_KEY, settings),
    onSuccess: (saved) => {
      queryClient.setQueryData([HEALTH_SETTINGS_KEY], saved);
      void queryClient.invalidateQueries({ queryKey: [HEALTH_SUMMARY_KEY] });
    },
  });
}
