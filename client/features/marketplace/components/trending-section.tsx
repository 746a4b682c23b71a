import { Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { categoryPath } from '@shared/browse-paths';
import { MARKETPLACE_PAGE_SIZE } from '@shared/constants';
import { LoadError } from '@client/components/ui/load-error';
import { useHydrated } from '@client/lib/use-hydrated';
import { useCategoryOptions } from '../hooks/use-categories';
import { useTrendingApps } from '../hooks/use-trending-apps';
import { AppCard } from './app-card';
import { AppGrid, SkeletonGrid } from './app-grid';
import { CategoryFilter } from './category-filter';

const LOAD_MORE_CLASS =
  'inline-flex h-12 items-center gap-2 rounded-xl border border-slate-300 bg-white px-6 text-base font-semibold text-slate-900 shadow-sm transition-colors hover:border-brand-500 hover:text-brand-700 disabled:opacity-60';

/**
 * The trending view: category filter, the cards, and "Load More Apps (N)" for the next 12 (shown only
 * when the total is over 12 and the list is not empty).
 */
export function TrendingSection({
  category,
  page = 1,
  onSelectCategory,
  announce,
}: {
  category: string | null;
  /** The page the list starts at (`?page=`). */
  page?: number;
  onSelectCategory: (slug: string | null) => void;
  announce: (message: string) => void;
}) {
  const options = useCategoryOptions();
  const trending = useTrendingApps(category, page);
  // Without JavaScript, Load More is a link to the next page; once scripts run it loads in place.
  const hydrated = useHydrated();
  const loadedPages = Math.ceil(trending.apps.length / MARKETPLACE_PAGE_SIZE);
  const nextPageHref = `/?${new URLSearchParams({ ...(category ? { category } : {}), page: String(page + loadedPages) })}`;
  const { apps, total, remaining } = trending;
  const gridRef = useRef<HTMLDivElement>(null);
  // Index of the first card of the page being loaded: keyboard users continue there.
  const focusIndex = useRef<number | null>(null);
  const selectedName = options.find((option) => option.slug === category)?.name ?? (category ? null : 'All');

  useEffect(() => {
    const index = focusIndex.current;
    if (index === null || apps.length <= index) return;
    focusIndex.current = null;
    gridRef.current?.querySelectorAll<HTMLAnchorElement>('article a[href]')[index]?.focus();
  }, [apps.length]);

  const loadMore = async () => {
    const before = apps.length;
    focusIndex.current = before;
    const result = await trending.fetchNextPage();
    const after = result.data?.pages.reduce((sum, page) => sum + page.apps.length, 0) ?? before;
    if (after > before) announce(`Loaded ${after - before} more apps.`);
    else focusIndex.current = null;
  };

  return (
    <>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="marketplace-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Trending AI Tools
          </h2>
          <p className="mt-1 text-slate-600">
            {selectedName && selectedName !== 'All'
              ? `The most popular ${selectedName} tools right now.`
              : 'The tools people are exploring right now, across every category.'}
            {category && selectedName && selectedName !== 'All' ? (
              <>
                {' '}
                <Link
                  href={categoryPath(category)}
                  className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
                  data-testid="category-page-link"
                >
                  All {selectedName} apps, sorted and filtered
                </Link>
              </>
            ) : null}
          </p>
        </div>
        {trending.isSuccess ? (
          <p className="text-sm text-slate-600">
            {total} {total === 1 ? 'app' : 'apps'}
          </p>
        ) : null}
      </div>
      <div className="mt-6">
        <CategoryFilter options={options} selected={category} onSelect={onSelectCategory} />
      </div>
      <div ref={gridRef} className="mt-6">
        {trending.isPending ? (
          <SkeletonGrid />
        ) : trending.isError ? (
          <LoadError size="page" message="The apps could not be loaded." onRetry={() => void trending.refetch()} />
        ) : apps.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
            No apps in this category yet.
          </p>
        ) : (
          <AppGrid busy={trending.isFetchingNextPage}>
            {apps.map((app) => (
              <AppCard key={app.id} app={app} />
            ))}
          </AppGrid>
        )}
      </div>
      {trending.isSuccess && total > MARKETPLACE_PAGE_SIZE && apps.length > 0 && remaining > 0 ? (
        <div className="mt-10 flex justify-center">
          {hydrated ? (
            <button
              type="button"
              onClick={() => void loadMore()}
              disabled={trending.isFetchingNextPage}
              className={LOAD_MORE_CLASS}
            >
              {trending.isFetchingNextPage ? <Loader2 className="size-5 animate-spin" aria-hidden="true" /> : null}
              Load More Apps ({remaining})
            </button>
          ) : (
            <a href={nextPageHref} className={LOAD_MORE_CLASS}>
              Load More Apps ({remaining})
            </a>
          )}
        </div>
      ) : null}
    </>
  );
}
