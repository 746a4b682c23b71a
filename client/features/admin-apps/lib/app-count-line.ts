import { countOf } from '@shared/pluralize';

/**
 * The All Apps count line: which apps of the matching ones this page shows, e.g. "Showing 1–24 of 240 applications";
 * with a search or status filter, how many apps there are in all ("Showing 1–24 of 57 matching applications
 * (240 in all)").
 */
export function appCountLine({
  offset,
  shown,
  matching,
  total,
  filtered,
}: {
  offset: number;
  shown: number;
  matching: number;
  total?: number | undefined;
  filtered: boolean;
}): string {
  const format = (value: number) => value.toLocaleString('en-US');
  const inAll = filtered && total !== undefined ? ` (${format(Math.max(total, matching))} in all)` : '';
  if (matching === 0 || shown === 0) return `${filtered ? 'No applications match' : 'No applications'}${inAll}`;
  const first = offset + 1;
  const last = offset + shown;
  const range = first === last ? format(first) : `${format(first)}–${format(last)}`;
  return `Showing ${range} of ${countOf(matching, filtered ? 'matching application' : 'application', filtered ? 'matching applications' : 'applications', format)}${inAll}`;
}
