import { ApiError, getJson } from '@client/lib/api-client';
import type { CategoryPageView } from '@shared/browse-paths';
import type { PricingType } from '@shared/constants';
import type { CategoryPageResponse } from '@shared/schemas/browse';
import type { TaskIndexResponse, TaskPageResponse } from '@shared/schemas/tasks';

/** One page of a category page; null when the category is unknown, inactive or the page is past the last. */
export async function fetchCategoryPage(categorySlug: string, view: CategoryPageView): Promise<CategoryPageResponse | null> {
  const params = new URLSearchParams({ sort: view.sort, page: String(view.page) });
  if (view.pricing) params.set('pricing', view.pricing);
  try {
    return await getJson<CategoryPageResponse>(`/api/marketplace/category/${encodeURIComponent(categorySlug)}?${params}`);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** The task pages grouped by category. */
export function fetchTaskIndex(): Promise<TaskIndexResponse> {
  return getJson<TaskIndexResponse>('/api/tasks');
}

/** A task page, optionally of one pricing; null when the task has no page (unknown, hidden, too few apps). */
export async function fetchTaskPage(slug: string, pricing: PricingType | undefined): Promise<TaskPageResponse | null> {
  try {
    return await getJson<TaskPageResponse>(`/api/tasks/${encodeURIComponent(slug)}${pricing ? `?pricing=${pricing}` : ''}`);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}
