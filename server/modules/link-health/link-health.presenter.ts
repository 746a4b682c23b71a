import type { LinkCheckEvidence } from '@shared/schemas/link-health';
import type { LinkCheckRow } from './link-health.repository';

/** The API shape of one stored link check (the evidence a curator reads). */
export function presentCheck(row: LinkCheckRow): LinkCheckEvidence {
  return {
    checkedAt: row.checkedAt.toISOString(),
    url: row.url,
    httpStatus: row.httpStatus,
    finalUrl: row.finalUrl,
    redirectChain: row.redirectChain,
    responseTimeMs: row.responseTimeMs,
    title: row.title,
    failure: row.failure,
    failureMessage: row.failureMessage,
    parkedMarker: row.parkedMarker,
  };
}
