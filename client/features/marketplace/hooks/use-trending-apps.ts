import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchMarketplacePage } from '../api/marketplace-api';

/** The trending list, 12 apps a page, with the count of apps not loaded yet. */
export function useTrendingApps(category: string | null) {
  const result = useInfiniteQuery({
    queryKey: ['marketplace', category ?? 'all'],
    queryFn: ({ pageParam }) => fetchMarketplacePage(category, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.apps.length, 0);
      return last.apps.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });
  const pages = result.data?.pages ?? [];
  const apps = pages.flatMap((page) => page.apps);
  const total = pages.at(-1)?.total ?? 0;
  return { ...result, apps, total, remaining: Math.max(0, total - apps.length) };
}
