import { createHash } from 'node:crypto';
import { z } from 'zod';
import { API_SORTS, type ApiAppsQuery, type ApiSort } from '@shared/schemas/public-api';
import { badRequest } from '../../lib/errors';

/**
 * Where a page of `/api/v1/apps` ends: the sort key and id of its last app (a keyset, so apps
 * added meanwhile cannot shift the next page), the moment trending scores are measured at, and
 * a fingerprint of the filters so a cursor cannot be replayed on another query.
 */
export interface AppsCursor {
  sort: ApiSort;
  /** The last app's sort key, as the database printed it (exact: no float or time precision lost). */
  key: string;
  id: number;
  /** ISO time the trending scores are computed at (trending only). */
  asOf?: string;
  filters: string;
}

const cursorSchema = z.object({
  v: z.literal(1),
  s: z.enum(API_SORTS),
  k: z
    .string()
    .max(64)
    .regex(/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i),
  i: z.number().int().positive().max(2_147_483_647),
  t: z.iso.datetime({ offset: true }).optional(),
  f: z.string().max(32),
});

/** A short fingerprint of the filters a page was read with. */
export function filtersFingerprint(query: Pick<ApiAppsQuery, 'category' | 'pricing' | 'q'>): string {
  const canonical = JSON.stringify([
    query.category?.toLowerCase() ?? null,
    query.pricing ?? null,
    query.q?.toLowerCase() ?? null,
  ]);
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 12);
}

/** The opaque text of a cursor (base64url JSON). */
export function encodeCursor(cursor: AppsCursor): string {
  const payload = {
    v: 1,
    s: cursor.sort,
    k: cursor.key,
    i: cursor.id,
    ...(cursor.asOf ? { t: cursor.asOf } : {}),
    f: cursor.filters,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

/**
 * Reads a cursor sent back by a client.
 * @throws 400 `bad_request` when it is not one this API made, or was made for another sort or filters.
 */
export function decodeCursor(text: string, expected: { sort: ApiSort; filters: string }): AppsCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const result = cursorSchema.safeParse(parsed);
  if (!result.success)
    throw badRequest('cursor is not valid: pass the `next` value of the previous page unchanged.', { field: 'cursor' });
  const cursor = result.data;
  if (cursor.s !== expected.sort || cursor.f !== expected.filters) {
    throw badRequest('cursor belongs to another query: keep the same sort and filters while paging.', { field: 'cursor' });
  }
  if (cursor.s === 'trending' && !cursor.t)
    throw badRequest('cursor is not valid: pass the `next` value of the previous page unchanged.', { field: 'cursor' });
  return { sort: cursor.s, key: cursor.k, id: cursor.i, ...(cursor.t ? { asOf: cursor.t } : {}), filters: cursor.f };
}
