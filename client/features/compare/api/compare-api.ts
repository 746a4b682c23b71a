import { ApiError, getJson } from '@client/lib/api-client';
import type { CompareResponse } from '@shared/schemas/alternatives';

/** The nameSlugs of a comparison path segment (`chatgpt-vs-claude`). */
export function slugsOfComparison(segment: string): string[] {
  return segment
    .split('-vs-')
    .map((slug) => slug.trim())
    .filter(Boolean);
}

/**
 * `GET /api/compare?slugs=…`: the apps side by side; null when a slug names no published app or the
 * count is outside 2 to 4 (the page is then a 404, as the server answers it).
 */
export async function fetchComparison(slugs: string[]): Promise<CompareResponse | null> {
  try {
    return await getJson<CompareResponse>(`/api/compare?slugs=${encodeURIComponent(slugs.join(','))}`);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}
