import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '@client/lib/api-client';
import { adminQueryKeys } from '@client/lib/admin-query-keys';
import type { AdminClaim, AdminProposal, ProposalStatus } from '@shared/schemas/claim';

const [PROPOSALS_URL] = adminQueryKeys.adminProposals;
const [CLAIMS_URL] = adminQueryKeys.adminClaims;

/** Makers' proposals of one status. */
export function useAdminProposals(status: ProposalStatus) {
  return useQuery({
    queryKey: [...adminQueryKeys.adminProposals, status],
    queryFn: () => getJson<AdminProposal[]>(`${PROPOSALS_URL}?status=${status}`),
  });
}

/** Approves (applies) or rejects (with a reason the maker sees) a proposal. */
export function useDecideProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, reason }: { id: number; status: 'approved' | 'rejected'; reason?: string }) =>
      sendJson('PATCH', `${PROPOSALS_URL}/${id}`, { status, reason: reason || undefined }),
    // An approval changes the listing: every admin list may show it.
    onSettled: () => queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/admin') }),
  });
}

/** Verified and revoked claims. */
export function useAdminClaims() {
  return useQuery({ queryKey: adminQueryKeys.adminClaims, queryFn: () => getJson<AdminClaim[]>(CLAIMS_URL) });
}

/** Revokes a claim: its management link stops working. */
export function useRevokeClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => sendJson<AdminClaim>('POST', `${CLAIMS_URL}/${id}/revoke`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.adminClaims }),
  });
}
