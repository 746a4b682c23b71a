import { useQuery } from '@tanstack/react-query';
import { ALL_CATEGORY_NAME } from '@shared/constants';
import { fetchCategories } from '../api/marketplace-api';
import { queryKeys } from '@client/lib/query-keys';

export interface CategoryOption {
  name: string;
  /** null for All. */
  slug: string | null;
}

/** The category filter's options: All first, then the active categories with apps to show; only All when the call fails. */
export function useCategoryOptions(): CategoryOption[] {
  const { data } = useQuery({ queryKey: queryKeys.categories, queryFn: fetchCategories });
  const others = (data ?? [])
    .filter((category) => category.name.toLowerCase() !== ALL_CATEGORY_NAME.toLowerCase() && category.appCount !== 0)
    .map((category) => ({ name: category.name, slug: category.slug }));
  return [{ name: ALL_CATEGORY_NAME, slug: null }, ...others];
}
