import type { App } from '@shared/schemas/app';
import {
  PROPOSAL_FIELD_LABELS,
  PROPOSAL_FIELDS,
  type AdminClaim,
  type ClaimMethod,
  type ManagedListing,
  type Proposal,
  type ProposalChanges,
} from '@shared/schemas/claim';
import { appPath } from '@shared/slug';
import type { ClaimRow, ProposalRow } from './claims.repository';

/** A proposal with its field-by-field diff (the listing's values when it was proposed against the proposed ones). */
export function presentProposal(row: ProposalRow): Proposal {
  const changes = row.changes as ProposalChanges;
  const previous = row.previous as Record<string, unknown>;
  return {
    id: row.id,
    appId: row.appId,
    status: row.status,
    reason: row.reason,
    diff: PROPOSAL_FIELDS.filter((field) => field in changes).map((field) => ({
      field,
      label: PROPOSAL_FIELD_LABELS[field],
      before: previous[field] ?? null,
      after: changes[field] ?? null,
    })),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** A claim as curators list it. */
export function presentAdminClaim(row: ClaimRow, appName: string): AdminClaim {
  return {
    id: row.id,
    appId: row.appId,
    appName,
    method: row.method as ClaimMethod,
    status: row.status,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The maker's private page: the listing, the claim, its proposals and the badge with a ready-to-paste snippet. */
export function presentManagedListing(app: App, claim: ClaimRow, proposals: ProposalRow[], publicUrl: string): ManagedListing {
  const badgeUrl = `${publicUrl}/badge/${app.id}.svg`;
  const pageUrl = `${publicUrl}${appPath(app)}`;
  const alt = `${app.name} is featured on Aitlas`.replace(/"/g, '&quot;');
  return {
    app,
    claim: { id: claim.id, method: claim.method as ClaimMethod, verifiedAt: (claim.verifiedAt ?? claim.createdAt).toISOString() },
    proposals: proposals.map(presentProposal),
    badge: { url: badgeUrl, snippet: `<a href="${pageUrl}"><img src="${badgeUrl}" alt="${alt}" height="54"></a>` },
  };
}
