import { useInfiniteQuery } from '@tanstack/react-query';
import { MARKETPLACE_PAGE_SIZE } from '@shared/constants';
import { fetchMarketplacePage } from '../api/marketplace-api';
import { queryKeys } from '@client/lib/query-keys';

/**
 * The trending list, 12 apps a page, with the count of apps not loaded yet. It starts at `page`
 * (1-based, from `?page=`: the next-page link of a page without JavaScript) and Load More appends.
 */
export function useTrendingApps(category: string | null, page = 1) {
  const start = (page - 1) * MARKETPLACE_PAGE_SIZE;
  const result = useInfiniteQuery({
    queryKey: [...queryKeys.marketplace, category ?? 'all', ...(start > 0 ? [start] : [])],
    queryFn: ({ pageParam }) => fetchMarketplacePage(category, pageParam),
    initialPageParam: start,
    getNextPageParam: (last, pages) => {
      const loaded = start + pages.reduce((sum, item) => sum + item.apps.length, 0);
      return last.apps.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });
  const pages = result.data?.pages ?? [];
  const apps = pages.flatMap((item) => item.apps);
  const total = pages.at(-1)?.total ?? 0;
  return { ...result, apps, total, start, remaining: Math.max(0, total - start - apps.length) };
}
