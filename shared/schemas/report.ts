import { z } from './zod';

/** Why a visitor reports an app (issue 13). */
export const REPORT_REASONS = ['dead_link', 'wrong_info', 'duplicate', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  dead_link: 'Dead link',
  wrong_info: 'Wrong information',
  duplicate: 'Duplicate',
  spam: 'Spam or scam',
  other: 'Other',
};
export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_NOTE_MAX = 1000;
/** Open reports from which an app is flagged in All Apps. */
export const REPORT_FLAG_THRESHOLD = 2;

/** `POST /api/apps/{id}/report` body. */
export const reportCreateSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: `Reason must be one of ${REPORT_REASONS.join(', ')}` }),
  note: z
    .string({ error: 'Note must be text' })
    .max(REPORT_NOTE_MAX, `Note must be at most ${REPORT_NOTE_MAX.toLocaleString('en-US')} characters`)
    .optional()
    .nullable()
    .transform((value) => (value?.trim() ? value.trim() : null)),
});
export type ReportCreateInput = z.input<typeof reportCreateSchema>;

/** One report as the admin calls return it. */
export interface Report {
  id: number;
  appId: number;
  reason: ReportReason;
  note: string | null;
  status: ReportStatus;
  createdAt: string;
  resolvedAt: string | null;
}

/** `GET /api/admin/reports?status=…`. */
export const reportListQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES, { error: `status must be one of ${REPORT_STATUSES.join(', ')}` }).optional(),
});

/** `PATCH /api/admin/reports/{id}` body. */
export const reportUpdateSchema = z.object({
  status: z.enum(['resolved', 'dismissed'], { error: 'status must be resolved or dismissed' }),
});

/** `POST /api/admin/reports/bulk` body. */
export const reportBulkSchema = z.object({
  ids: z
    .array(z.number().int().positive(), { error: 'ids must be a list of report ids' })
    .min(1, 'Select at least one report')
    .max(1000, 'At most 1,000 reports at once'),
  status: z.enum(['resolved', 'dismissed'], { error: 'status must be resolved or dismissed' }),
});

/** Reports of one app, for the grouped queue. */
export interface ReportGroup {
  appId: number;
  name: string;
  url: string;
  open: number;
  reports: Report[];
}

/** Open report counts per app, for the All Apps flag. */
export type OpenReportCounts = Record<string, number>;
