import { z } from 'zod';
import { API_V1_PREFIX, apiErrorSchema, apiSchemaRegistry } from '@shared/schemas/public-api';
import type { ApiOperation } from './public-api.operations';

type JsonSchema = Record<string, unknown>;

const COMPONENT_REF = '#/components/schemas/';

/** A parameter's zod schema as plain JSON Schema 2020-12 (the dialect of OpenAPI 3.1), as a client sends it. */
function parameterSchema(schema: z.ZodType): JsonSchema {
  return withoutRootKeywords(
    z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema,
  );
}

function withoutRootKeywords(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

function refTo(schema: z.ZodType): JsonSchema {
  const id = apiSchemaRegistry.get(schema)?.id;
  if (!id) throw new Error('A response schema of the public API must be registered with an id');
  return { $ref: `${COMPONENT_REF}${id}` };
}

const rateLimitHeaders = {
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimit-Limit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimit-Reset' },
};

const errorResponses: Record<number, { description: string }> = {
  400: { description: 'Invalid parameters (the message names the problem; `details` lists each field).' },
  401: { description: 'The Authorization header holds an unknown or revoked API key.' },
  404: { description: 'No such app or category.' },
  429: { description: 'Rate limit reached: wait `Retry-After` seconds (or use an API key for a higher limit).' },
};

function parametersOf(
  schema: z.ZodObject<z.ZodRawShape> | undefined,
  location: 'query' | 'path',
  descriptions: Record<string, string> = {},
): JsonSchema[] {
  if (!schema) return [];
  return Object.entries(schema.shape).map(([name, field]) => {
    const fieldSchema = field as z.ZodType;
    const json = parameterSchema(fieldSchema);
    const description = descriptions[name] ?? (typeof json.description === 'string' ? json.description : undefined);
    const required = location === 'path' || !fieldSchema.safeParse(undefined).success;
    return { name, in: location, required, ...(description ? { description } : {}), schema: json };
  });
}

function curlExample(publicUrl: string, example: string): string {
  return `\`\`\`sh\ncurl '${publicUrl}${API_V1_PREFIX}${example}'\n\`\`\``;
}

/**
 * The OpenAPI 3.1 document of `/api/v1`, generated from the operations (their zod schemas) at
 * start-up: what the routes validate and answer is what the document says.
 */
export function buildOpenApiDocument(
  operations: ApiOperation[],
  options: { publicUrl: string; anonymousLimit: number; keyLimit: number },
): JsonSchema {
  const { schemas } = z.toJSONSchema(apiSchemaRegistry, {
    target: 'draft-2020-12',
    unrepresentable: 'any',
    uri: (id) => `${COMPONENT_REF}${id}`,
  }) as {
    schemas: Record<string, JsonSchema>;
  };
  const components = Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, withoutRootKeywords(schema)]));

  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const path = `${API_V1_PREFIX}${operation.path.replace(/:(\w+)/g, '{$1}')}`;
    const responses: Record<string, unknown> = {
      200: {
        description: operation.summary,
        headers: { ETag: { $ref: '#/components/headers/ETag' }, ...rateLimitHeaders },
        content: { 'application/json': { schema: refTo(operation.response) } },
      },
      304: { description: 'Not modified: the `If-None-Match` ETag is current.' },
    };
    for (const status of [...operation.errors, 401, 429].sort()) {
      responses[status] = {
        ...errorResponses[status],
        ...(status === 429
          ? { headers: { 'Retry-After': { $ref: '#/components/headers/Retry-After' }, ...rateLimitHeaders } }
          : {}),
        content: { 'application/json': { schema: refTo(apiErrorSchema) } },
      };
    }
    paths[path] = {
      get: {
        operationId: operation.operationId,
        tags: [operation.tag],
        summary: operation.summary,
        description: `${operation.description}\n\n${curlExample(options.publicUrl, operation.example)}`,
        parameters: [
          ...parametersOf(operation.params, 'path'),
          ...parametersOf(operation.query, 'query', operation.queryDescriptions),
        ],
        responses,
      },
    };
  }

  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Aitlas API',
      version: '1.0.0',
      summary: 'Find, compare and explore AI tools.',
      description: [
        'A read-only, versioned API over the Aitlas catalogue of AI tools and its offline AI search.',
        '',
        `- **No key needed.** Anonymous clients get ${options.anonymousLimit} requests per minute per address; an API key (\`Authorization: Bearer aitlas_…\`, issued by the site's admins) raises it to ${options.keyLimit}. An unknown or revoked key is refused with 401.`,
        '- **Rate limits** are in the `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` headers of every answer; a 429 carries `Retry-After`.',
        '- **Caching:** answers carry an `ETag`; send it back in `If-None-Match` to get `304 Not Modified`.',
        '- **CORS** is open: any web page may call the API.',
        '- **Errors** always look like `{"error": {"code", "message", "details"?}}`.',
        `- **Agents:** the same data is served to AI agents over MCP at \`${options.publicUrl}/mcp\` (Streamable HTTP).`,
      ].join('\n'),
    },
    servers: [{ url: options.publicUrl }],
    security: [{}, { apiKey: [] }],
    tags: [
      { name: 'Search', description: 'The AI search.' },
      { name: 'Apps', description: 'Apps, their alternatives and comparisons.' },
      { name: 'Categories', description: 'The categories of the catalogue.' },
      { name: 'Tasks', description: 'The "Best AI tools for …" task pages and their ranked apps.' },
      { name: 'Stacks', description: 'Lists of apps visitors put together and shared.' },
    ],
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'Optional. An Aitlas API key raises the rate limit.' },
      },
      headers: {
        ETag: { description: 'A tag of this answer, for `If-None-Match`.', schema: { type: 'string' } },
        'RateLimit-Limit': { description: 'Requests allowed per minute for this client.', schema: { type: 'integer' } },
        'RateLimit-Remaining': { description: 'Requests left in the current minute.', schema: { type: 'integer' } },
        'RateLimit-Reset': { description: 'Seconds until the current window ends.', schema: { type: 'integer' } },
        'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } },
      },
    },
  };
}
