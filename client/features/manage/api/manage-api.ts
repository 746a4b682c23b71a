import { getJson, sendJson } from '@client/lib/api-client';
import type { ManagedListing, Proposal, ProposalChanges } from '@shared/schemas/claim';

/** The maker's listing behind a management link. */
export function fetchManagedListing(secret: string): Promise<ManagedListing> {
  return getJson(`/api/manage/${encodeURIComponent(secret)}`);
}

/** Files proposed changes for a curator. */
export function proposeChanges(secret: string, changes: ProposalChanges): Promise<Proposal> {
  return sendJson('POST', `/api/manage/${encodeURIComponent(secret)}/proposals`, { changes });
}
