import { PRICING_TYPES, type PricingType } from './constants';

// Paths and options of the browsing pages (issue 23): category pages, task pages, stacks and the Saved list.
// No zod here: page chunks and the server's heads read the same rules.

/** The sorts of a category page, in the order the page offers them. */
export const CATEGORY_SORTS = ['trending', 'newest', 'rating', 'visitors'] as const;
export type CategorySort = (typeof CATEGORY_SORTS)[number];

/** What each sort is called on the page. */
export const CATEGORY_SORT_LABELS: Record<CategorySort, string> = {
  trending: 'Trending',
  newest: 'Newest',
  rating: 'Top rated',
  visitors: 'Most visited',
};

/** Apps on one page of a category page (the marketplace's page size). */
export const CATEGORY_PAGE_SIZE = 12;
/** The highest `?page=` a category page accepts. */
export const CATEGORY_MAX_PAGE = 10_000;

/** The view of a category page its address asks for. */
export interface CategoryPageView {
  sort: CategorySort;
  pricing: PricingType | undefined;
  page: number;
}

/** Reads a category page's query; anything unknown falls back to the default (trending, every pricing, page 1). */
export function categoryViewOf(query: URLSearchParams): CategoryPageView {
  const sortValue = query.get('sort')?.toLowerCase();
  const pricingValue = query.get('pricing')?.toLowerCase();
  const pageValue = Number(query.get('page') ?? '1');
  return {
    sort: CATEGORY_SORTS.find((sort) => sort === sortValue) ?? 'trending',
    pricing: PRICING_TYPES.find((pricing) => pricing === pricingValue),
    page: Number.isInteger(pageValue) && pageValue >= 1 && pageValue <= CATEGORY_MAX_PAGE ? pageValue : 1,
  };
}

/** A category page's path; default values are left out so that each view has one address. */
export function categoryPath(categorySlug: string, view: Partial<CategoryPageView> = {}): string {
  const params = new URLSearchParams();
  if (view.sort && view.sort !== 'trending') params.set('sort', view.sort);
  if (view.pricing) params.set('pricing', view.pricing);
  if (view.page && view.page > 1) params.set('page', String(view.page));
  const search = params.toString();
  return `/ai-apps/${encodeURIComponent(categorySlug)}${search ? `?${search}` : ''}`;
}

/** A task page's path. */
export function taskPath(slug: string, pricing?: PricingType): string {
  return `/best/${encodeURIComponent(slug)}${pricing ? `?pricing=${pricing}` : ''}`;
}

/** A stack holds 1 to 50 apps; its title and notes are short. */
export const STACK_MAX_APPS = 50;
export const STACK_TITLE_MAX = 100;
export const STACK_NOTE_MAX = 280;

/** A stack's page path. */
export function stackPath(id: string): string {
  return `/stacks/${encodeURIComponent(id)}`;
}
