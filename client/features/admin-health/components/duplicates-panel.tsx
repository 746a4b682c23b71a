import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import type { DuplicateCandidate } from '@shared/schemas/duplicate';
import { EmptyState, LoadFailure } from './query-states';
import { failureMessage, useDismissDuplicate, useDuplicates, useMergeApps } from '../api/health-api';
import { countOf } from '@shared/pluralize';

/** Advisory duplicate flags with their evidence, "Not a duplicate" (kept for good) and "Merge" (keeps the older app). */
export function DuplicatesPanel() {
  const duplicates = useDuplicates();
  const merge = useMergeApps();
  const dismiss = useDismissDuplicate();
  const notDuplicate = (pair: DuplicateCandidate) =>
    dismiss.mutate(
      { appId: pair.appId, duplicateOf: pair.duplicateOf },
      {
        onSuccess: () =>
          toast({
            title: 'Marked as not a duplicate',
            description: `"${pair.name}" and "${pair.duplicateOfName}" will not be flagged again.`,
          }),
        onError: (error) => toast({ title: 'Could not dismiss', description: failureMessage(error), variant: 'destructive' }),
      },
    );
  const [pending, setPending] = useState<DuplicateCandidate | null>(null);
  const confirmMerge = () => {
    if (!pending) return;
    const pair = pending;
    merge.mutate(
      { appId: pair.appId, into: pair.duplicateOf },
      {
        onSuccess: (result) =>
          toast({
            title: 'Apps merged',
            description: `"${pair.name}" was merged into "${pair.duplicateOfName}" (${countOf(result.moved.reports, 'report')} moved).`,
          }),
        onError: (error) => toast({ title: 'Merge failed', description: failureMessage(error), variant: 'destructive' }),
      },
    );
  };
  if (duplicates.isPending) return <Spinner label="Looking for duplicates..." />;
  if (duplicates.isError) return <LoadFailure error={duplicates.error} />;
  return (
    <div className="grid gap-3">
      <p className="text-sm text-slate-700">
        Advisory flags: nothing is changed until you merge. Merging keeps the older app and moves views, saves, tags and reports
        onto it; the merged page redirects to it.
      </p>
      {duplicates.data.length === 0 ? (
        <EmptyState>No likely duplicates.</EmptyState>
      ) : (
        <ul className="grid gap-3" aria-label="Possible duplicates">
          {duplicates.data.map((pair) => (
            <li
              key={`${pair.appId}:${pair.duplicateOf}`}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4"
              data-testid="duplicate-pair"
            >
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">
                  {pair.name} <span className="font-normal text-slate-600">#{pair.appId}</span> looks like {pair.duplicateOfName}{' '}
                  <span className="font-normal text-slate-600">#{pair.duplicateOf}</span>
                </p>
                <p className="text-sm text-slate-700">{pair.evidence.join(' · ')}</p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="ghost" onClick={() => notDuplicate(pair)} disabled={dismiss.isPending}>
                  Not a duplicate
                </Button>
                <Button size="sm" variant="outline" onClick={() => setPending(pair)} disabled={merge.isPending}>
                  Merge into #{pair.duplicateOf}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending ? `Merge "${pending.name}" into "${pending.duplicateOfName}"?` : 'Merge'}
        description="The duplicate is removed; its views, saves, tags and reports move to the app that stays, and its page redirects there."
        confirmLabel="Merge"
        onConfirm={confirmMerge}
      />
    </div>
  );
}
