import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '@client/lib/api-client';
import { adminQueryKeys } from '@client/lib/admin-query-keys';
import type { AdminReview, ReviewStatus } from '@shared/schemas/review';

const [ADMIN_REVIEWS_URL] = adminQueryKeys.adminReviews;

/** The review queue of one status. */
export function useAdminReviews(status: ReviewStatus) {
  return useQuery({
    queryKey: [...adminQueryKeys.adminReviews, status],
    queryFn: () => getJson<AdminReview[]>(`${ADMIN_REVIEWS_URL}?status=${status}`),
  });
}

/** Approves or rejects one review or a selection (a rejection may carry a reason the author sees). */
export function useModerateReviews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, status, reason }: { ids: number[]; status: 'approved' | 'rejected'; reason?: string }) =>
      ids.length === 1
        ? sendJson<AdminReview>('PATCH', `${ADMIN_REVIEWS_URL}/${ids[0]}`, { status, reason: reason || undefined }).then(() => ({
            updated: 1,
          }))
        : sendJson<{ updated: number }>('POST', `${ADMIN_REVIEWS_URL}/bulk`, { ids, status, reason: reason || undefined }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.adminReviews }),
  });
}
