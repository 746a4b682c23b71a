import type { z } from 'zod';
import {
  apiAlternativesQuerySchema,
  apiAlternativesResponseSchema,
  apiAppIdParamsSchema,
  apiAppPageSchema,
  apiAppResponseSchema,
  apiAppSlugParamsSchema,
  apiAppsQuerySchema,
  apiCategoriesResponseSchema,
  apiCompareQuerySchema,
  apiCompareResponseSchema,
  apiReviewListSchema,
  apiReviewsQuerySchema,
  apiSearchQuerySchema,
  apiSearchResponseSchema,
  apiStackIdParamsSchema,
  apiStackResponseSchema,
  apiTaskQuerySchema,
  apiTaskResponseSchema,
  apiTaskSlugParamsSchema,
  apiTasksResponseSchema,
} from '@shared/schemas/public-api';
import type { PublicApiService } from './public-api.service';

type ObjectSchema = z.ZodObject<z.ZodRawShape>;

/**
 * One route of the public API: what validates its input, what its answer looks like, how it is
 * documented, and what answers it. The routes and the OpenAPI document are both built from this
 * list, so neither can drift from the other.
 */
export interface ApiOperation {
  operationId: string;
  /** Fastify path below `/api/v1` (`:param` style). */
  path: string;
  tag: 'Search' | 'Apps' | 'Categories' | 'Tasks' | 'Stacks';
  summary: string;
  description: string;
  /** A request path (below `/api/v1`, query included) shown as a curl example. */
  example: string;
  params?: ObjectSchema;
  query?: ObjectSchema;
  /** Descriptions of query parameters whose shared schema carries none. */
  queryDescriptions?: Record<string, string>;
  response: z.ZodType;
  /** Error statuses this route can answer besides 429 (every route) and 401 (a bad key). */
  errors: (400 | 404)[];
  handle(service: PublicApiService, input: { params: unknown; query: unknown }): Promise<unknown>;
}

