import { useQuery } from '@tanstack/react-query';
import type { Category } from '@shared/schemas/category';
import { getJson } from './api-client';
import { adminQueryKeys } from './admin-query-keys';

const [CATEGORIES_URL] = adminQueryKeys.adminCategories;

/**
 * Every category (inactive ones and "All" included) with its app count, by sort order. Shared by the
 * category manager and the app forms' category choice, which read the same cache entry.
 */
export function useAdminCategories() {
  return useQuery({
    queryKey: adminQueryKeys.adminCategories,
    queryFn: async () => {
      const body = await getJson<unknown>(CATEGORIES_URL);
      return (Array.isArray(body) ? (body as Category[]) : []).slice().sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
    },
  });
}
