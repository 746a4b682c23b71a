import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppStatus } from '@shared/constants';
import type {
  AdminApp,
  AdminAppCreate,
  AdminAppFormInput,
  AdminBulkDeleteMatching,
  BulkDeleteResponse,
  RemoveDuplicatesResponse,
} from '@shared/schemas/admin-app';
import { apiRequest, errorMessage, getJson, sendJson } from '@client/lib/api-client';
import { invalidateAppData, adminQueryKeys } from '@client/lib/admin-query-keys';
import { toast } from '@client/components/ui/use-toast';

export interface AdminAppListParams {
  q: string;
  status: AppStatus | 'all';
  limit: number;
  offset: number;
}

export interface AdminAppPage {
  apps: AdminApp[];
  /** Matching apps over every page (`X-Total-Count`). */
  total: number;
}

const [APPS_URL] = adminQueryKeys.adminApps;
const [APP_URL] = adminQueryKeys.adminApp;

function listUrl(params: Partial<AdminAppListParams>): string {
  const search = new URLSearchParams();
  if (params.q?.trim()) search.set('q', params.q.trim());
  if (params.status && params.status !== 'all') search.set('status', params.status);
  if (params.limit !== undefined) search.set('limit', String(params.limit));
  if (params.offset) search.set('offset', String(params.offset));
  const query = search.toString();
  return query ? `${APPS_URL}?${query}` : APPS_URL;
}

async function fetchAppPage(params: Partial<AdminAppListParams>): Promise<AdminAppPage> {
  const response = await apiRequest('GET', listUrl(params));
  const body: unknown = await response.json();
  const apps = Array.isArray(body) ? (body as AdminApp[]) : [];
  const header = Number(response.headers.get('x-total-count'));
  return { apps, total: Number.isFinite(header) && header >= 0 ? header : apps.length };
}

/** One page of the admin list (any status), searched and filtered on the server (spec §7: no retry). */
export function useAdminAppPage(params: AdminAppListParams, enabled = true) {
  return useQuery({
    queryKey: [...adminQueryKeys.adminApps, params],
    queryFn: () => fetchAppPage(params),
    placeholderData: keepPreviousData,
    retry: false,
    enabled,
  });
}

/** How many apps exist in every status (the "of Y" of the count line). */
export function useAdminAppTotal(enabled = true) {
  return useQuery({
    queryKey: [...adminQueryKeys.adminApps, 'total'],
    queryFn: async () => (await fetchAppPage({ limit: 1 })).total,
    retry: false,
    enabled,
  });
}

/** One app for the edit page. */
export function useAdminApp(id: number) {
  return useQuery({
    queryKey: [...adminQueryKeys.adminApp, id],
    queryFn: () => getJson<AdminApp>(`${APP_URL}/${id}`),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

/** Approve / Reject / Publish / Unpublish (spec §4). */
export function useUpdateAppStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: AppStatus; name: string }) =>
      sendJson<AdminApp>('PATCH', `${APPS_URL}/${id}/status`, { status }),
    onSuccess: async (_app, { name, status }) => {
      toast({ title: 'Status Updated', description: `${name} is now ${status}.` });
      await invalidateAppData(queryClient);
    },
    onError: (error) => toast({ title: 'Update Failed', description: errorMessage(error), variant: 'destructive' }),
  });
}

/** Deletes one app after its confirmation. */
export function useDeleteApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: number; name: string }) => sendJson<unknown>('DELETE', `${APPS_URL}/${id}`),
    onSuccess: async (_result, { name }) => {
      toast({ title: 'App Deleted', description: `${name} has been deleted.` });
      await invalidateAppData(queryClient);
    },
    onError: (error) => toast({ title: 'Delete Failed', description: errorMessage(error), variant: 'destructive' }),
  });
}

/** What a bulk delete removes: listed apps, or every app matching the search and status (counted when chosen). */
export type BulkDeleteSelection = { ids: number[] } | { matching: AdminBulkDeleteMatching; count: number };

const selectionSize = (selection: BulkDeleteSelection) => ('ids' in selection ? selection.ids.length : selection.count);

/**
 * Deletes the selected apps in one call. One toast is visible at a time (spec §9), so the
 * "Bulk Delete Started" toast stays and reports the outcome when the call returns.
 */
export function useBulkDeleteApps() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (selection: BulkDeleteSelection) =>
      sendJson<BulkDeleteResponse>(
        'POST',
        `${APPS_URL}/bulk-delete`,
        'ids' in selection ? { ids: selection.ids } : { matching: selection.matching },
      ),
    onMutate: (selection) => ({
      progress: toast({
        title: 'Bulk Delete Started',
        description: `Deleting ${plural(selectionSize(selection), 'application')}...`,
      }),
    }),
    onSuccess: async (result, selection, context) => {
      context?.progress.update({ description: `${plural(result?.deleted ?? selectionSize(selection), 'application')} deleted.` });
      await invalidateAppData(queryClient);
    },
    onError: (error) => toast({ title: 'Delete Failed', description: errorMessage(error), variant: 'destructive' }),
  });
}

function plural(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}

/** Keeps the oldest app per name and deletes the rest (spec §5 Confirmations). */
export function useRemoveDuplicates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<RemoveDuplicatesResponse>('POST', '/api/admin/remove-duplicates'),
    onSuccess: async (result) => {
      toast({ title: 'Duplicates Removed', description: `Removed ${result.removed} duplicate apps, kept ${result.kept}.` });
      await invalidateAppData(queryClient);
    },
    onError: () =>
      toast({ title: 'Error', description: 'Failed to remove duplicates. Please try again.', variant: 'destructive' }),
  });
}

/** "Create New App". Failures stay in the dialog (field messages), so no toast here. */
export function useCreateApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminAppCreate) => sendJson<AdminApp>('POST', APPS_URL, body),
    onSuccess: (app) => {
      toast({ title: 'App Created', description: `${app.name} was added as ${app.status}.` });
      // Not awaited: the form closes as soon as the server has the write, so the confirmation is seen whatever the
      // lists' refresh takes (awaited, a refresh slower than the toast hid both in the closing dialog).
      void invalidateAppData(queryClient);
    },
  });
}

/** The edit form's save (spec §7 PUT); on success the admin lists are refreshed. */
export function useUpdateApp(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminAppFormInput) => sendJson<AdminApp>('PUT', `${APPS_URL}/${id}`, body),
    onSuccess: (app) => {
      queryClient.setQueryData([...adminQueryKeys.adminApp, id], app);
      // Not awaited: "App Updated" is said as soon as the server has the write, not after every list is refreshed.
      void invalidateAppData(queryClient);
    },
  });
}
