import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Dialog } from '@client/components/ui/dialog';
import { ApiError, errorMessage } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { App } from '@shared/schemas/app';
import { CLAIM_WELL_KNOWN_PATH, type ClaimAttempt, type ClaimCreated, type ClaimMethod } from '@shared/schemas/claim';
import { startClaim, verifyClaim } from '../api/claims-api';
import { DialogFormFooter } from './dialog-form-footer';

function attemptOf(error: unknown): ClaimAttempt | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  return ((error.body?.error?.details as { fetched?: ClaimAttempt } | undefined)?.fetched ?? null) as ClaimAttempt | null;
}

/**
 * The claim of a listing: the maker picks where to publish a token (a meta tag on the listed URL or
 * the well-known file), publishes it, and asks Aitlas to verify; a verified claim shows the private
 * management link once. Loaded with the first click on "Claim this listing".
 */
export default function ClaimDialog({ app, open, setOpen }: { app: App; open: boolean; setOpen: (open: boolean) => void }) {
  const [method, setMethod] = useState<ClaimMethod>('meta');
  const [claim, setClaim] = useState<ClaimCreated | null>(null);
  const [manageUrl, setManageUrl] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const start = useMutation({ mutationFn: () => startClaim(app.id, method), onSuccess: setClaim });
  const verify = useMutation({
    mutationFn: () => verifyClaim(claim?.id ?? 0),
    onSuccess: (result) => {
      setManageUrl(result.manageUrl);
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.claimStatus, app.id] });
    },
  });
  const attempt = attemptOf(verify.error);

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={`Claim ${app.name}`}
      description="Prove that you run this tool's website, then correct its listing through a private link."
    >
      {manageUrl ? (
        <div className="grid gap-3" role="status">
          <p className="font-semibold text-emerald-900">Verified! This listing is now claimed by its maker.</p>
          <p className="text-sm text-slate-700">
            Your private management link is shown only this once. Keep it safe: anyone with it can propose changes to the listing.
          </p>
          <a
            href={manageUrl}
            className="break-all rounded-md bg-slate-100 p-3 font-mono text-sm text-brand-800 underline"
            data-testid="manage-url"
          >
            {manageUrl}
          </a>
        </div>
      ) : claim ? (
        <div className="grid gap-3">
          <p className="text-sm text-slate-800">{claim.instructions}</p>
          <p className="text-sm font-semibold text-slate-900">Your token</p>
          <code className="break-all rounded-md bg-slate-100 p-3 font-mono text-sm" data-testid="claim-token">
            {claim.token}
          </code>
          {verify.isError ? (
            <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-950">
              <p className="font-semibold">Not verified yet.</p>
              <p>{errorMessage(verify.error)}</p>
              {attempt ? (
                <p className="mt-1 break-all text-xs">
                  Fetched: {attempt.hops.join(' → ') || attempt.url}
                  {attempt.httpStatus !== null ? ` (HTTP ${attempt.httpStatus})` : ''}
                </p>
              ) : null}
            </div>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Later
            </Button>
            <Button onClick={() => verify.mutate()} disabled={verify.isPending}>
              {verify.isPending ? 'Checking your site…' : 'Verify'}
            </Button>
          </div>
        </div>
      ) : (
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!start.isPending) start.mutate();
          }}
        >
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-semibold text-slate-900">Where will you publish the token?</legend>
            <label className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name="claim-method"
                checked={method === 'meta'}
                onChange={() => setMethod('meta')}
                className="mt-0.5 size-4 accent-brand-600"
              />
              <span>A meta tag in the page at {app.url}</span>
            </label>
            <label className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name="claim-method"
                checked={method === 'well-known'}
                onChange={() => setMethod('well-known')}
                className="mt-0.5 size-4 accent-brand-600"
              />
              <span>A text file at {CLAIM_WELL_KNOWN_PATH} on that site</span>
            </label>
          </fieldset>
          <DialogFormFooter
            error={start.isError ? errorMessage(start.error) : null}
            onCancel={() => setOpen(false)}
            busy={start.isPending}
            submitLabel="Get my token"
          />
        </form>
      )}
    </Dialog>
  );
}
