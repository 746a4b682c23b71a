import { Skeleton } from '@client/components/ui/skeleton';
import { useDiscoveryLogs } from '../api/discovery-api';
import { errorMessage } from '@client/lib/api-client';
import { formatDuration, logDetailPreview, logDotColour, moreEntriesLabel, type LogDotColour } from '../lib/discovery-log';
import { LoadError } from '@client/components/ui/load-error';

const DOT_CLASSES: Record<LogDotColour, string> = {
  red: 'bg-red-600',
  green: 'bg-emerald-600',
  yellow: 'bg-amber-400',
};

const DOT_MEANING: Record<LogDotColour, string> = {
  red: 'Run with errors',
  green: 'Run processed apps',
  yellow: 'Run found nothing new',
};

/** The discovery runs, newest first, polled every 30 s (spec §9): a coloured dot, counts and the first details. */
export function DiscoveryLogPanel() {
  const logs = useDiscoveryLogs();
  if (logs.isPending) return <Skeleton className="h-32 w-full" />;
  if (logs.isError)
    return (
      <LoadError message={`Unable to load the activity log: ${errorMessage(logs.error)}`} onRetry={() => void logs.refetch()} />
    );
  if (logs.data.length === 0) return <p className="text-sm text-slate-600">No discovery runs yet.</p>;

  return (
    <ol className="grid gap-3 [&>*]:min-w-0" aria-label="Discovery runs">
      {logs.data.map((run) => {
        const colour = logDotColour(run);
        const { shown, more } = logDetailPreview(run.details);
        return (
          <li key={run.id} className="flex gap-3 rounded-lg border border-slate-200 p-3" data-dot={colour}>
            <span
              className={`mt-1.5 size-2.5 shrink-0 rounded-full ${DOT_CLASSES[colour]}`}
              role="img"
              aria-label={DOT_MEANING[colour]}
            />
            <div className="min-w-0 flex-1 text-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <p className="font-medium text-slate-900">
                  {run.discovered} discovered · {run.processed} processed · {run.errors} {run.errors === 1 ? 'error' : 'errors'}
                </p>
                <p className="text-xs text-slate-600">
                  <time dateTime={run.createdAt}>
                    {new Date(run.createdAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}
                  </time>{' '}
                  · {formatDuration(run.duration)}
                  {run.trigger ? ` · ${run.trigger}` : ''}
                </p>
              </div>
              {shown.length > 0 ? (
                <ul className="mt-1 grid gap-0.5 text-slate-700">
                  {shown.map((line, index) => (
                    <li key={index} className="truncate">
                      {line}
                    </li>
                  ))}
                </ul>
              ) : null}
              {more > 0 ? <p className="mt-0.5 text-xs text-slate-600">{moreEntriesLabel(more)}</p> : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
