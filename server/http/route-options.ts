import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
  FastifyTypeProvider,
} from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { RATE_LIMIT_POLICIES, rateLimited, type RateLimitPolicy, type RateLimitPolicyName } from '../lib/rate-limits';
import { parseInput, sentField } from '../lib/validate';
import { browserKey, clientKey, visitorKey } from '../lib/visitor';

/**
 * The route options every module uses (issue 26): a route declares its input as zod schemas,
 * `schema: { params, querystring, body }`, and its rate limits by name,
 * `config: { rateLimit: 'search' }`; the handler receives the parsed, typed values as
 * `request.params`, `request.query` and `request.body`. A failed validation answers 400
 * `validation_failed` exactly as `parseInput` does (the first problem as the message, every
 * field's messages in `details.fields`); a refused rate limit answers the policy's 429.
 *
 * Fastify validates params, then body, then querystring, before the route's preHandler hooks, so
 * bad input costs no rate-limit hit, except for a policy marked `beforeValidation`.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** The rate-limit policies (server/lib/rate-limits.ts) this route counts every request against. */
    rateLimit?: RateLimitPolicyName | readonly RateLimitPolicyName[];
  }
}

/** Types `request.params/query/body` as the outputs of the route's zod schemas. */
export interface ZodRouteInput extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** Fastify hands an absent body (and absent params or query) to the validator as null. */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data: unknown) => {
    try {
      return { value: parseInput(schema, data ?? {}) };
    } catch (error) {
      return { error: error as Error };
    }
  };

/**
 * A PATCH body: the schema's fields that the body sent, and only those, since a schema's defaults
 * would otherwise fill the absent ones and overwrite stored values.
 */
export function patchBody<S extends z.ZodObject>(schema: S) {
  return z.unknown().transform((input, context): Partial<z.output<S>> => {
    const parsed = parseWithin(schema, input, context) as Record<string, unknown> | typeof z.NEVER;
    if (parsed === z.NEVER) return z.NEVER;
    return Object.fromEntries(Object.entries(parsed).filter(([key]) => sentField(input, key))) as Partial<z.output<S>>;
  });
}

/**
 * Parses `input` with `schema` inside another schema's transform (a body that is one of two
 * shapes): its issues become the outer schema's, paths and messages unchanged.
 */
export function parseWithin<S extends z.ZodType>(schema: S, input: unknown, context: z.core.$RefinementCtx): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  for (const issue of result.error.issues) context.addIssue({ ...issue, input } as z.core.$ZodRawIssue);
  return z.NEVER as never;
}

function subjectOf(ctx: AppContext, key: 'client' | 'visitor' | 'browser', request: FastifyRequest, reply: FastifyReply): string {
  if (key === 'client') return clientKey(request);
  if (key === 'visitor') return visitorKey(request, reply, ctx.env.SECRET, ctx.env.PUBLIC_URL);
  return browserKey(request, reply, ctx.env.SECRET, { publicUrl: ctx.env.PUBLIC_URL });
}

/** Takes the route's `config.rateLimit` policies that count at this stage; the first refusal answers 429. */
async function takeRouteLimits(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  beforeValidation: boolean,
): Promise<void> {
  const named = request.routeOptions.config.rateLimit;
  if (!named) return;
  const names = (typeof named === 'string' ? [named] : named).filter(
    (name) => ((RATE_LIMIT_POLICIES[name] as RateLimitPolicy).beforeValidation ?? false) === beforeValidation,
  );
  const decisions = await Promise.all(
    names.map(async (name) => {
      const policy = RATE_LIMIT_POLICIES[name];
      if (policy.key === 'subject') throw new Error(`Rate-limit policy ${name} counts a subject, not a request`);
      return { name, decision: await ctx.rateLimits.hit(name, subjectOf(ctx, policy.key, request, reply)) };
    }),
  );
  const refused = decisions.find((entry) => !entry.decision.allowed);
  if (refused) throw rateLimited(refused.name, refused.decision);
}

/**
 * Installs the route options on the root instance, before any module registers its routes: zod
 * validation of `schema`, and the route's `config.rateLimit` policies, taken before validation
 * (preValidation) for those that say so, after it (preHandler) for the others.
 */
export function registerRouteOptions(app: FastifyInstance, ctx: AppContext): void {
  app.setValidatorCompiler(validatorCompiler as FastifySchemaCompiler<FastifySchema>);
  app.addHook('preValidation', async (request, reply) => takeRouteLimits(ctx, request, reply, true));
  app.addHook('preHandler', async (request, reply) => takeRouteLimits(ctx, request, reply, false));
}
