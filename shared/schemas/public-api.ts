import { z } from './zod';
import { PRICING_TYPES, SEARCH_QUERY_MAX_LENGTH } from '../constants';
import { ALTERNATIVES_PAGE_LIMIT, ALTERNATIVES_SECTION_LIMIT, compareQuerySchema } from './alternatives';

/**
 * The public API v1 contract (`/api/v1/*`). These zod schemas validate the requests of the routes,
 * type the presenter's answers, and are the only source of the OpenAPI document
 * (`/api/v1/openapi.json`): a change here changes the routes and the documentation together.
 */

export const API_V1_PREFIX = '/api/v1';
export const API_LIST_DEFAULT_LIMIT = 20;
export const API_LIST_MAX_LIMIT = 100;
export const API_SEARCH_DEFAULT_LIMIT = 10;
export const API_SEARCH_MAX_LIMIT = 24;
export const API_SORTS = ['trending', 'rating', 'newest'] as const;
export type ApiSort = (typeof API_SORTS)[number];

/** Schemas named in the OpenAPI components (each registered with its id). */
export const apiSchemaRegistry = z.registry<{ id: string; description?: string }>();

const named = <T extends z.ZodType>(schema: T, id: string, description: string): T => {
  apiSchemaRegistry.add(schema, { id, description });
  return schema;
};

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

const pricing = z.enum(PRICING_TYPES).describe('Only apps with this pricing model.');
const categoryFilter = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .describe('A category slug (or name), as listed by `/api/v1/categories`.');
const limit = (fallback: number, max: number) =>
  z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(max, `limit must be at most ${max}`)
    .default(fallback);

/** `GET /api/v1/search` */
export const apiSearchQuerySchema = z.object({
  q: z
    .string({ error: 'q is required: describe what you want to do' })
    .trim()
    .min(1, 'q is required: describe what you want to do')
    .max(SEARCH_QUERY_MAX_LENGTH, `q must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`)
    .describe('What the user wants to do, in plain words ("remove the background from a photo", "alternatives to grammarly").'),
  pricing: z
    .enum(PRICING_TYPES)
    .describe(
      '`free`: usable without paying (free apps and apps with a free plan), exactly what "free" in the query means; `freemium` or `paid`: only that pricing model.',
    )
    .optional(),
  category: categoryFilter.optional(),
  limit: limit(API_SEARCH_DEFAULT_LIMIT, API_SEARCH_MAX_LIMIT).describe('How many apps to return.'),
});
export type ApiSearchQuery = z.output<typeof apiSearchQuerySchema>;

/** `GET /api/v1/apps` */
export const apiAppsQuerySchema = z.object({
  category: categoryFilter.optional(),
  pricing: pricing.optional(),
  q: z.string().trim().min(1).max(200).optional().describe('Only apps whose name, description or tags contain this text.'),
  sort: z
    .enum(API_SORTS, { error: `sort must be one of ${API_SORTS.join(', ')}` })
    .default('trending')
    .describe(
      '`trending` (reach, quality, engagement and freshness), `rating` (highest first) or `newest` (most recently published first).',
    ),
  limit: limit(API_LIST_DEFAULT_LIMIT, API_LIST_MAX_LIMIT).describe('Page size.'),
  cursor: z
    .string()
    .max(1000)
    .regex(/^[A-Za-z0-9_-]+$/, 'cursor is not valid')
    .optional()
    .describe('The `next` value of the previous page, unchanged. Omit it for the first page.'),
});
export type ApiAppsQuery = z.output<typeof apiAppsQuerySchema>;

/** `GET /api/v1/apps/{id}` and `/api/v1/apps/{id}/alternatives` */
export const apiAppIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'id must be a positive whole number' })
    .int('id must be a positive whole number')
    .positive('id must be a positive whole number')
    .max(2_147_483_647, 'id must be a positive whole number')
    .describe('The app id.'),
});

/** `GET /api/v1/apps/{categorySlug}/{nameSlug}` */
export const apiAppSlugParamsSchema = z.object({
  categorySlug: z.string().min(1).max(200).describe("The app's category slug, as in its page URL."),
  nameSlug: z.string().min(1).max(300).describe("The app's name slug, as in its page URL."),
});

