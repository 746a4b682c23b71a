import type { HealthState } from '@shared/schemas/link-health';
import { countOf } from '@shared/pluralize';

/** Colours of the state badges (text on tinted background, WCAG AA contrast). */
export const STATE_TONE: Record<HealthState, string> = {
  ok: 'bg-emerald-100 text-emerald-900',
  redirected: 'bg-sky-100 text-sky-900',
  moved: 'bg-violet-100 text-violet-900',
  parked: 'bg-amber-100 text-amber-900',
  changed: 'bg-indigo-100 text-indigo-900',
  unreachable: 'bg-orange-100 text-orange-900',
  dead: 'bg-red-100 text-red-900',
};

/** The evidence disclosure's summary: "Evidence (1 check)", "Evidence (3 checks)". */
export function evidenceLabel(checks: number): string {
  return `Evidence (${countOf(checks, 'check')})`;
}
