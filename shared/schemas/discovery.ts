import { z } from './zod';

/** The message every malformed discovery URL gets (spec §5 Manual discovery URL). */
export const INVALID_URL_MESSAGE = 'Invalid URL';

/** True for an absolute http(s) URL with a host. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const discoveryUrl = z
  .string({ error: INVALID_URL_MESSAGE })
  .trim()
  .min(1, INVALID_URL_MESSAGE)
  .max(2048, INVALID_URL_MESSAGE)
  .refine(isHttpUrl, INVALID_URL_MESSAGE);

/** `POST /api/admin/discover` and `POST /api/discover-app`. */
export const discoverRequestSchema = z.object({ url: discoveryUrl }, { error: INVALID_URL_MESSAGE });
export type DiscoverRequest = z.input<typeof discoverRequestSchema>;

export const SUBMISSION_NOTE_MAX = 1000;

/** `POST /api/discover-app` from the public "Submit a tool" page: the URL, and optionally who sends it and why. */
export const submissionSchema = z.object(
  {
    url: discoveryUrl,
    email: z
      .string({ error: 'E-mail must be text' })
      .trim()
      .max(254, 'E-mail must be at most 254 characters')
      .refine(
        (value) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
        'Enter a valid e-mail address, or leave it empty',
      )
      .optional()
      .nullable()
      .transform((value) => value || null),
    note: z
      .string({ error: 'Note must be text' })
      .trim()
      .max(SUBMISSION_NOTE_MAX, `Note must be at most ${SUBMISSION_NOTE_MAX.toLocaleString('en-US')} characters`)
      .optional()
      .nullable()
      .transform((value) => value || null),
  },
  { error: INVALID_URL_MESSAGE },
);
export type SubmissionInput = z.input<typeof submissionSchema>;

/** `POST /api/discover-app` → 202: the suggested app, waiting for a curator. */
export interface SubmissionResult {
  id: number;
  name: string;
  status: 'pending';
}

/** The `details` of a 409 to a submission: the app that is already there, and its page when it is public. */
export interface SubmissionDuplicate {
  existingId: number;
  name: string;
  /** The public page of the listed app; null while it waits for review. */
  path: string | null;
}

export const DISCOVERY_SOURCE_TYPES = ['rss', 'atom', 'sitemap', 'json'] as const;
export type DiscoverySourceType = (typeof DISCOVERY_SOURCE_TYPES)[number];

/** Labels of the source types, for the Settings screen. */
export const DISCOVERY_SOURCE_TYPE_LABELS: Record<DiscoverySourceType, string> = {
  rss: 'RSS feed',
  atom: 'Atom feed',
  sitemap: 'Sitemap',
  json: 'JSON list',
};

/** `POST /api/admin/discovery-sources`. */
export const discoverySourceInputSchema = z.object({
  url: discoveryUrl,
  type: z.enum(DISCOVERY_SOURCE_TYPES, { error: 'Type must be one of rss, atom, sitemap, json' }),
  enabled: z.boolean().optional().default(true),
});
export type DiscoverySourceInput = z.input<typeof discoverySourceInputSchema>;

/** `PATCH /api/admin/discovery-sources/:id`. */
export const discoverySourcePatchSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});

/** A configured feed, sitemap or JSON list the scheduled discovery reads. */
export interface DiscoverySource {
  id: number;
  url: string;
  type: DiscoverySourceType;
  enabled: boolean;
  lastRunAt: string | null;
  /** Why the last read failed; null when it succeeded. */
  lastError: string | null;
  createdAt: string;
}

/** `POST /api/admin/trigger-discovery` (spec §3 Trigger-discovery). */
export interface DiscoveryRunResult {
  /** New candidate URLs found in the enabled sources. */
  discovered: number;
  /** Apps created from them. */
  processed: number;
  /** Sources and pages that failed; the run log lists each of them. */
  errors: number;
  /** The first failure as the log words it, or null when nothing failed. */
  firstError: string | null;
}

/** `GET /api/admin/discovery-status`: the schedule as the Settings screen shows it. */
export interface DiscoveryStatus {
  /** When the next scheduled run is due; null when the scheduler has not planned one yet. */
  nextRunAt: string | null;
  /** True while a run holds the lock on any instance. */
  running: boolean;
  intervalMinutes: number;
  /** False when this deployment runs no scheduler (DISCOVERY_SCHEDULER=false). */
  schedulerEnabled: boolean;
}

/** `GET /api/admin/discovery-stats`: the four cards of the Discover view. */
export interface DiscoveryStats {
  /** Apps the discovery pipeline created (any status). */
  appsDiscovered: number;
  /** Share of candidate URLs that became apps, 0–100, over every logged discovery; null before the first. */
  successRate: number | null;
  /** Active categories an app can be filed under ("All" excluded). */
  categories: number;
  /** Apps waiting for review. */
  pendingReview: number;
}

/** `GET /api/admin/discovery-logs?limit=` (default 50). */
export const discoveryLogQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(200, 'limit must be at most 200')
    .optional()
    .default(50),
});
