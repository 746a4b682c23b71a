import type { ApiKey } from '@shared/schemas/api-keys';
import type { ApiKeyRow } from './api-keys.repository';

/** The admin view of a key: never its secret or hash. */
export function presentApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
