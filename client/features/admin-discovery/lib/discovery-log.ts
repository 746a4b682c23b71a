import { DISCOVERY_LOG_DETAIL_LINES } from '../../../../shared/constants';
import { countOf } from '@shared/pluralize';

export type LogDotColour = 'red' | 'green' | 'yellow';

/** Spec §9: red if the run had errors, green if it processed apps, otherwise yellow. */
export function logDotColour(run: { errors: number; processed: number }): LogDotColour {
  if (run.errors > 0) return 'red';
  if (run.processed > 0) return 'green';
  return 'yellow';
}

/** The first detail lines of a run and how many more there are ("+ N more entries"). */
export function logDetailPreview(details: readonly string[]): { shown: string[]; more: number } {
  return {
    shown: details.slice(0, DISCOVERY_LOG_DETAIL_LINES),
    more: Math.max(0, details.length - DISCOVERY_LOG_DETAIL_LINES),
  };
}

/** The line under a run's first detail lines: "+ 1 more entry", "+ 4 more entries". */
export function moreEntriesLabel(more: number): string {
  return `+ ${countOf(more, 'more entry', 'more entries')}`;
}

/** A run's duration for people: "850 ms", "12.3 s", "2 min 5 s". */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '0 ms';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds ? `${minutes} min ${seconds} s` : `${minutes} min`;
}
