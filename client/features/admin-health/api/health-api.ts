import { useIsMutating, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, getJson, sendJson } from '@client/lib/api-client';
import { adminQueryKeys } from '@client/lib/admin-query-keys';
import type { DuplicateCandidate, MergeResult } from '@shared/schemas/duplicate';
import type {
  HealthAction,
  HealthEntry,
  HealthRunProgress,
  HealthRunResult,
  HealthSettings,
  HealthState,
  HealthSummary,
} from '@shared/schemas/link-health';
import type { OpenReportCounts, ReportGroup, ReportStatus } from '@shared/schemas/report';

const [HEALTH_SUMMARY_URL] = adminQueryKeys.healthSummary;
const [HEALTH_LIST_URL] = adminQueryKeys.healthList;
const [REPORT_GROUPS_URL] = adminQueryKeys.reportGroups;
const [OPEN_REPORT_COUNTS_URL] = adminQueryKeys.openReportCounts;
const [DUPLICATES_URL] = adminQueryKeys.duplicates;
const [HEALTH_SETTINGS_URL] = adminQueryKeys.healthSettings;
/** How often a running check's progress is read. */
const PROGRESS_POLL_MS = 1000;
/** Names the "check now" call, so the summary knows a run was asked for before its record exists. */
const RUN_MUTATION_KEY = ['health-run'];

/** A failed call's message for a toast. */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage;
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

/** A health action changes apps, so every admin list and figure is read again. */
function invalidateAdmin(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/admin') });
}

/**
 * Counts per state, open reports and the run's progress; polled while a run goes on, and while this
 * browser's "check now" call is pending (the run's record appears a moment after the call starts).
 */
export function useHealthSummary() {
  const runRequested = useIsMutating({ mutationKey: RUN_MUTATION_KEY }) > 0;
  return useQuery({
    queryKey: adminQueryKeys.healthSummary,
    queryFn: () => getJson<HealthSummary>(HEALTH_SUMMARY_URL),
    refetchInterval: (query) => (runRequested || query.state.data?.run.running ? PROGRESS_POLL_MS : false),
  });
}

/** The problems queue, optionally of one state. */
export function useHealthList(state: HealthState | null) {
  const url = state ? `${HEALTH_LIST_URL}?state=${state}` : HEALTH_LIST_URL;
  return useQuery({ queryKey: [...adminQueryKeys.healthList, state], queryFn: () => getJson<HealthEntry[]>(url) });
}

/**
 * Starts a check of every published app. The call answers when the run is done; meanwhile the
 * summary is polled for live progress.
 */
export function useRunHealthCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: RUN_MUTATION_KEY,
    mutationFn: (ids?: number[]) => sendJson<HealthRunResult>('POST', '/api/admin/health/run', ids ? { ids } : {}),
    onSettled: () => invalidateAdmin(queryClient),
  });
}

export function useStopHealthCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<HealthRunProgress>('POST', '/api/admin/health/stop'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.healthSummary }),
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
    mutationFn: ({
      appId,
      values,
    }: {
      appId: number;
      values: { description: string; longDescription: string | null; features: string[] };
    }) => sendJson('POST', `/api/admin/health/${appId}/apply`, values),
    onSuccess: () => invalidateAdmin(queryClient),
  });
}

export function useReportGroups(status: ReportStatus) {
  return useQuery({
    queryKey: [...adminQueryKeys.reportGroups, status],
    queryFn: () => getJson<ReportGroup[]>(`${REPORT_GROUPS_URL}?status=${status}`),
  });
}

export function useOpenReportCounts() {
  return useQuery({
    queryKey: adminQueryKeys.openReportCounts,
    queryFn: () => getJson<OpenReportCounts>(OPEN_REPORT_COUNTS_URL),
  });
}

export function useUpdateReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, status }: { ids: number[]; status: 'resolved' | 'dismissed' }) =>
      ids.length === 1
        ? sendJson('PATCH', `/api/admin/reports/${ids[0]}`, { status })
        : sendJson('POST', '/api/admin/reports/bulk', { ids, status }),
    onSuccess: () => invalidateAdmin(queryClient),
  });
}

export function useDuplicates() {
  return useQuery({ queryKey: adminQueryKeys.duplicates, queryFn: () => getJson<DuplicateCandidate[]>(DUPLICATES_URL) });
}

export function useMergeApps() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appId, into }: { appId: number; into: number }) =>
      sendJson<MergeResult>('POST', `/api/admin/apps/${appId}/merge`, { into }),
    onSuccess: () => invalidateAdmin(queryClient),
  });
}

/** "Not a duplicate": the pair leaves the list for good. */
export function useDismissDuplicate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appId, duplicateOf }: { appId: number; duplicateOf: number }) =>
      sendJson('POST', '/api/admin/duplicates/dismiss', { appId, duplicateOf }),
    onSuccess: () => invalidateAdmin(queryClient),
  });
}

export function useHealthSettings() {
  return useQuery({ queryKey: adminQueryKeys.healthSettings, queryFn: () => getJson<HealthSettings>(HEALTH_SETTINGS_URL) });
}

export function useSaveHealthSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: HealthSettings) => sendJson<HealthSettings>('POST', HEALTH_SETTINGS_URL, settings),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminQueryKeys.healthSettings, saved);
      void queryClient.invalidateQueries({ queryKey: adminQueryKeys.healthSummary });
    },
  });
}
