import { ApiError, getJson } from '@client/lib/api-client';
import type { CategoryPageView } from '@shared/browse-paths';
import type { CategoryPageResponse } from '@shared/schemas/browse';

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
