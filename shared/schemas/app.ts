import { z } from './zod';
import type { SearchIntent } from './alternatives';
import type { ReasonEvidence, SearchUnderstanding } from './search';
import { APP_STATUSES, PRICING_TYPES, type AppStatus, type PricingType } from '../constants';

/** An app as every public call returns it (spec §3 App). */
export interface App {
  id: number;
  name: string;
  description: string;
  longDescription: string | null;
  url: string;
  category: string;
  categorySlug: string;
  nameSlug: string;
  tags: string[];
  features: string[];
  useCases: string[];
  monthlyVisitors: number;
  /** 1–50; shown divided by 10. */
  rating: number | null;
  trafficGrowth: number;
  status: AppStatus;
  screenshotUrl: string | null;
  /** Logo from the logo service by host name; null when it cannot be built. */
  logoUrl: string | null;
  viewCount: number;
  saveCount: number;
  aiGenerated: boolean;
  detectedAt: string;
  pricingType: PricingType | null;
  company: string | null;
  foundedYear: number | null;
  location: string | null;
  createdAt: string;
  /** When the app was first published ("Added {date}"); null for apps never published. */
  publishedAt: string | null;
  updatedAt: string;
  /** A curator marked the app defunct: the page stays with a notice, the app leaves trending and search. */
  defunct: boolean;
  /** When the link-health checker last visited the app's URL; null before the first check. */
  lastCheckedAt: string | null;
  /** When the link checker last found the site working (health ok or redirected); null otherwise. */
  verifiedAt: string | null;
}

/** A search hit: the app plus why it matched this query. */
export interface SearchResultApp extends App {
  matchReason: string;
  /** Each claim of `matchReason` with the listing's own words. */
  evidence: ReasonEvidence[];
}

export interface SearchResponse {
  apps: SearchResultApp[];
  confidence: number;
  reasoning: string;
  /** Present when the query names apps ("midjourney", "alternatives to X", "X vs Y"). */
  intent?: SearchIntent;
  /** The query's constraints that were relaxed because nothing matched them all (e.g. "free"). */
  relaxed?: string[];
  /** What the search read in the query, as removable chips. */
  understood: SearchUnderstanding;
  /** True when the answer is weak: the apps are the closest matches, not sure fits. */
  unsure: boolean;
  /** The task page of the need the search understood ("Best AI tools for …"), when there is one. */
  task?: { slug: string; name: string; path: string };
}

const trimmed = (max: number) => z.string().trim().max(max);

const textList = z
  .array(z.string().trim().min(1).max(300))
  .max(50)
  .transform((items) => [...new Set(items)]);

const httpUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Must be a valid URL');

/** Empty text becomes null, so optional URL fields may be cleared from a form. */
const optionalHttpUrl = z.preprocess((value) => (value === '' ? null : value), httpUrl.nullable().optional());

/** The largest value of a PostgreSQL `integer` column: bounds here and columns must agree. */
export const MAX_INT32 = 2_147_483_647;

/** A count stored in an `integer` column (views, saves). */
const count = z.coerce
  .number()
  .int('Must be a whole number')
  .min(0, 'Must be 0 or more')
  .max(MAX_INT32, `Must be at most ${MAX_INT32}`);
/** Monthly visitors are stored as `bigint`: large, but still a safe JavaScript integer. */
const largeCount = z.coerce
  .number()
  .int('Must be a whole number')
  .min(0, 'Must be 0 or more')
  .max(Number.MAX_SAFE_INTEGER, `Must be at most ${Number.MAX_SAFE_INTEGER}`);

/**
 * One app record of an import file (the format of the evaluation catalogue) or of the admin create
 * call. The category is named, and created when missing.
 */
export const appRecordSchema = z.object({
  name: trimmed(200).min(1, 'Name is required'),
  url: httpUrl,
  category: trimmed(100).min(1, 'Category is required'),
  description: trimmed(2000).min(1, 'Description is required'),
  longDescription: trimmed(20_000).nullable().optional(),
  tags: textList.optional().default([]),
  features: textList.optional().default([]),
  useCases: textList.optional().default([]),
  pricingType: z.enum(PRICING_TYPES).nullable().optional(),
  company: trimmed(200).nullable().optional(),
  foundedYear: z.number().int().min(1800).max(2100).nullable().optional(),
  location: trimmed(200).nullable().optional(),
  monthlyVisitors: largeCount.optional().default(0),
  rating: z
    .number()
    .int()
    .min(1, 'Rating must be between 1 and 50')
    .max(50, 'Rating must be between 1 and 50')
    .nullable()
    .optional(),
  trafficGrowth: z
    .number()
    .int('Must be a whole number')
    .min(-MAX_INT32, `Must be at least -${MAX_INT32}`)
    .max(MAX_INT32, `Must be at most ${MAX_INT32}`)
    .optional()
    .default(0),
  status: z.enum(APP_STATUSES).optional(),
  screenshotUrl: optionalHttpUrl,
  viewCount: count.optional().default(0),
  saveCount: count.optional().default(0),
  aiGenerated: z.boolean().optional().default(false),
  detectedAt: z.coerce.date().optional(),
});
export type AppRecord = z.output<typeof appRecordSchema>;

/** An import file: an array of records, or an object with a `tools` array. */
export const importFileSchema = z.union([
  z.array(z.unknown()),
  z.object({ tools: z.array(z.unknown()) }).transform((file) => file.tools),
]);

/** Path parameter holding a numeric id. */
export const idParamSchema = z.object({
  id: z.coerce.number({ error: 'Invalid id' }).int('Invalid id').positive('Invalid id').max(MAX_INT32, 'Invalid id'),
});

/** Optional paging of list calls. */
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
});

export const marketplaceQuerySchema = pageQuerySchema.extend({
  category: z.string().trim().max(100).optional(),
});

export const slugParamsSchema = z.object({
  categorySlug: z.string().min(1).max(200),
  nameSlug: z.string().min(1).max(300),
});
