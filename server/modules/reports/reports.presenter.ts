import type { Report } from '@shared/schemas/report';
import type { ReportRow } from './reports.repository';

/** The API shape of a report. */
export function presentReport(row: ReportRow): Report {
  return {
    id: row.id,
    appId: row.appId,
    reason: row.reason,
    note: row.note,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}
