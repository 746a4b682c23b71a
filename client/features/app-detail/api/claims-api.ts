import { getJson, sendJson } from '@client/lib/api-client';
import type { ClaimCreated, ClaimMethod, ClaimStatus, ClaimVerified } from '@shared/schemas/claim';

/** Whether the listing is claimed by its maker. */
export function fetchClaimStatus(appId: number): Promise<ClaimStatus> {
  return getJson(`/api/apps/${appId}/claim`);
}

/** Starts a claim: the token to publish and where. */
export function startClaim(appId: number, method: ClaimMethod): Promise<ClaimCreated> {
  return sendJson('POST', `/api/apps/${appId}/claims`, { method });
}

/** Asks Aitlas to look for the token; resolves to the management link (shown once). */
export function verifyClaim(claimId: number): Promise<ClaimVerified> {
  return sendJson('POST', `/api/claims/${claimId}/verify`);
}