/** `GET /api/v1/apps/{id}/alternatives` */
export const apiAlternativesQuerySchema = z.object({
  limit: limit(ALTERNATIVES_SECTION_LIMIT, ALTERNATIVES_PAGE_LIMIT).describe('How many alternatives to return.'),
  pricing: pricing.optional(),
});

/** `GET /api/v1/compare`: exactly one of `ids` or `slugs`, 2 to 4 apps (the screens' own rule). */
export const apiCompareQuerySchema = compareQuerySchema;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

const isoDate = z.iso.datetime({ offset: true });
const url = z.string().describe('An absolute URL.');

export const apiCategoryRefSchema = named(
  z.object({ name: z.string(), slug: z.string() }),
  'CategoryRef',
  'The category an app belongs to.',
);

export const apiAppSchema = named(
  z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string().describe('The name slug of the app page URL.'),
    description: z.string().describe('One line on what the app does.'),
    longDescription: z.string().nullable(),
    category: apiCategoryRefSchema,
    pageUrl: url.describe('The app page on Aitlas.'),
    websiteUrl: url.describe("The app's own website."),
    logoUrl: z.string().nullable(),
    screenshotUrl: z.string().nullable(),
    pricing: z.enum(PRICING_TYPES).nullable(),
    rating: z
      .number()
      .min(0)
      .max(5)
      .nullable()
      .describe(
        "The curators' rating, 0.1 to 5.0, one decimal; null when unrated. Visitors' reviews are at `/apps/{id}/reviews`.",
      ),
    monthlyVisitors: z.number().int().min(0),
    trafficGrowth: z.number().int().describe('Month-over-month traffic change, in percent.'),
    tags: z.array(z.string()),
    features: z.array(z.string()),
    useCases: z.array(z.string()),
    company: z.string().nullable(),
    foundedYear: z.number().int().nullable(),
    location: z.string().nullable(),
    viewCount: z.number().int().min(0),
    saveCount: z.number().int().min(0),
    createdAt: isoDate,
    updatedAt: isoDate,
  }),
  'App',
  'A published AI app.',
);
export type ApiApp = z.output<typeof apiAppSchema>;

export const apiAppPageSchema = named(
  z.object({
    data: z.array(apiAppSchema),
    next: z.string().nullable().describe('Pass it as `cursor` to get the next page; null on the last page.'),
  }),
  'AppPage',
  'One page of apps. Pages stay consistent while apps are added: no app is repeated or skipped.',
);
export type ApiAppPage = z.output<typeof apiAppPageSchema>;

export const apiEvidenceSchema = named(
  z.object({
    claim: z.string().describe('One claim of the reason, e.g. "Matches your need for meeting transcription".'),
    quotes: z
      .array(
        z.object({
          app: z.string().describe('The listing quoted.'),
          field: z.enum(['name', 'category', 'tags', 'features', 'useCases', 'description', 'longDescription', 'pricing']),
          text: z
            .string()
            .describe(
              "The listing's own words, verbatim (a tag, feature, use case, a clause of its description, or its pricing type).",
            ),
        }),
      )
      .describe('The phrases of the listings that support the claim.'),
  }),
  'Evidence',
  'A claim of a reason with the verbatim phrases of the listings behind it.',
);

export const apiSearchHitSchema = named(
  apiAppSchema.extend({
    matchReason: z.string().describe('Why this app matches the query.'),
    evidence: z.array(apiEvidenceSchema).describe("Each claim of matchReason with the listing's own words."),
  }),
  'SearchHit',
  'An app found by the search, with why it matched.',
);

