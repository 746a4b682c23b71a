import { z } from './zod';
import { ALL_CATEGORY_NAME, APP_STATUSES, PRICING_TYPES, type AppStatus } from '../constants';
import { MAX_INT32, type App } from './app';

import type { DuplicateCandidate } from './duplicate';

/**
 * Schemas of the admin app calls and the edit form (spec §5 App edit form). The same schema runs in
 * the browser (form messages) and on the server (the 400 of a bad write).
 */

/** "12", 12 → 12; "", "abc", null → the fallback (spec: non-numeric input becomes 0). */
function numberOr(fallback: number | null) {
  return (value: unknown): unknown => {
    if (typeof value === 'number') return Number.isNaN(value) ? fallback : value;
    if (typeof value === 'string') {
      const trimmed = value.trim();
      if (trimmed === '') return fallback;
      const parsed = Number(trimmed);
      return Number.isFinite(parsed) ? parsed : fallback;
    }
    return fallback;
  };
}

/** Empty text and blanks become null, so optional fields may be cleared from a form. */
function blankToNull(value: unknown): unknown {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  return value;
}

const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

const websiteUrl = z
  .string({ error: 'Website URL is required' })
  .trim()
  .min(1, 'Website URL is required')
  .max(2048, 'URL is too long')
  .refine(isHttpUrl, 'Must be a valid URL');

const screenshotUrl = z.preprocess(
  blankToNull,
  z.string().trim().max(2048, 'URL is too long').refine(isHttpUrl, 'Must be a valid URL').nullable().optional(),
);

/** monthlyVisitors, viewCount, saveCount: whole numbers ≥ 0; non-numeric input becomes 0. */
const countField = (max: number) =>
  z.preprocess(numberOr(0), z.number().int('Must be a whole number').min(0, 'Must be 0 or more').max(max, 'Number is too large'));

const RATING_MESSAGE = 'Rating must be between 1 and 50';

/** rating (label "Rating (1-50)"): empty means no rating. */
const ratingField = z.preprocess(
  (value) => (blankToNull(value) === null ? null : numberOr(Number.NaN)(value)),
  z.number({ error: RATING_MESSAGE }).int(RATING_MESSAGE).min(1, RATING_MESSAGE).max(50, RATING_MESSAGE).nullable(),
);

/** trafficGrowth: a whole percent with no product bound (limited only by the stored integer). */
const trafficGrowthField = z.preprocess(
  numberOr(0),
  z.number().int('Must be a whole number').min(-MAX_INT32, 'Number is too large').max(MAX_INT32, 'Number is too large'),
);

/** A list of texts (tags, features, use cases): each trimmed, empty ones dropped, duplicates ignored. */
const textList = (itemMax: number, listMax: number, what: string) =>
  z
    .array(
      z
        .string({ error: `Each ${what} must be text` })
        .trim()
        .max(itemMax, `Each ${what} must be at most ${itemMax} characters`),
      {
        error: `${what[0]?.toUpperCase()}${what.slice(1)}s must be a list`,
      },
    )
    .transform((items) => [...new Set(items.filter((item) => item !== ''))])
    .pipe(z.array(z.string()).max(listMax, `At most ${listMax} ${what}s`));

const optionalText = (max: number, label: string) =>
  z.preprocess(blankToNull, z.string().trim().max(max, `${label} must be at most ${max} characters`).nullable().optional());

/** A category name chosen from the existing categories; "All" holds no apps. */
const categoryName = z
  .string({ error: 'Category is required' })
  .trim()
  .min(1, 'Category is required')
  .max(100, 'Category is too long')
  .refine((value) => value.toLowerCase() !== ALL_CATEGORY_NAME.toLowerCase(), 'Choose a category other than All');

export const APP_STATUS_MESSAGE = `Status must be one of: ${APP_STATUSES.join(', ')}`;
const statusField = z.enum(APP_STATUSES, { error: APP_STATUS_MESSAGE });

/**
 * `PUT /api/admin/apps/:id` body (the edit form). name, url and description are required; every
 * other field may be left out, which keeps its stored value. `detectedAt` is read-only: sent or not,
 * it is ignored.
 */
