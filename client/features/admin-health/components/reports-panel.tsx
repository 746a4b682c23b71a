import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { REPORT_REASON_LABELS, REPORT_STATUSES, type ReportStatus } from '@shared/schemas/report';
import { EmptyState, LoadFailure } from './query-states';
import { failureMessage, useReportGroups, useUpdateReports } from '../api/health-api';

const STATUS_LABELS: Record<ReportStatus, string> = { open: 'Open', resolved: 'Resolved', dismissed: 'Dismissed' };

/** Visitor reports grouped by app, with resolve/dismiss per report and for a selection. */
export function ReportsPanel() {
  const [status, setStatus] = useState<ReportStatus>('open');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const groups = useReportGroups(status);
  const update = useUpdateReports();
  const close = (ids: number[], next: 'resolved' | 'dismissed') =>
    update.mutate(
      { ids, status: next },
      {
        onSuccess: () => {
          setSelected(new Set());
          toast({ title: `${ids.length} report${ids.length === 1 ? '' : 's'} ${next}` });
        },
        onError: (error) => toast({ title: 'Update failed', description: failureMessage(error), variant: 'destructive' }),
      },
    );
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <div role="group" aria-label="Filter reports by status" className="flex gap-2">
          {REPORT_STATUSES.map((value) => (
            <Button
              key={value}
              size="sm"
              variant={status === value ? 'default' : 'outline'}
              aria-pressed={status === value}
              onClick={() => {
                setStatus(value);
                setSelected(new Set());
              }}
            >
              {STATUS_LABELS[value]}
            </Button>
          ))}
        </div>
        {status === 'open' && selected.size > 0 ? (
          <div className="ml-auto flex gap-2">
            <Button size="sm" onClick={() => close([...selected], 'resolved')} disabled={update.isPending}>
              Resolve selected ({selected.size})
            </Button>
            <Button size="sm" variant="outline" onClick={() => close([...selected], 'dismissed')} disabled={update.isPending}>
              Dismiss selected
            </Button>
          </div>
        ) : null}
      </div>
      {groups.isPending ? (
        <Spinner label="Loading reports..." />
      ) : groups.isError ? (
        <LoadFailure error={groups.error} />
      ) : groups.data.length === 0 ? (
        <EmptyState>No {status} reports.</EmptyState>
      ) : (
        <ul className="grid gap-3" aria-label="Reports by app">
          {groups.data.map((group) => (
            <li key={group.appId} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="report-group">
              <h3 className="font-semibold text-slate-900">
                {group.name} <span className="font-normal text-slate-600">#{group.appId}</span>{' '}
                <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
                  {group.reports.length} report{group.reports.length === 1 ? '' : 's'}
                </span>
              </h3>
              <ul className="mt-2 grid gap-2">
                {group.reports.map((report) => (
                  <li key={report.id} className="flex flex-wrap items-start gap-3 rounded-md bg-slate-50 p-2 text-sm">
                    {status === 'open' ? (
                      <input
                        type="checkbox"
                        className="mt-1 size-4"
                        aria-label={`Select report ${report.id} (${REPORT_REASON_LABELS[report.reason]})`}
                        checked={selected.has(report.id)}
                        onChange={() => toggle(report.id)}
                      />
                    ) : null}
                    <div className="min-w-0 flex-1">
                      <p className="font-medium text-slate-900">{REPORT_REASON_LABELS[report.reason]}</p>
                      {report.note ? <p className="whitespace-pre-wrap break-words text-slate-800">{report.note}</p> : null}
                      <p className="text-xs text-slate-600">
                        {new Date(report.createdAt).toLocaleString('en-US', { timeZone: 'UTC' })} UTC
                      </p>
                    </div>
                    {status === 'open' ? (
                      <div className="flex gap-2">
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => close([report.id], 'resolved')}
                          disabled={update.isPending}
                        >
                          Resolve
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => close([report.id], 'dismissed')}
                          disabled={update.isPending}
                        >
                          Dismiss
                        </Button>
                      </div>
                    ) : null}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
