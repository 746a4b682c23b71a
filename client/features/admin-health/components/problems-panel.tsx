import { ExternalLink, Play, Square } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { cn } from '@client/lib/cn';
import { formatLongDate } from '@shared/format';
import {
  HEALTH_STATE_LABELS,
  PROBLEM_STATES,
  type HealthAction,
  type HealthEntry,
  type HealthState,
  type HealthSummary,
} from '@shared/schemas/link-health';
import { EmptyState, LoadFailure } from './query-states';
import {
  failureMessage,
  useHealthAction,
  useHealthList,
  useHealthSummary,
  useRunHealthCheck,
  useStopHealthCheck,
} from '../api/health-api';
import { evidenceLabel, STATE_TONE } from '../lib/health-labels';
import { ReextractDialog } from './reextract-dialog';
import { countOf } from '@shared/pluralize';

/** The live state of a run: apps done of all, problems so far, and a Stop button. */
function RunControls({ summary }: { summary: HealthSummary | undefined }) {
  const run = useRunHealthCheck();
  const stop = useStopHealthCheck();
  const progress = summary?.run;
  const running = Boolean(progress?.running) || run.isPending;
  const start = () =>
    run.mutate(undefined, {
      onSuccess: (result) => {
        const problems = PROBLEM_STATES.reduce((sum, state) => sum + result.counts[state], 0);
        if (result.checkerFailure) {
          toast({ title: 'Link check stopped', description: result.checkerFailure.message, variant: 'destructive' });
          return;
        }
        toast({
          title: result.stopped ? 'Link check stopped' : 'Link check finished',
          description: `${countOf(result.checked, 'app')} checked, ${problems} with problems.`,
        });
      },
      onError: (error) => toast({ title: 'Link check failed', description: failureMessage(error), variant: 'destructive' }),
    });
  return (
    <div className="flex flex-wrap items-center gap-3">
      {running ? (
        <>
          <p role="status" aria-live="polite" className="text-sm text-slate-800" data-testid="health-progress">
            {progress?.running
              ? `Checking… ${progress.done} of ${countOf(progress.total, 'app')} done, ${countOf(progress.problems, 'problem')} so far`
              : 'Starting the link check…'}
            {progress?.stopRequested ? ' (stopping)' : ''}
          </p>
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              stop.mutate(undefined, {
                onError: (error) =>
                  toast({ title: 'Could not stop', description: failureMessage(error), variant: 'destructive' }),
              })
            }
            disabled={!progress?.running || progress.stopRequested}
          >
            <Square className="size-4" aria-hidden="true" /> Stop
          </Button>
        </>
      ) : (
        <Button onClick={start}>
          <Play className="size-4" aria-hidden="true" /> Check all links now
        </Button>
      )}
    </div>
  );
}

const ACTION_LABELS: Record<Exclude<HealthAction, 'reextract'>, string> = {
  accept_url: 'Accept new URL',
  unpublish: 'Unpublish',
  mark_defunct: 'Mark defunct',
  restore: 'Restore listing',
  dismiss: 'Dismiss',
};

