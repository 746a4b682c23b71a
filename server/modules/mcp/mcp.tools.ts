import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, RequestId } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { z } from 'zod';
import { PRICING_TYPES, SEARCH_QUERY_MAX_LENGTH } from '@shared/constants';
import { ALTERNATIVES_PAGE_LIMIT, COMPARE_MAX_APPS, COMPARE_MIN_APPS } from '@shared/schemas/alternatives';
import {
  API_SEARCH_MAX_LIMIT,
  apiAlternativesResponseSchema,
  apiAppWithReviewsResponseSchema,
  apiCompareResponseSchema,
  apiSearchResponseSchema,
  apiTaskResponseSchema,
} from '@shared/schemas/public-api';
import type { PublicApiService } from '../public-api/public-api.service';
import { toolResult } from './mcp.results';

const pricing = z
  .enum(PRICING_TYPES)
  .optional()
  .describe('Only apps with this pricing model: free, freemium (free plan or trial) or paid.');
const appId = z.number().int().positive().max(2_147_483_647);
const appSlug = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .describe('The app\'s slug: its name slug ("grammarly") or category and name slugs ("writing/grammarly"), as in its page URL.');

/** One app named by id or slug (exactly one). */
const appReference = z
  .object({ id: appId.optional().describe('The app id (from a previous result).'), slug: appSlug.optional() })
  .refine((value) => (value.id === undefined) !== (value.slug === undefined), 'Give either id or slug, not both');

const searchInput = {
  query: z
    .string()
    .trim()
    .min(1)
    .max(SEARCH_QUERY_MAX_LENGTH)
    .describe('What the user wants to do or which tool they ask about.'),
  pricing,
  category: z.string().trim().min(1).max(100).optional().describe('A category slug or name, e.g. "design" or "Writing".'),
  limit: z
    .number()
    .int()
    .min(1)
    .max(API_SEARCH_MAX_LIMIT)
    .optional()
    .describe(`How many apps to return (default 10, at most ${API_SEARCH_MAX_LIMIT}).`),
};
const alternativesInput = z
  .object({
    id: appId.optional().describe('The app id.'),
    slug: appSlug.optional(),
    pricing,
    limit: z
      .number()
      .int()
      .min(1)
      .max(ALTERNATIVES_PAGE_LIMIT)
      .optional()
      .describe(`How many alternatives (default 6, at most ${ALTERNATIVES_PAGE_LIMIT}).`),
  })
  .refine((value) => (value.id === undefined) !== (value.slug === undefined), 'Give either id or slug, not both');
const compareInput = {
  apps: z
    .array(z.union([appId, appSlug]))
    .min(COMPARE_MIN_APPS)
    .max(COMPARE_MAX_APPS)
    .describe(`${COMPARE_MIN_APPS} to ${COMPARE_MAX_APPS} tools, each by id (number) or slug (text).`),
};
const taskInput = {
  task: z.string().trim().min(1).max(SEARCH_QUERY_MAX_LENGTH).describe('A task slug or the task in plain words.'),
  pricing,
  limit: z.number().int().min(1).max(30).optional().describe('How many apps to return (default 10, at most 30).'),
};
/** Validates what a client sends back (elicitation); holds no state of a request. */
const jsonSchemaValidator = new AjvJsonSchemaValidator();

/**
 * A read-only MCP server over the catalogue and the search: the same service (and so the same
 * answers, in the v1 shape with each app's public page URL) as the public API. Failures (unknown
 * app, bad arguments) come back as tool errors the agent can read and act on. It keeps nothing of a
 * request once answered (what an `initialize` tells it about the client is never read), so one
 * server can answer every client of an instance.
 */
