import { useQuery } from '@tanstack/react-query';
import { Rss } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import { LinkChips } from '@client/components/link-chips';
import { ListingCard } from '@client/components/listing-card';
import { NotFoundPage } from '@client/components/layout/not-found-page';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { CATEGORY_SORT_LABELS, CATEGORY_SORTS, categoryPath, categoryViewOf } from '@shared/browse-paths';
import { PRICING_TYPES } from '@shared/constants';
import { pricingName } from '@shared/tool-pages';
import { fetchCategoryPage } from '../api/browse-api';
import { PaginationLinks } from '../components/pagination-links';
import { queryKeys } from '@client/lib/query-keys';
import { BrowsePageFrame } from '../components/browse-page-frame';

/**
 * `/ai-apps/{categorySlug}`: a category's published apps, 24 a page with real page links, sorted
 * (Trending · Newest · Top rated · Most visited) and filtered by pricing through plain links.
 */
export default function CategoryPage() {
  const { categorySlug } = useParams<{ categorySlug: string }>();
  const slug = categorySlug.toLowerCase();
  const view = categoryViewOf(new URLSearchParams(useSearch()));
  const query = useQuery({
    queryKey: [...queryKeys.marketplace, 'category', slug, view.sort, view.pricing ?? 'all', view.page],
    queryFn: () => fetchCategoryPage(slug, view),
  });
  const data = query.data;
  const heading = data ? `${data.category.name} AI Tools` : null;
  useDocumentTitle(heading ?? (query.isPending ? 'Loading category' : null));

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [slug, view.page]);

  if (query.isSuccess && (!data || view.page > data.pageCount)) return <NotFoundPage />;
  return (
    <BrowsePageFrame
      pending={query.isPending}
      failed={query.isError || !data}
      errorMessage="The apps could not be loaded."
      onRetry={() => void query.refetch()}
      crumbs={[]}
      current={data?.category.name ?? ''}
    >
      {() =>
        data ? (
          <>
            <header className="mt-4">
              <h1 className="break-words text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{heading}</h1>
              {data.category.description ? <p className="mt-2 max-w-3xl text-slate-700">{data.category.description}</p> : null}
              <p className="mt-2 text-sm text-slate-600" data-testid="category-count">
                {data.total} {data.total === 1 ? 'app' : 'apps'}
                {view.pricing ? ` with ${pricingName(view.pricing).toLowerCase()} pricing` : ''}
                {' · '}
                <a
                  href={`/feeds/apps.xml?category=${encodeURIComponent(data.category.slug)}`}
                  className="inline-flex items-center gap-1 font-semibold text-brand-700 underline-offset-4 hover:underline"
                >
                  <Rss className="size-3.5" aria-hidden="true" />
                  Feed of new {data.category.name} apps
                </a>
              </p>
              <LinkChips
                label="Sort apps"
                className="mt-6"
                chips={CATEGORY_SORTS.map((sort) => ({
                  label: CATEGORY_SORT_LABELS[sort],
                  href: categoryPath(data.category.slug, { sort, pricing: view.pricing }),
                  current: sort === view.sort,
                }))}
              />
              <LinkChips
                label="Filter by pricing"
                className="mt-3"
                chips={[undefined, ...PRICING_TYPES].map((pricing) => ({
                  label: pricing ? pricingName(pricing) : 'All pricing',
                  href: categoryPath(data.category.slug, { sort: view.sort, pricing }),
                  current: pricing === view.pricing,
                }))}
              />
            </header>
            <section aria-label={`${data.category.name} apps`} className="mt-8">
              {data.apps.length === 0 ? (
                <div
                  className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-700"
                  data-testid="category-empty"
                >
                  <h2 className="text-lg font-semibold text-slate-900">
                    No {view.pricing ? `${pricingName(view.pricing).toLowerCase()} ` : ''}apps here yet
                  </h2>
                  {view.pricing ? (
                    <p className="mt-4 font-semibold text-brand-700">
                      <Link href={categoryPath(data.category.slug, { sort: view.sort })} className="underline underline-offset-4">
                        Show every pricing
                      </Link>
                    </p>
                  ) : null}
                </div>
              ) : (
                <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
                  {data.apps.map((app, index) => (
                    <li key={app.id}>
                      <ListingCard app={app} rank={(data.page - 1) * data.pageSize + index + 1} />
                    </li>
                  ))}
                </ul>
              )}
              <PaginationLinks
                page={data.page}
                pageCount={data.pageCount}
                hrefOf={(page) => categoryPath(data.category.slug, { sort: view.sort, pricing: view.pricing, page })}
              />
            </section>
          </>
        ) : null
      }
    </BrowsePageFrame>
  );
}
