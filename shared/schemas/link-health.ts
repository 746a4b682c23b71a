import { z } from './zod';

/** Health states of an app's link (issue 13), computed from its recent checks. */
export const HEALTH_STATES = ['ok', 'redirected', 'moved', 'parked', 'changed', 'unreachable', 'dead'] as const;
export type HealthState = (typeof HEALTH_STATES)[number];
/** The states the problems queue lists (everything but `ok`). */
export const PROBLEM_STATES = HEALTH_STATES.filter((state) => state !== 'ok') as Exclude<HealthState, 'ok'>[];

/** Human labels of the states, for the admin view and notifications. */
export const HEALTH_STATE_LABELS: Record<HealthState, string> = {
  ok: 'OK',
  redirected: 'Redirected',
  moved: 'Moved',
  parked: 'Parked',
  changed: 'Changed',
  unreachable: 'Unreachable',
  dead: 'Dead',
};

/** One stored visit of an app's URL, as evidence. */
export interface LinkCheckEvidence {
  checkedAt: string;
  url: string;
  httpStatus: number | null;
  finalUrl: string | null;
  redirectChain: string[];
  responseTimeMs: number;
  title: string | null;
  failure: string | null;
  failureMessage: string | null;
  parkedMarker: string | null;
}

/** Why the state was computed, with the latest checks. */
export interface HealthEvidence {
  /** One sentence for the curator ("Redirects to another site: example.org"). */
  summary: string;
  /** The URL the app could be updated to (redirected/moved). */
  suggestedUrl: string | null;
  checks: LinkCheckEvidence[];
}

/** `GET /api/admin/health` row. */
export interface HealthEntry {
  appId: number;
  name: string;
  url: string;
  state: HealthState;
  checkedAt: string;
  evidence: HealthEvidence;
  status: string;
  defunct: boolean;
}

/** `GET /api/admin/health?state=…&all=…` query: a state filter; problems only unless `all`. */
export const healthListQuerySchema = z.object({
  state: z.enum(HEALTH_STATES, { error: `state must be one of ${HEALTH_STATES.join(', ')}` }).optional(),
  includeDismissed: z
    .enum(['true', 'false'], { error: 'includeDismissed must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});

/** `POST /api/admin/health/run {ids?}`: check these apps now, or every published app. */
export const healthRunSchema = z.object({
  ids: z
    .array(z.number({ error: 'ids must be app ids' }).int('ids must be whole numbers').positive('ids must be positive'), {
      error: 'ids must be a list of app ids',
    })
    .min(1, 'ids must not be empty')
    .max(10_000, 'At most 10,000 apps per run')
    .optional(),
});
export type HealthRunInput = z.output<typeof healthRunSchema>;

/** Counts per state of a finished run. */
export type HealthCounts = Record<HealthState, number>;

/**
 * A run stopped because the checker itself could not reach the web: most checks failed the same
 * way (every host unresolvable, refused or timing out), so no app's state was changed.
 */
export interface CheckerFailure {
  /** The shared failure: `unresolvable`, `network` or `timeout`. */
  failure: string;
  /** How many of the sampled checks failed that way. */
  failed: number;
  sampled: number;
  message: string;
}

/** `POST /api/admin/health/run` answer. */
export interface HealthRunResult {
  checked: number;
  counts: HealthCounts;
  stopped: boolean;
  /** Set when the run stopped because the checker, not the sites, failed; nothing was stored. */
  checkerFailure: CheckerFailure | null;
}

/** How the last finished run ended, for the Health view. */
export interface HealthLastRun {
  finishedAt: string;
  checked: number;
  checkerFailure: CheckerFailure | null;
}

/** Live progress of a run, as `GET /api/admin/health/status` and the `health_progress` socket event give it. */
export interface HealthRunProgress {
  running: boolean;
  startedAt: string | null;
  done: number;
  total: number;
  problems: number;
  stopRequested: boolean;
}

/** `GET /api/admin/health/summary`: counts per state (problems exclude dismissed ones) and the run. */
export interface HealthSummary {
  counts: HealthCounts;
  problems: number;
  openReports: number;
  run: HealthRunProgress;
  /** The last finished run (null before the first). */
  lastRun: HealthLastRun | null;
  nextRunAt: string | null;
  intervalMinutes: number;
  concurrency: number;
}

/** Curator actions on a problem. */
export const HEALTH_ACTIONS = ['accept_url', 'reextract', 'unpublish', 'mark_defunct', 'restore', 'dismiss'] as const;
export type HealthAction = (typeof HEALTH_ACTIONS)[number];

/** `POST /api/admin/health/:id/action {action}`. */
export const healthActionSchema = z.object({
  action: z.enum(HEALTH_ACTIONS, { error: `action must be one of ${HEALTH_ACTIONS.join(', ')}` }),
});

/** Link-health settings: minutes between scheduled runs and the global number of parallel checks. */
export const HEALTH_INTERVAL_CHOICES = [
  { minutes: 360, label: 'Every 6 hours' },
  { minutes: 720, label: 'Every 12 hours' },
  { minutes: 1440, label: 'Daily' },
  { minutes: 10080, label: 'Weekly' },
] as const;
export const DEFAULT_HEALTH_INTERVAL_MINUTES = 1440;
export const DEFAULT_HEALTH_CONCURRENCY = 8;

/** `POST /api/admin/health/settings`. */
export const healthSettingsSchema = z.object({
  intervalMinutes: z.coerce
    .number({ error: 'Interval must be a positive whole number of minutes' })
    .int('Interval must be a positive whole number of minutes')
    .min(15, 'Interval must be at least 15 minutes')
    .max(525_600, 'Interval must be at most one year'),
  concurrency: z.coerce
    .number({ error: 'Concurrency must be a whole number from 1 to 32' })
    .int('Concurrency must be a whole number from 1 to 32')
    .min(1, 'Concurrency must be a whole number from 1 to 32')
    .max(32, 'Concurrency must be a whole number from 1 to 32'),
});
export type HealthSettings = z.output<typeof healthSettingsSchema>;

/** `POST /api/admin/health/:id/apply` body: the reviewed result of a re-extraction. */
export const applyExtractionSchema = z.object({
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .max(2000, 'Description must be at most 2,000 characters'),
  longDescription: z.string().max(10_000, 'Long description must be at most 10,000 characters').nullable().optional(),
  features: z
    .array(z.string().trim().min(1).max(300), { error: 'features must be a list of texts' })
    .max(50, 'At most 50 features')
    .optional(),
});
