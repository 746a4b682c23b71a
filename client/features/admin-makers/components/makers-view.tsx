import { useState } from 'react';
import { ProposalDiffTable } from '@client/components/proposal-diff-table';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { errorMessage } from '@client/lib/api-client';
import { formatLongDate } from '@shared/format';
import { PROPOSAL_REASON_MAX, PROPOSAL_STATUSES, type AdminProposal, type ProposalStatus } from '@shared/schemas/claim';
import { useAdminClaims, useAdminProposals, useDecideProposal, useRevokeClaim } from '../api/admin-makers-api';

const STATUS_LABELS: Record<ProposalStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

function ProposalItem({ proposal, decide }: { proposal: AdminProposal; decide: ReturnType<typeof useDecideProposal> }) {
  const [reason, setReason] = useState('');
  const act = (status: 'approved' | 'rejected') =>
    decide.mutate(
      { id: proposal.id, status, ...(status === 'rejected' && reason.trim() ? { reason: reason.trim() } : {}) },
      {
        onSuccess: () => toast({ title: status === 'approved' ? 'Proposal approved and applied' : 'Proposal rejected' }),
        onError: (error) => toast({ title: 'Decision failed', description: errorMessage(error), variant: 'destructive' }),
      },
    );
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4" data-testid="admin-proposal">
      <p className="text-sm text-slate-600">
        <span className="font-semibold text-slate-900">{proposal.appName}</span> #{proposal.appId} · proposed{' '}
        {formatLongDate(proposal.createdAt)}
      </p>
      {proposal.reason ? <p className="mt-1 text-sm text-slate-700">Reason: {proposal.reason}</p> : null}
      <ProposalDiffTable diff={proposal.diff} rowTestId="admin-proposal-change" className="mt-2" />
      {proposal.status === 'pending' ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <Button size="sm" onClick={() => act('approved')} disabled={decide.isPending}>
            Approve and apply
          </Button>
          <Input
            aria-label={`Reason for rejecting the proposal for ${proposal.appName}`}
            placeholder="Reason (shown to the maker)"
            maxLength={PROPOSAL_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            className="h-9 w-72"
          />
          <Button size="sm" variant="outline" onClick={() => act('rejected')} disabled={decide.isPending}>
            Reject
          </Button>
        </div>
      ) : null}
    </li>
  );
}

function Claims() {
  const claims = useAdminClaims();
  const revoke = useRevokeClaim();
  if (claims.isPending) return <Spinner label="Loading claims..." />;
  if (claims.isError) return <p role="alert">{errorMessage(claims.error)}</p>;
  if (claims.data.length === 0) return <p className="text-slate-700">No listing has been claimed yet.</p>;
  return (
    <ul className="grid gap-2" aria-label="Claims">
      {claims.data.map((claim) => (
        <li
          key={claim.id}
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-3 text-sm"
          data-testid="admin-claim"
        >
          <span>
            <span className="font-semibold text-slate-900">{claim.appName}</span> #{claim.appId} ·{' '}
            {claim.method === 'meta' ? 'meta tag' : 'well-known file'} ·{' '}
            {claim.status === 'verified'
              ? `verified ${formatLongDate(claim.verifiedAt)}`
              : `revoked ${formatLongDate(claim.revokedAt)}`}
          </span>
          {claim.status === 'verified' ? (
            <Button
              size="sm"
              variant="outline"
              disabled={revoke.isPending}
              onClick={() =>
                revoke.mutate(claim.id, {
                  onSuccess: () => toast({ title: 'Claim revoked', description: 'Its management link no longer works.' }),
                  onError: (error) => toast({ title: 'Revoke failed', description: errorMessage(error), variant: 'destructive' }),
                })
              }
            >
              Revoke<span className="sr-only"> the claim of {claim.appName}</span>
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Admin → Makers: proposals of verified makers as field-by-field diffs (approve applies them), and the claims. */
export function MakersView() {
  const [status, setStatus] = useState<ProposalStatus>('pending');
  const proposals = useAdminProposals(status);
  // Here, not in each item: a decided proposal leaves the list before its toast would show.
  const decide = useDecideProposal();
  return (
    <div className="grid gap-8">
      <section aria-labelledby="proposals-heading" className="grid gap-4">
        <h2 id="proposals-heading" className="text-xl font-bold text-slate-900">
          Proposals
        </h2>
        <div role="group" aria-label="Filter proposals by status" className="flex gap-2">
          {PROPOSAL_STATUSES.map((value) => (
            <Button
              key={value}
              size="sm"
              variant={status === value ? 'default' : 'outline'}
              aria-pressed={status === value}
              onClick={() => setStatus(value)}
            >
              {STATUS_LABELS[value]}
            </Button>
          ))}
        </div>
        {proposals.isPending ? (
          <Spinner label="Loading proposals..." />
        ) : proposals.isError ? (
          <p role="alert">{errorMessage(proposals.error)}</p>
        ) : proposals.data.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-700">
            No {status} proposals.
          </p>
        ) : (
          <ul className="grid gap-3">
            {proposals.data.map((proposal) => (
              <ProposalItem key={proposal.id} proposal={proposal} decide={decide} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="claims-heading" className="grid gap-4">
        <h2 id="claims-heading" className="text-xl font-bold text-slate-900">
          Claimed listings
        </h2>
        <Claims />
      </section>
    </div>
  );
}
