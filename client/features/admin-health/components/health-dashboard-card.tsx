import { HeartPulse } from 'lucide-react';
import { Card } from '@client/components/ui/card';
import { HEALTH_STATE_LABELS, PROBLEM_STATES } from '@shared/schemas/link-health';
import { useHealthSummary } from '../api/health-api';
import { countOf } from '@shared/pluralize';

/** Dashboard card: link problems per state and open reports, with a way into the Health view. */
export function HealthDashboardCard({ onOpen }: { onOpen: () => void }) {
  const summary = useHealthSummary();
  const data = summary.data;
  return (
    <Card className="p-5" data-testid="health-card">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 className="text-sm font-medium text-slate-600">Link health</h2>
          <p className="mt-1 text-2xl font-bold tabular-nums text-slate-900">{data ? countOf(data.problems, 'problem') : '…'}</p>
          <p className="mt-1 text-xs text-slate-600">
            {data ? `${data.counts.ok} OK · ${data.openReports} open reports` : 'Loading'}
          </p>
        </div>
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <HeartPulse className="size-5" aria-hidden="true" />
        </span>
      </div>
      {data ? (
        <ul className="mt-3 flex flex-wrap gap-2 text-xs" aria-label="Problems per state">
          {PROBLEM_STATES.map((state) => (
            <li key={state} className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-800">
              {HEALTH_STATE_LABELS[state]}: {data.counts[state]}
            </li>
          ))}
        </ul>
      ) : null}
      <button
        type="button"
        onClick={onOpen}
        className="mt-3 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        Open Health
      </button>
    </Card>
  );
}
