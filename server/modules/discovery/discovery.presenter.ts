import type { DiscoverySource } from '@shared/schemas/discovery';
import type { DiscoveryLogEntry } from '@shared/schemas/settings';
import type { DiscoveryLogRow, DiscoverySourceRow } from './discovery.repository';

/** The API shape of a source row. */
export function presentSource(row: DiscoverySourceRow): DiscoverySource {
  return {
    id: row.id,
    url: row.url,
    type: row.type,
    enabled: row.enabled,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    lastError: row.lastError ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The API shape of a run's log row. */
export function presentLog(row: DiscoveryLogRow): DiscoveryLogEntry {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    duration: row.durationMs,
    discovered: row.discovered,
    processed: row.processed,
    errors: row.errors,
    details: row.details,
    trigger: row.trigger,
  };
}