/** Every route of `/api/v1`, in documentation order. `parse` validates with the same schemas the document shows. */
export function apiOperations(
  parse: <S extends z.ZodType>(schema: S, input: unknown, what: string) => z.output<S>,
): ApiOperation[] {
  return [
    {
      operationId: 'searchApps',
      path: '/search',
      tag: 'Search',
      summary: 'Find the apps for a need',
      description:
        'The AI search of Aitlas, offline and explainable: describe a task ("remove the background from a photo"), name an app ("alternatives to grammarly", "notion vs obsidian"), add constraints in words ("free", "for teams") or as parameters. Each app comes with why it matched; the answer has a confidence and a short reasoning.',
      example: '/search?q=transcribe%20meetings&pricing=free&limit=5',
      query: apiSearchQuerySchema,
      response: apiSearchResponseSchema,
      errors: [400, 404],
      handle: (service, { query }) => service.search(parse(apiSearchQuerySchema, query, 'query')),
    },
    {
      operationId: 'listApps',
      path: '/apps',
      tag: 'Apps',
      summary: 'List apps',
      description:
        'Published apps, filtered and sorted, one page at a time. Follow `next` (pass it as `cursor`) until it is null; pages stay consistent while apps are added (no app is repeated or skipped). A cursor works only with the sort and filters it was made with.',
      example: '/apps?category=design&sort=rating&limit=20',
      query: apiAppsQuerySchema,
      response: apiAppPageSchema,
      errors: [400, 404],
      handle: (service, { query }) => service.listApps(parse(apiAppsQuerySchema, query, 'query')),
    },
    {
      operationId: 'getApp',
      path: '/apps/:id',
      tag: 'Apps',
      summary: 'Get an app by id',
      description: 'One published app.',
      example: '/apps/1',
      params: apiAppIdParamsSchema,
      response: apiAppResponseSchema,
      errors: [400, 404],
      handle: async (service, { params }) => ({ data: await service.appById(parse(apiAppIdParamsSchema, params, 'app id').id) }),
    },
    {
      operationId: 'getAppBySlug',
      path: '/apps/:categorySlug/:nameSlug',
      tag: 'Apps',
      summary: 'Get an app by its page slugs',
      description:
        'One published app by the two last segments of its page URL (`/ai-apps/{categorySlug}/{nameSlug}`); former slugs still find the app.',
      example: '/apps/writing/grammarly',
      params: apiAppSlugParamsSchema,
      response: apiAppResponseSchema,
      errors: [400, 404],
      handle: async (service, { params }) => {
        const { categorySlug, nameSlug } = parse(apiAppSlugParamsSchema, params, 'app path');
        return { data: await service.appBySlug(categorySlug, nameSlug) };
      },
    },
    {
      operationId: 'listAlternatives',
      path: '/apps/:id/alternatives',
      tag: 'Apps',
      summary: 'Alternatives to an app',
      description:
        'The apps that can replace this one for its main job, closest first, each with what they share. Optionally only free, freemium or paid ones.',
      example: '/apps/1/alternatives?pricing=free&limit=6',
      params: apiAppIdParamsSchema,
      query: apiAlternativesQuerySchema,
      response: apiAlternativesResponseSchema,
      errors: [400, 404],
      handle: async (service, { params, query }) => {
        // `/apps/{categorySlug}/alternatives` routes here too: an app whose name slug is "alternatives".
        const raw = (params as { id?: string }).id ?? '';
        if (!/^\d+$/.test(raw))
          return {
            data: await service.appBySlug(
              parse(apiAppSlugParamsSchema, { categorySlug: raw, nameSlug: 'alternatives' }, 'app path').categorySlug,
              'alternatives',
            ),
          };
        return service.alternatives(
          parse(apiAppIdParamsSchema, params, 'app id').id,
          parse(apiAlternativesQuerySchema, query, 'query'),
        );
      },
    },
    {
      operationId: 'listReviews',
      path: '/apps/:id/reviews',
      tag: 'Apps',
      summary: "An app's reviews",
      description:
        "Reviews written by visitors and approved by a curator, newest or most helpful first, with their average and count (approved reviews only). The app's own `rating` is the curators' rating.",
      example: '/apps/1/reviews?sort=helpful&limit=10',
      params: apiAppIdParamsSchema,
      query: apiReviewsQuerySchema,
      response: apiReviewListSchema,
      errors: [400, 404],
      handle: async (service, { params, query }) => {
        // `/apps/{categorySlug}/reviews` routes here too: an app whose name slug is "reviews".
        const raw = (params as { id?: string }).id ?? '';
        if (!/^\d+$/.test(raw))
          return {
            data: await service.appBySlug(
              parse(apiAppSlugParamsSchema, { categorySlug: raw, nameSlug: 'reviews' }, 'app path').categorySlug,
              'reviews',
            ),
          };
        return service.reviews(parse(apiAppIdParamsSchema, params, 'app id').id, parse(apiReviewsQuerySchema, query, 'query'));
      },
    },
    {
      operationId: 'compareApps',
      path: '/compare',
      tag: 'Apps',
      summary: 'Compare 2 to 4 apps',
      description:
        'Apps side by side, with their features and use cases aligned (a row with one filled cell is something only that app has) and the comparison page URL.',
      example: '/compare?slugs=chatgpt,claude',
      query: apiCompareQuerySchema,
      queryDescriptions: {
        ids: '2 to 4 comma-separated app ids, e.g. `12,40`. Give either `ids` or `slugs`.',
        slugs: '2 to 4 comma-separated app name slugs, e.g. `chatgpt,claude`.',
      },
      response: apiCompareResponseSchema,
      errors: [400, 404],
      handle: (service, { query }) => service.compare(parse(apiCompareQuerySchema, query, 'query')),
    },
    {
      operationId: 'listCategories',
      path: '/categories',
      tag: 'Categories',
      summary: 'List categories',
      description: 'Every active category with its number of published apps; use a `slug` as the `category` filter.',
      example: '/categories',
      response: apiCategoriesResponseSchema,
      errors: [],
      handle: (service) => service.categoryList(),
    },
    {
      operationId: 'listTasks',
      path: '/tasks',
      tag: 'Tasks',
      summary: 'List the task pages',
      description:
        'Every "Best AI tools for …" page: one per task the search engine knows that at least 3 published apps state, with how many apps it ranks.',
      example: '/tasks',
      response: apiTasksResponseSchema,
      errors: [],
      handle: (service) => service.tasks(),
    },
    {
      operationId: 'getTask',
      path: '/tasks/:slug',
      tag: 'Tasks',
      summary: 'The best apps for a task',
      description:
        'A task page: the apps that state the task, ranked by how closely they fit it and how widely they are used, each with the reason. Optionally only free, freemium or paid ones.',
      example: '/tasks/transcription?pricing=free&limit=5',
      params: apiTaskSlugParamsSchema,
      query: apiTaskQuerySchema,
      response: apiTaskResponseSchema,
      errors: [400, 404],
      handle: (service, { params, query }) =>
        service.task(parse(apiTaskSlugParamsSchema, params, 'task').slug, parse(apiTaskQuerySchema, query, 'query')),
    },
    {
      operationId: 'getStack',
      path: '/stacks/:id',
      tag: 'Stacks',
      summary: 'A shared stack',
      description:
        'A list of apps a visitor put together and shared (`/stacks/{id}`), in their order, with their notes. An app unpublished since is kept by name with `listed: false`.',
      example: '/stacks/AbCdEfGhIjKlMnOpQrStUv',
      params: apiStackIdParamsSchema,
      response: apiStackResponseSchema,
      errors: [400, 404],
      handle: (service, { params }) => service.stack(parse(apiStackIdParamsSchema, params, 'stack id').id),
    },
  ];
}