export const adminAppUpdateSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  url: websiteUrl,
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .max(2000, 'Description must be at most 2000 characters'),
  category: categoryName.optional(),
  longDescription: optionalText(20_000, 'Long description'),
  tags: textList(100, 50, 'tag').optional(),
  features: textList(300, 50, 'feature').optional(),
  useCases: textList(300, 50, 'use case').optional(),
  monthlyVisitors: countField(Number.MAX_SAFE_INTEGER).optional(),
  rating: ratingField.optional(),
  trafficGrowth: trafficGrowthField.optional(),
  status: statusField.optional(),
  screenshotUrl,
  viewCount: countField(MAX_INT32).optional(),
  saveCount: countField(MAX_INT32).optional(),
  aiGenerated: z.boolean({ error: 'aiGenerated must be true or false' }).optional(),
  pricingType: z.preprocess(
    blankToNull,
    z.enum(PRICING_TYPES, { error: 'Pricing must be free, freemium or paid' }).nullable().optional(),
  ),
  company: optionalText(200, 'Company'),
  foundedYear: z.preprocess(
    (value) => (blankToNull(value) === null || value === undefined ? blankToNull(value) : numberOr(Number.NaN)(value)),
    z
      .number({ error: 'Founded year must be a year between 1800 and 2100' })
      .int('Founded year must be a year between 1800 and 2100')
      .min(1800, 'Founded year must be a year between 1800 and 2100')
      .max(2100, 'Founded year must be a year between 1800 and 2100')
      .nullable()
      .optional(),
  ),
  location: optionalText(200, 'Location'),
});
export type AdminAppUpdate = z.output<typeof adminAppUpdateSchema>;
/** What an edit form holds before validation (numbers may still be text). */
export type AdminAppFormInput = z.input<typeof adminAppUpdateSchema>;

/** `POST /api/admin/apps` body ("Create New App"): the edit form with a category; status defaults to pending. */
export const adminAppCreateSchema = adminAppUpdateSchema.extend({ category: categoryName });
export type AdminAppCreate = z.output<typeof adminAppCreateSchema>;

/** `PATCH /api/admin/apps/:id/status` body. */
export const adminAppStatusSchema = z.object({ status: statusField });

/** `POST /api/admin/apps/bulk-delete` body. */
export const adminBulkDeleteSchema = z.object({
  ids: z
    .array(
      z
        .number({ error: 'Each id must be a number' })
        .int('Each id must be a whole number')
        .positive('Each id must be positive')
        .max(MAX_INT32, 'Invalid id'),
      {
        error: 'ids must be a list of app ids',
      },
    )
    .min(1, 'Select at least one app')
    .max(10_000, 'At most 10000 apps at once'),
});

/** The All Apps search (name, description, category) and status filter. */
const adminAppFilterFields = {
  q: z.string().trim().max(200, 'Search text must be at most 200 characters').optional(),
  status: z.enum([...APP_STATUSES, 'all'], { error: `Status must be one of: all, ${APP_STATUSES.join(', ')}` }).optional(),
};

/**
 * `POST /api/admin/apps/bulk-delete` body for "all matching apps": the All Apps search and status filter instead of
 * ids, so that a selection of thousands of apps is deleted by the server in one statement.
 */
export const adminBulkDeleteMatchingSchema = z.object({
  matching: z.object(adminAppFilterFields, { error: 'matching must be the search and status of the apps to delete' }),
});
export type AdminBulkDeleteMatching = z.input<typeof adminBulkDeleteMatchingSchema>['matching'];

/** `GET /api/admin/apps` query: search over name, description and category; status filter; paging. */
export const adminAppListQuerySchema = z.object({
  ...adminAppFilterFields,
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(500, 'limit must be at most 500')
    .optional(),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset must be 0 or more')
    .max(10_000_000, 'offset is too large')
    .optional(),
});
export type AdminAppListQuery = z.input<typeof adminAppListQuerySchema>;

/** `POST /api/admin/apps/import` query: the status of records that name none (default published, as the import command). */
export const adminImportQuerySchema = z.object({
  status: statusField.optional(),
});

/** An admin list entry: the full app, any status. `GET /api/admin/apps` also sends the total in `X-Total-Count`. */
export type AdminApp = App & { status: AppStatus; publishedAt: string | null };

/** `POST /api/admin/remove-duplicates` response. */
export interface RemoveDuplicatesResponse {
  removed: number;
  kept: number;
}

/** `POST /api/admin/apps/bulk-delete` response. */
export interface BulkDeleteResponse {
  deleted: number;
}

/** `POST /api/admin/apps/import` response. */
export interface AdminImportResponse {
  imported: number;
  ids: number[];
  /** Advisory duplicate flags involving the imported apps (nothing was refused for them). */
  duplicates?: DuplicateCandidate[];
}

/** One problem of a refused import (400, `error.details.errors`). */
export interface AdminImportError {
  /** Position of the record in the file, from 0 (-1 for the file itself). */
  record: number;
  name?: string;
  field: string;
  message: string;
}
