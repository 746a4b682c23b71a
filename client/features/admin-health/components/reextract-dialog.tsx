import { useEffect } from 'react';
import { Button } from '@client/components/ui/button';
import { Dialog } from '@client/components/ui/dialog';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { LoadFailure } from './query-states';
import { failureMessage, useApplyExtraction, useReextract } from '../api/health-api';
import { countOf } from '@shared/pluralize';

/** Re-reads the app's page like discovery does and shows the proposal next to the listing, for review. */
export function ReextractDialog({ appId, name, onClose }: { appId: number; name: string; onClose: () => void }) {
  const reextract = useReextract();
  const apply = useApplyExtraction();
  const { mutate } = reextract;
  useEffect(() => mutate(appId), [appId, mutate]);
  const proposal = reextract.data;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Re-extract ${name}`}
      description="What the site says now, next to the listing. Apply to update the listing."
      className="max-w-2xl"
    >
      {reextract.isPending ? (
        <Spinner label="Reading the page..." />
      ) : reextract.isError ? (
        <LoadFailure error={reextract.error} />
      ) : proposal ? (
        <div className="grid gap-3 text-sm">
          <div className="grid gap-3 sm:grid-cols-2">
            <section aria-label="Current listing" className="rounded-md bg-slate-50 p-3">
              <h3 className="font-semibold">Listing now</h3>
              <p className="mt-1">{proposal.current.description}</p>
            </section>
            <section aria-label="Extracted from the site" className="rounded-md bg-emerald-50 p-3">
              <h3 className="font-semibold">Site says</h3>
              <p className="mt-1">{proposal.extracted.description}</p>
              {proposal.extracted.features.length > 0 ? (
                <p className="mt-1 text-slate-700">{countOf(proposal.extracted.features.length, 'feature')}</p>
              ) : null}
            </section>
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button
              disabled={apply.isPending || !proposal.extracted.description}
              onClick={() =>
                apply.mutate(
                  {
                    appId,
                    values: {
                      description: proposal.extracted.description,
                      longDescription: proposal.extracted.longDescription,
                      features: proposal.extracted.features,
                    },
                  },
                  {
                    onSuccess: () => {
                      toast({ title: 'Listing updated', description: name });
                      onClose();
                    },
                    onError: (error) =>
                      toast({ title: 'Update failed', description: failureMessage(error), variant: 'destructive' }),
                  },
                )
              }
            >
              Apply changes
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