export const apiSearchResponseSchema = named(
  z.object({
    query: z.string(),
    confidence: z.number().min(0).max(1).describe('How sure the search is that these apps answer the query (below 0.35: weak).'),
    reasoning: z.string().describe('One or two sentences on what was understood and recommended.'),
    relaxed: z
      .array(z.string())
      .optional()
      .describe('Constraints of the query that were relaxed because nothing matched them all.'),
    unsure: z.boolean().describe('True when the apps are only the closest matches, not sure fits.'),
    understood: z
      .array(
        z.object({
          kind: z.enum(['need', 'app', 'price', 'audience', 'platform', 'category', 'language']),
          label: z.string(),
        }),
      )
      .describe('What the search read in the query: needs, a named app, price, audience, platform, category, language.'),
    data: z.array(apiSearchHitSchema),
  }),
  'SearchResult',
  'The apps that best answer a query, best first.',
);
export type ApiSearchResponse = z.output<typeof apiSearchResponseSchema>;

export const apiAppResponseSchema = named(z.object({ data: apiAppSchema }), 'AppResponse', 'One app.');

/** `GET /api/v1/apps/{id}/reviews` */
export const apiReviewsQuerySchema = z.object({
  sort: z
    .enum(['newest', 'helpful'], { error: 'sort must be newest or helpful' })
    .default('newest')
    .describe('Newest first, or most helpful first.'),
  limit: limit(API_LIST_DEFAULT_LIMIT, API_LIST_MAX_LIMIT).describe(
    `How many reviews (default ${API_LIST_DEFAULT_LIMIT}, at most ${API_LIST_MAX_LIMIT}).`,
  ),
});
export type ApiReviewsQuery = z.output<typeof apiReviewsQuerySchema>;

export const apiReviewSchema = named(
  z.object({
    id: z.number().int(),
    rating: z.number().int().min(1).max(5).describe('Stars, 1 to 5.'),
    title: z.string(),
    text: z.string(),
    name: z.string().describe('The display name the reviewer chose.'),
    helpfulCount: z.number().int().min(0).describe('Visitors who found the review helpful.'),
    createdAt: isoDate,
  }),
  'Review',
  'A review written by a visitor and approved by a curator.',
);
export type ApiReview = z.output<typeof apiReviewSchema>;

const reviewAverage = z
  .number()
  .min(1)
  .max(5)
  .nullable()
  .describe('Mean stars of the approved reviews, one decimal; null with none.');
const reviewCount = z.number().int().min(0).describe('Number of approved reviews.');

export const apiReviewListSchema = named(
  z.object({ average: reviewAverage, count: reviewCount, data: z.array(apiReviewSchema) }),
  'ReviewList',
  "An app's approved reviews (visitors' reviews wait for a curator before they count or appear).",
);
export type ApiReviewList = z.output<typeof apiReviewListSchema>;

export const apiReviewSummarySchema = named(
  z.object({
    average: reviewAverage,
    count: reviewCount,
    latest: z.array(apiReviewSchema).max(3).describe('The 3 newest approved reviews.'),
  }),
  'ReviewSummary',
  "What visitors say about an app: approved reviews only. The app's `rating` is the curators' rating, not the visitors'.",
);

export const apiAppWithReviewsResponseSchema = named(
  z.object({ data: apiAppSchema, reviews: apiReviewSummarySchema }),
  'AppWithReviews',
  'One app and what its visitors say about it.',
);
export type ApiAppWithReviewsResponse = z.output<typeof apiAppWithReviewsResponseSchema>;

export const apiAlternativeSchema = named(
  apiAppSchema.extend({
    reason: z.string().describe('What the two apps share.'),
    evidence: z.array(apiEvidenceSchema).describe("Each claim of reason with both listings' own words."),
    similarity: z.number().min(0).max(1).describe('Higher is a closer substitute.'),
  }),
  'Alternative',
  'An app that can replace another one for its main job.',
);

export const apiAlternativesResponseSchema = named(
  z.object({ app: apiAppSchema, data: z.array(apiAlternativeSchema) }),
  'AlternativesResult',
  'The alternatives of an app, closest first.',
);
export type ApiAlternativesResponse = z.output<typeof apiAlternativesResponseSchema>;

export const apiCompareRowSchema = named(
  z.object({
    label: z.string(),
    cells: z.array(z.string().nullable()).describe('One cell per app, in the order of `data`; null where the app lacks it.'),
  }),
  'CompareRow',
  'One aligned row of a comparison.',
);

