import type { HealthEntry, HealthEvidence, LinkCheckEvidence } from '@shared/schemas/link-health';
import type { LinkCheckRow, LinkHealthRepository } from './link-health.repository';

type HealthListRow = Awaited<ReturnType<LinkHealthRepository['list']>>[number];

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

/** One app of the problems queue: its health state, the evidence and what the curator decided. */
export function presentHealthEntry(row: HealthListRow): HealthEntry {
  return {
    appId: row.health.appId,
    name: row.name,
    url: row.url,
    state: row.health.state,
    checkedAt: row.health.checkedAt.toISOString(),
    evidence: row.health.evidence as HealthEvidence,
    status: row.status,
    defunct: row.defunctAt !== null,
  };
}
