import { z } from './zod';
import { CATEGORY_MAX_PAGE, CATEGORY_SORTS, type CategorySort } from '../browse-paths';
import { PRICING_TYPES, type PricingType } from '../constants';
import type { App } from './app';

/** `GET /api/marketplace/category/{categorySlug}` query: sort, pricing and the 1-based page. */
export const categoryPageQuerySchema = z.object({
  sort: z.enum(CATEGORY_SORTS).optional().default('trending'),
  pricing: z.enum(PRICING_TYPES).optional(),
  page: z.coerce.number().int().min(1).max(CATEGORY_MAX_PAGE).optional().default(1),
});

export const categorySlugParamSchema = z.object({
  categorySlug: z.string().trim().min(1).max(100),
});

/** One page of a category page. */
export interface CategoryPageResponse {
  category: { name: string; slug: string; description: string };
  apps: App[];
  /** Apps of the category with this pricing filter, on every page. */
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  sort: CategorySort;
  pricing: PricingType | null;
}