export const apiCompareResponseSchema = named(
  z.object({
    data: z.array(apiAppSchema).describe('The apps in canonical order.'),
    pageUrl: url.describe('The comparison page on Aitlas.'),
    features: z.array(apiCompareRowSchema),
    useCases: z.array(apiCompareRowSchema),
  }),
  'CompareResult',
  'Two to four apps side by side.',
);
export type ApiCompareResponse = z.output<typeof apiCompareResponseSchema>;

export const apiCategorySchema = named(
  z.object({
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    appCount: z.number().int().min(0).describe('Published apps in the category.'),
  }),
  'Category',
  'A category of apps.',
);

export const apiCategoriesResponseSchema = named(
  z.object({ data: z.array(apiCategorySchema) }),
  'CategoryList',
  'Every active category.',
);
export type ApiCategoriesResponse = z.output<typeof apiCategoriesResponseSchema>;

export const apiErrorSchema = named(
  z.object({
    error: z.object({
      code: z
        .string()
        .describe('A stable machine-readable code, e.g. `validation_failed`, `not_found`, `rate_limited`, `unauthorized`.'),
      message: z.string().describe('A readable explanation.'),
      details: z.unknown().optional(),
    }),
  }),
  'Error',
  'Every error of the API has this shape.',
);

// ---------------------------------------------------------------------------------------------
// Task pages and stacks (issue 23)
// ---------------------------------------------------------------------------------------------

/** `GET /api/v1/tasks/{slug}` */
export const apiTaskSlugParamsSchema = z.object({
  slug: z.string().trim().min(1).max(100).describe('A task slug, as listed by `/api/v1/tasks`.'),
});

export const apiTaskQuerySchema = z.object({
  pricing: pricing.optional(),
  limit: limit(API_SEARCH_DEFAULT_LIMIT, 30).describe('How many ranked apps to return.'),
});
export type ApiTaskQuery = z.output<typeof apiTaskQuerySchema>;

export const apiTaskSummarySchema = named(
  z.object({
    slug: z.string(),
    name: z.string().describe('The page title, "Best AI tools for …".'),
    appCount: z.number().int().min(0).describe('Published apps that state the task.'),
    url: url.describe('The task page.'),
  }),
  'TaskSummary',
  'A task page: one task the search engine knows with at least 3 published apps.',
);
export type ApiTaskSummary = z.output<typeof apiTaskSummarySchema>;

export const apiTasksResponseSchema = named(z.array(apiTaskSummarySchema), 'TaskList', 'Every task page.');

export const apiTaskAppSchema = named(
  apiAppSchema.extend({ reason: z.string().describe('Why this app fits the task.'), rank: z.number().int().min(1) }),
  'TaskApp',
  'An app ranked for a task, with the reason.',
);

export const apiTaskResponseSchema = named(
  z.object({
    task: apiTaskSummarySchema.extend({ label: z.string().describe('The task in words.'), intro: z.string() }),
    apps: z.array(apiTaskAppSchema),
  }),
  'TaskPage',
  'A task page: the task and its ranked apps (optionally of one pricing).',
);
export type ApiTaskResponse = z.output<typeof apiTaskResponseSchema>;

/** `GET /api/v1/stacks/{id}` */
export const apiStackIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'Invalid stack id')
    .describe('The id of a shared stack (from its page URL `/stacks/{id}`).'),
});

export const apiStackResponseSchema = named(
  z.object({
    id: z.string(),
    title: z.string(),
    url: url.describe('The stack page.'),
    apps: z.array(
      z.object({
        name: z.string(),
        note: z.string().nullable(),
        listed: z.boolean().describe('False when the app has been unpublished or removed since; `app` is then null.'),
        app: apiAppSchema.nullable(),
      }),
    ),
  }),
  'Stack',
  'A list of apps someone put together and shared, in their order, with their notes.',
);
export type ApiStackResponse = z.output<typeof apiStackResponseSchema>;
