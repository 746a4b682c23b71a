import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, KeyRound } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@client/components/ui/button';
import { queryKeys } from '@client/lib/query-keys';
import type { App } from '@shared/schemas/app';
import { fetchClaimStatus } from '../api/claims-api';

const loadDialog = () => import('./claim-dialog');
const ClaimDialog = lazy(loadDialog);

/**
 * "Claimed by its maker" when a maker proved control of the app's site, else "Claim this listing",
 * which opens the claim dialog (its own chunk).
 */
export function ClaimListing({ app }: { app: App }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const status = useQuery({ queryKey: [...queryKeys.claimStatus, app.id], queryFn: () => fetchClaimStatus(app.id) });
  const prefetch = () => void loadDialog().catch(() => undefined);
  if (!status.data) return null;
  return (
    <>
      {status.data.claimed ? (
        <p
          className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-900 ring-1 ring-brand-200"
          data-testid="claimed-by-maker"
        >
          <BadgeCheck className="size-4" aria-hidden="true" />
          Claimed by its maker
        </p>
      ) : (
        <Button
          variant="outline"
          onPointerEnter={prefetch}
          onFocus={prefetch}
          onClick={() => {
            setWanted(true);
            setOpen(true);
          }}
        >
          <KeyRound className="size-4" aria-hidden="true" />
          Claim this listing
        </Button>
      )}
      {/* Still mounted once the claim succeeded: the dialog shows the management link, this once. */}
      {wanted ? (
        <Suspense fallback={null}>
          <ClaimDialog app={app} open={open} setOpen={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
