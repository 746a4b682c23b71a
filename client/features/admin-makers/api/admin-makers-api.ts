import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { AdminClaim, AdminProposal, ProposalStatus } from '@shared/schemas/claim';

const [PROPOSALS_KEY] = queryKeys.adminProposals;
const [CLAIMS_KEY] = queryKeys.adminClaims;

/** Makers' proposals of one status. */
export function useAdminProposals(status: ProposalStatus) {
  return useQuery({ queryKey: [PROPOSALS_KEY, status], queryFn: () => getJson<AdminProposal[]>(`${PROPOSALS_KEY}?status=${status}`) });
}

/** Approves (applies) or rejects (with a reason the maker sees) a proposal. */
export function useDecideProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, reason }: { id: number; status: 'approved' | 'rejected'; reason?: string }) => sendJson('PATCH', `${PROPOSALS_KEY}/${id}`, { status, reason: reason || undefined }),
    // An approval changes the listing: every admin list may show it.
    onSettled: () => queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/admin') }),
  });
}

/** Verified and revoked claims. */
export function useAdminClaims() {
  return useQuery({ queryKey: [CLAIMS_KEY], queryFn: () => getJson<AdminClaim[]>(CLAIMS_KEY) });
}

/** Revokes a claim: its management link stops working. */
export function useRevokeClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => sendJson<AdminClaim>('POST', `${CLAIMS_KEY}/${id}/revoke`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [CLAIMS_KEY] }),
  });
}
