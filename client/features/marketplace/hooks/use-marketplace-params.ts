import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';
import { parseWithout, searchHref } from '../lib/search-url';

/** What the home page shows, kept in the address so that it can be shared and Back works. */
export interface MarketplaceParams {
  /** The AI search query (`?q=`), or null for the trending view. */
  query: string | null;
  /** The chips of the search's understanding set aside (`?without=price,need:…`); empty without a query. */
  without: string[];
  /** The category slug filter (`?category=`), or null for All. */
  category: string | null;
  /** The trending page the list starts at (`?page=`, 1-based): the next-page link works without JavaScript. */
  page: number;
}

/** The highest `?page=` honoured; beyond it the list starts at the first page. */
const MAX_PAGE = 10_000;

/** Reads and changes the home page's URL state (`/?q=…&without=…` and `/?category=…`). */
export function useMarketplaceParams(): MarketplaceParams & {
  search: (query: string) => void;
  /** Searches the same query again without these chips: a new history entry, so Back brings them back. */
  setWithout: (ids: string[]) => void;
  selectCategory: (slug: string | null) => void;
  showTrending: () => void;
} {
  const searchString = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(searchString);
  const query = params.get('q')?.trim() || null;
  const without = query ? parseWithout(params) : [];
  const rawCategory = params.get('category')?.trim().toLowerCase() || null;
  const category = rawCategory === 'all' ? null : rawCategory;
  const rawPage = Number(params.get('page'));
  const page = Number.isInteger(rawPage) && rawPage >= 1 && rawPage <= MAX_PAGE ? rawPage : 1;

  const search = useCallback((text: string) => navigate(searchHref(text)), [navigate]);
  const setWithout = useCallback((ids: string[]) => navigate(searchHref(query ?? '', ids)), [navigate, query]);
  const selectCategory = useCallback(
    (slug: string | null) => navigate(slug ? `/?${new URLSearchParams({ category: slug })}` : '/', { replace: true }),
    [navigate],
  );
  const showTrending = useCallback(() => navigate('/'), [navigate]);
  return { query, without, category, page, search, setWithout, selectCategory, showTrending };
}
