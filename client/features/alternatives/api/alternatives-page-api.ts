import { ApiError, getJson } from '@client/lib/api-client';
import type { App } from '@shared/schemas/app';

/** The published app at a slug path; null when there is none (unknown, unpublished or moved). */
export async function fetchPublicAppBySlug(categorySlug: string, nameSlug: string): Promise<App | null> {
  try {
    return await getJson<App>(`/api/marketplace/app/${encodeURIComponent(categorySlug)}/${encodeURIComponent(nameSlug)}`);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}