function ProblemCard({ entry }: { entry: HealthEntry }) {
  const action = useHealthAction();
  const [confirming, setConfirming] = useState<'unpublish' | 'mark_defunct' | null>(null);
  const [reextracting, setReextracting] = useState(false);
  const act = (name: Exclude<HealthAction, 'reextract'>) =>
    action.mutate(
      { appId: entry.appId, action: name },
      {
        onSuccess: () => toast({ title: `${ACTION_LABELS[name]}: done`, description: entry.name }),
        onError: (error) => toast({ title: 'Action failed', description: failureMessage(error), variant: 'destructive' }),
      },
    );
  const headingId = `problem-${entry.appId}`;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4" aria-labelledby={headingId} data-testid="health-problem">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold text-slate-900">
            {entry.name} <span className="font-normal text-slate-600">#{entry.appId}</span>
          </h3>
          <a
            href={entry.url}
            target="_blank"
            rel="noreferrer noopener"
            className="inline-flex items-center gap-1 break-all text-sm text-brand-700 underline-offset-4 hover:underline"
          >
            {entry.url} <ExternalLink className="size-3" aria-hidden="true" />
          </a>
        </div>
        <div className="flex items-center gap-2">
          {entry.defunct ? (
            <span className="rounded-full bg-slate-800 px-2.5 py-0.5 text-xs font-semibold text-white">Defunct</span>
          ) : null}
          <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', STATE_TONE[entry.state])}>
            {HEALTH_STATE_LABELS[entry.state]}
          </span>
        </div>
      </div>
      <p className="mt-2 text-sm text-slate-800">{entry.evidence.summary}</p>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium text-slate-700">{evidenceLabel(entry.evidence.checks.length)}</summary>
        <ol className="mt-2 grid gap-2">
          {entry.evidence.checks.map((check) => (
            <li key={check.checkedAt} className="rounded-md bg-slate-50 p-2 text-slate-800">
              <p>
                {new Date(check.checkedAt).toLocaleString('en-US', { timeZone: 'UTC' })} UTC · HTTP {check.httpStatus ?? '—'} ·{' '}
                {check.responseTimeMs} ms
                {check.failureMessage ? ` · ${check.failureMessage}` : ''}
              </p>
              {check.redirectChain.length > 1 ? <p className="break-all">Redirects: {check.redirectChain.join(' → ')}</p> : null}
              {check.title ? <p>Title: “{check.title}”</p> : null}
              {check.parkedMarker ? <p>Parking marker: {check.parkedMarker}</p> : null}
            </li>
          ))}
        </ol>
      </details>
      <div className="mt-3 flex flex-wrap gap-2">
        {entry.evidence.suggestedUrl ? (
          <Button size="sm" onClick={() => act('accept_url')} disabled={action.isPending}>
            Accept new URL
          </Button>
        ) : null}
        <Button size="sm" variant="outline" onClick={() => setReextracting(true)}>
          Re-extract
        </Button>
        {entry.status === 'published' ? (
          <Button size="sm" variant="outline" onClick={() => setConfirming('unpublish')} disabled={action.isPending}>
            Unpublish
          </Button>
        ) : null}
        {entry.defunct ? (
          <Button size="sm" variant="outline" onClick={() => act('restore')} disabled={action.isPending}>
            Restore listing
          </Button>
        ) : (
          <Button size="sm" variant="outline" onClick={() => setConfirming('mark_defunct')} disabled={action.isPending}>
            Mark defunct
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={() => act('dismiss')} disabled={action.isPending}>
          Dismiss
        </Button>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming === 'unpublish' ? `Unpublish ${entry.name}?` : `Mark ${entry.name} defunct?`}
        description={
          confirming === 'unpublish'
            ? 'The app goes back to pending review and its page is no longer public.'
            : 'The page stays with a notice and links to alternatives; the app leaves trending and search.'
        }
        confirmLabel={confirming === 'unpublish' ? 'Unpublish' : 'Mark defunct'}
        onConfirm={() => confirming && act(confirming)}
      />
      {reextracting ? <ReextractDialog appId={entry.appId} name={entry.name} onClose={() => setReextracting(false)} /> : null}
    </li>
  );
}

/** The problems queue: counts per state as filters, the run controls, and each problem with its evidence and actions. */
export function ProblemsPanel() {
  const [state, setState] = useState<HealthState | null>(null);
  const summary = useHealthSummary();
  const list = useHealthList(state);
  const counts = summary.data?.counts;
  return (
    <div className="grid gap-4">
      <RunControls summary={summary.data} />
      <div role="group" aria-label="Filter by state" className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant={state === null ? 'default' : 'outline'}
          aria-pressed={state === null}
          onClick={() => setState(null)}
        >
          All problems ({summary.data?.problems ?? 0})
        </Button>
        {PROBLEM_STATES.map((value) => (
          <Button
            key={value}
            size="sm"
            variant={state === value ? 'default' : 'outline'}
            aria-pressed={state === value}
            onClick={() => setState(value)}
          >
            {HEALTH_STATE_LABELS[value]} ({counts?.[value] ?? 0})
          </Button>
        ))}
      </div>
      {summary.data?.nextRunAt ? (
        <p className="text-sm text-slate-600">Next scheduled check: {formatLongDate(summary.data.nextRunAt)}</p>
      ) : null}
      {summary.data?.lastRun?.checkerFailure && !summary.data.run.running ? (
        <p
          role="alert"
          className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-950"
          data-testid="checker-failure"
        >
          <span className="font-semibold">The last link check stopped without changing any app.</span>{' '}
          {summary.data.lastRun.checkerFailure.message}
        </p>
      ) : null}
      {list.isPending ? (
        <Spinner label="Loading problems..." />
      ) : list.isError ? (
        <LoadFailure error={list.error} />
      ) : list.data.length === 0 ? (
        // While a run goes, its results are not all in: "no problems" would be a claim nobody checked yet.
        <EmptyState>
          {summary.data?.run.running
            ? 'No problems found so far: the link check is still running.'
            : 'No problems found. Every checked link looks fine.'}
        </EmptyState>
      ) : (
        <ul className="grid gap-3" aria-label="Problems">
          {list.data.map((entry) => (
            <ProblemCard key={entry.appId} entry={entry} />
          ))}
        </ul>
      )}
    </div>
  );
}
