import { z } from './zod';

/** Largest accepted interval: one year. */
export const SYNC_INTERVAL_MAX_MINUTES = 525_600;
export const SYNC_INTERVAL_MESSAGE = 'Interval must be a positive whole number of minutes';

/**
 * `POST /api/admin/sync-interval` body (spec §5 Sync interval: saved only if greater than 0). Whole
 * minutes; a numeric string from a select is accepted. The product offers SYNC_INTERVAL_CHOICES.
 */
export const syncIntervalSchema = z.object({
  intervalMinutes: z.preprocess(
    (value) => (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value),
    z
      .number({ error: SYNC_INTERVAL_MESSAGE })
      .int(SYNC_INTERVAL_MESSAGE)
      .positive(SYNC_INTERVAL_MESSAGE)
      .max(SYNC_INTERVAL_MAX_MINUTES, 'Interval must be at most one year'),
  ),
});
export type SyncIntervalInput = z.input<typeof syncIntervalSchema>;

/** `GET`/`POST /api/admin/sync-interval` response (spec §3 Sync interval setting). */
export interface SyncIntervalResponse {
  intervalMinutes: number;
}

/** One run of discovery as `GET /api/admin/discovery-logs` lists it, newest first (spec §3 Discovery log). */
export interface DiscoveryLogEntry {
  id: number;
  createdAt: string;
  /** Milliseconds the run took. */
  duration: number;
  discovered: number;
  processed: number;
  errors: number;
  details: string[];
  /** What started the run: schedule, manual, submission. */
  trigger: string;
}
