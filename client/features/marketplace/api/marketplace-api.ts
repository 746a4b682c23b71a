import { MARKETPLACE_PAGE_SIZE } from '@shared/constants';
import type { App, SearchResponse } from '@shared/schemas/app';
import type { Category } from '@shared/schemas/category';
import { apiRequest, getJson, sendJson } from '@client/lib/api-client';

/** One page of the trending list and the total the server reported in X-Total-Count. */
export interface MarketplacePage {
  apps: App[];
  total: number;
}

/** A page of trending apps (12 at a time), optionally of one category (slug). */
export async function fetchMarketplacePage(category: string | null, offset: number): Promise<MarketplacePage> {
  const params = new URLSearchParams({ limit: String(MARKETPLACE_PAGE_SIZE), offset: String(offset) });
  if (category) params.set('category', category);
  const response = await apiRequest('GET', `/api/marketplace?${params}`);
  const body: unknown = await response.json();
  // Spec §7: a non-array answer is treated as empty.
  const apps = Array.isArray(body) ? (body as App[]) : [];
  const header = Number(response.headers.get('x-total-count'));
  return { apps, total: Number.isFinite(header) && header >= apps.length ? header : offset + apps.length };
}

/** The active categories ("All" included) with their counts of listed apps; a non-array answer is treated as empty. */
export async function fetchCategories(): Promise<Pick<Category, 'name' | 'slug' | 'appCount'>[]> {
  const body = await getJson<unknown>('/api/categories');
  return Array.isArray(body) ? (body as Category[]) : [];
}

/** Asks the AI search for apps matching a free-text need, optionally without some chips of its understanding. */
export function searchApps(query: string, without: readonly string[] = []): Promise<SearchResponse> {
  return sendJson<SearchResponse>('POST', '/api/search', without.length > 0 ? { query, without } : { query });
}

/** Counts a view of an app; fire and forget, a failure is only logged (spec §8). */
export function recordView(appId: number): void {
  apiRequest('POST', `/api/apps/${appId}/view`, undefined, { keepalive: true }).catch((error: unknown) =>
    console.error('View tracking failed', error),
  );
}
