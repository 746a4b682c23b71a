import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '@client/lib/api-client';
import { adminQueryKeys } from '@client/lib/admin-query-keys';
import type { AdminTask } from '@shared/schemas/tasks';

const [ADMIN_TASKS_URL] = adminQueryKeys.adminTasks;

/** Every task page with enough apps, hidden ones too. */
export function useAdminTasks() {
  return useQuery({ queryKey: adminQueryKeys.adminTasks, queryFn: () => getJson<AdminTask[]>(ADMIN_TASKS_URL) });
}

/** Hides or shows a task page, or writes its intro (null: the generated one). */
export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, patch }: { slug: string; patch: { hidden?: boolean; intro?: string | null } }) =>
      sendJson<AdminTask>('PATCH', `${ADMIN_TASKS_URL}/${encodeURIComponent(slug)}`, patch),
    onSuccess: (updated) => {
      queryClient.setQueryData<AdminTask[]>(adminQueryKeys.adminTasks, (list) =>
        list?.map((task) => (task.slug === updated.slug ? updated : task)),
      );
    },
  });
}