export function createMcpServer(
  service: PublicApiService,
  version: string,
  answered?: (requestId: RequestId, data: object) => void,
): McpServer {
  /** The result of a tool that answered `data`, told to the transport (it can reuse the answer's JSON text). */
  const answer = (data: object, extra: { requestId: RequestId }): CallToolResult => {
    answered?.(extra.requestId, data);
    return toolResult(data);
  };
  const server = new McpServer(
    { name: 'aitlas', title: 'Aitlas: find and compare AI tools', version },
    {
      jsonSchemaValidator,
      instructions:
        'Aitlas is a directory of AI tools with an offline AI search. Use search_ai_tools to find tools for a task (or best_ai_tools_for_task for the ranked list of a task), then get_ai_tool, find_alternatives or compare_ai_tools on the results. Every app carries its Aitlas page URL (pageUrl) to show the user.',
    },
  );
  const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

  server.registerTool(
    'search_ai_tools',
    {
      title: 'Search AI tools',
      description:
        'Find the AI tools that fit a need. Describe the task in plain words ("remove the background from product photos", "transcribe meetings in Spanish"), or name a tool ("alternatives to grammarly", "midjourney vs dall-e"). Returns apps best first, each with why it matched, plus a confidence (below 0.35 means weak matches) and a short reasoning.',
      inputSchema: searchInput,
      outputSchema: apiSearchResponseSchema,
      annotations: readOnly,
    },
    async ({ query, pricing: price, category, limit }, extra) =>
      answer(await service.search({ q: query, pricing: price, category, limit: limit ?? 10 }), extra),
  );

  server.registerTool(
    'get_ai_tool',
    {
      title: 'Get an AI tool',
      description:
        "Everything Aitlas knows about one AI tool: description, features, use cases, pricing, the curators' rating, traffic, company, website and Aitlas page, and what visitors say (approved reviews: average stars, count and the latest 3). Give its id or its slug.",
      inputSchema: appReference,
      outputSchema: apiAppWithReviewsResponseSchema,
      annotations: readOnly,
    },
    async (reference, extra) => answer(await service.appWithReviews(reference), extra),
  );

  server.registerTool(
    'find_alternatives',
    {
      title: 'Find alternatives to an AI tool',
      description:
        'The AI tools that can replace a given one for its main job, closest first, each with what they share. Use pricing "free" for free alternatives. Give the tool\'s id or slug.',
      inputSchema: alternativesInput,
      outputSchema: apiAlternativesResponseSchema,
      annotations: readOnly,
    },
    async ({ id, slug, pricing: price, limit }, extra) => {
      const app = await service.appByReference({ id, slug });
      return answer(await service.alternatives(app.id, { limit: limit ?? 6, pricing: price }), extra);
    },
  );

  server.registerTool(
    'compare_ai_tools',
    {
      title: 'Compare AI tools',
      description: `Compare ${COMPARE_MIN_APPS} to ${COMPARE_MAX_APPS} AI tools side by side: their details, and their features and use cases aligned (a row with a single filled cell is something only that tool has). Returns the comparison page URL too.`,
      inputSchema: compareInput,
      outputSchema: apiCompareResponseSchema,
      annotations: readOnly,
    },
    async ({ apps }, extra) => {
      const resolved = await Promise.all(
        apps.map((app) => service.appByReference(typeof app === 'number' ? { id: app } : { slug: app })),
      );
      return answer(await service.compare({ ids: resolved.map((app) => app.id) }), extra);
    },
  );

  server.registerTool(
    'best_ai_tools_for_task',
    {
      title: 'Best AI tools for a task',
      description:
        'The ranked "Best AI tools for …" list of a task: the tools whose own listings say they do it, best first, each with the reason, and the task page URL. Give the task slug from /api/v1/tasks ("transcription", "meeting-notes") or the task in plain words ("transcribe meetings").',
      inputSchema: taskInput,
      outputSchema: apiTaskResponseSchema,
      annotations: readOnly,
    },
    async ({ task, pricing: price, limit }, extra) =>
      answer(await service.task(task, { pricing: price, limit: limit ?? 10 }), extra),
  );

  return server;
}
