import { count, eq, lt, or } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance, RouteOptions } from 'fastify';
import pino from 'pino';
import type { z } from 'zod';
import { adminAppCreateSchema, adminAppListQuerySchema, adminAppStatusSchema, adminAppUpdateSchema, adminBulkDeleteSchema, adminImportQuerySchema } from '@shared/schemas/admin-app';
import { appRecordSchema, marketplaceQuerySchema } from '@shared/schemas/app';
import { loginRequestSchema } from '@shared/schemas/auth';
import { blogFormSchema, blogListQuerySchema } from '@shared/schemas/blog';
import { categoryDialogSchema, categoryPatchSchema, categoryReorderSchema } from '@shared/schemas/category';
import { discoverRequestSchema, discoverySourceInputSchema, discoverySourcePatchSchema, submissionSchema } from '@shared/schemas/discovery';
import { notificationListQuerySchema } from '@shared/schemas/notification';
import { searchRequestSchema } from '@shared/schemas/search';
import { syncIntervalSchema } from '@shared/schemas/settings';
import { reviewAdminListQuerySchema, reviewBulkSchema, reviewInputSchema, reviewListQuerySchema, reviewModerationSchema } from '@shared/schemas/review';
import { buildApp } from '../../app';
import { createContext, type AppContext } from '../../context';
import type { Database } from '../../db/database';
import { apps, categories } from '../../db/schema';
import { ensureAllCategory } from '../../db/seed/seed';
import { testEnv } from '../../env';
import { signInAsAdmin } from '../admin-session';
import { buildAppRecord, insertApps } from '../../db/factories';
import { encodeComponent, hostileParam, hostileRawBody, hostileValue } from './hostile-values';
import { arbitraryFor } from './zod-arbitrary';

/**
 * The shared schema of each route's body and query, by "METHOD /path". A route missing here is
 * still fuzzed (with generic and hostile values): the table only makes the values more plausible.
 */
const BODY_SCHEMAS: Record<string, z.ZodType> = {
  'POST /api/login': loginRequestSchema,
  'POST /api/search': searchRequestSchema,
  'POST /api/discover-app': submissionSchema,
  'POST /api/admin/discover': discoverRequestSchema,
  'POST /api/admin/discovery-sources': discoverySourceInputSchema,
  'PATCH /api/admin/discovery-sources/:id': discoverySourcePatchSchema,
  'POST /api/admin/blog': blogFormSchema,
  'PATCH /api/admin/blog/:id': blogFormSchema,
  'POST /api/admin/categories': categoryDialogSchema,
  'PATCH /api/admin/categories/:id': categoryPatchSchema,
  'PATCH /api/admin/categories/:id/reorder': categoryReorderSchema,
  'POST /api/admin/sync-interval': syncIntervalSchema,
  'POST /api/admin/apps': adminAppCreateSchema,
  'PUT /api/admin/apps/:id': adminAppUpdateSchema,
  'PATCH /api/admin/apps/:id/status': adminAppStatusSchema,
  'POST /api/admin/apps/bulk-delete': adminBulkDeleteSchema,
  'POST /api/apps/:id/reviews': reviewInputSchema,
  'PUT /api/apps/:id/reviews/mine': reviewInputSchema,
  'PATCH /api/admin/reviews/:id': reviewModerationSchema,
  'POST /api/admin/reviews/bulk': reviewBulkSchema,
};
const IMPORT_BODY = appRecordSchema;
/**
 * Category texts an import names: current names, the old name and the slug of a renamed category (the
 * setup renames "Coding"), new ones and ones with no letters, so multi-app files meet every resolution path.
 */
const IMPORT_CATEGORIES = ['Writing', 'writing', 'Coding', 'coding', 'Code Assistants', 'Fuzz New Shelf', 'fuzz new shelf', '!!!', 'All', 'ALL!'];
const importBody = fc.array(
  fc.tuple(arbitraryFor(IMPORT_BODY), fc.option(fc.constantFrom(...IMPORT_CATEGORIES), { nil: undefined })).map(([record, category]) =>
    category && record && typeof record === 'object' ? { ...record, category } : record,
  ),
  { minLength: 1, maxLength: 4 },
);
const QUERY_SCHEMAS: Record<string, z.ZodType> = {
  'GET /api/marketplace': marketplaceQuerySchema,
  'GET /api/marketplace/apps': marketplaceQuerySchema,
  'GET /api/blog': blogListQuerySchema,
  'GET /api/admin/apps': adminAppListQuerySchema,
  'POST /api/admin/apps/import': adminImportQuerySchema,
  'GET /api/admin/notifications': notificationListQuerySchema,
  'GET /api/apps/:id/reviews': reviewListQuerySchema,
  'GET /api/admin/reviews': reviewAdminListQuerySchema,
};

/** Routes that answer with an HTML page by design, also on a 4xx (the sign-in flow, the refused logout). */
const HTML_API_ROUTES = new Set(['GET /api/login', 'GET /api/callback', 'GET /api/logout']);
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface FuzzRoute {
  method: string;
  url: string;
  params: string[];
  admin: boolean;
}

export interface FuzzFailure {
  route: string;
  request: { method: string; url: string; contentType?: string; payload?: string };
  status: number;
  body: string;
  problem: string;
}

export interface FuzzReport {
  routes: string[];
  requests: number;
  byStatus: Record<string, number>;
  failures: FuzzFailure[];
  inconsistencies: string[];
  durationMs: number;
}

export interface FuzzOptions {
  /** Runs per route. */
  runsPerRoute: number;
  seed: number;
  /** A time budget for the whole run: each route gets its share and stops early when it is used. */
  timeBudgetMs?: number;
  /** Called after each route with its name and the figures so far. */
  onRoute?: (route: string, report: FuzzReport) => void;
}

interface FuzzRequest {
  url: string;
  contentType?: string;
  payload?: string;
}

const key = (method: string, url: string) => `${method} ${url}`;

function collectRoute(routes: FuzzRoute[], route: RouteOptions): void {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods) {
    if (method === 'HEAD' || method === 'OPTIONS') continue;
    // The notification socket needs an upgrade; light-my-request cannot open one.
    if ((route as { websocket?: boolean }).websocket) continue;
    const params = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] as string);
    if (route.url.endsWith('*')) params.push('*');
    routes.push({ method, url: route.url, params, admin: route.url.startsWith('/api/admin') });
  }
}

/** Every route with a path parameter and every write route; other GETs only get their query fuzzed. */
function requestArbitrary(route: FuzzRoute, validIds: string[], validSlugs: string[]): fc.Arbitrary<FuzzRequest> {
  const paramArbitrary = fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...validIds, ...validSlugs) }, { weight: 3, arbitrary: hostileParam });
  const params = fc.tuple(...route.params.map(() => paramArbitrary));
  const querySchema = QUERY_SCHEMAS[key(route.method, route.url)];
  const query = fc.oneof(
    fc.constant(undefined),
    querySchema ? arbitraryFor(querySchema) : fc.constant(undefined),
    fc.dictionary(fc.constantFrom('limit', 'offset', 'category', 'status', 'search', 'q', 'page'), fc.oneof(hostileValue, fc.string({ maxLength: 10 })), { maxKeys: 3 }),
  );
  const bodySchema = route.url === '/api/admin/apps/import' ? undefined : BODY_SCHEMAS[key(route.method, route.url)];
  const plausible = route.url === '/api/admin/apps/import' ? importBody : bodySchema ? arbitraryFor(bodySchema) : fc.jsonValue({ maxDepth: 3 });
  const body: fc.Arbitrary<{ contentType?: string; payload?: string } | undefined> = WRITE_METHODS.has(route.method)
    ? fc.oneof(
        { weight: 3, arbitrary: plausible.map((value) => json(value)) },
        { weight: 3, arbitrary: fc.tuple(plausible, hostileValue).map(([value, hostile]) => json(withHostileField(value, hostile))) },
        { weight: 1, arbitrary: hostileValue.map((value) => json(value)) },
        { weight: 1, arbitrary: hostileRawBody },
        { weight: 1, arbitrary: fc.constant(undefined) },
      )
    : fc.constant(undefined);
  return fc.tuple(params, query, body).map(([values, queryValue, bodyValue]) => {
    let url = route.url;
    route.params.forEach((name, index) => {
      url = name === '*' ? url.replace(/\*$/, values[index] as string) : url.replace(`:${name}`, values[index] as string);
    });
    const search = queryValue && typeof queryValue === 'object' ? queryString(queryValue as Record<string, unknown>) : '';
    return { url: search ? `${url}?${search}` : url, ...(bodyValue ?? {}) };
  });
}

function json(value: unknown): { contentType: string; payload: string } {
  return { contentType: 'application/json', payload: JSON.stringify(value) ?? 'null' };
}

function queryString(query: Record<string, unknown>): string {
  return Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${encodeComponent(name)}=${encodeComponent(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))}`)
    .join('&');
}

/** Replaces one field of a plausible body (or an element of an array body) with a hostile value. */
function withHostileField(value: unknown, hostile: unknown): unknown {
  if (Array.isArray(value)) return value.length === 0 ? [hostile] : value.map((item, index) => (index === 0 ? withHostileField(item, hostile) : item));
  if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    const target = keys[Math.abs(JSON.stringify(hostile)?.length ?? 0) % Math.max(1, keys.length)] ?? 'extra';
    return { ...value, [target]: hostile };
  }
  return hostile;
}

/** Why an answer is unacceptable, or null: only 2xx, 3xx and 4xx in the one error shape are. */
function problemWith(route: FuzzRoute, response: { statusCode: number; headers: Record<string, unknown>; body: string }): string | null {
  const status = response.statusCode;
  if (status >= 500) return `answered ${status}`;
  if (status < 400) return null;
  const contentType = String(response.headers['content-type'] ?? '');
  if (contentType.includes('application/json')) {
    try {
      const body = JSON.parse(response.body) as { error?: { code?: unknown; message?: unknown } };
      if (typeof body.error?.code === 'string' && typeof body.error.message === 'string' && body.error.message) return null;
    } catch {
      return 'a 4xx whose JSON body does not parse';
    }
    return 'a 4xx outside the error shape';
  }
  if (route.url.startsWith('/api/') && !HTML_API_ROUTES.has(key(route.method, route.url))) return `a ${status} that is not JSON (${contentType})`;
  return null;
}

/**
 * The product's invariants after the storm, as a user would check them: every list and every app
 * still reads, and the counters are sane.
 */
async function checkConsistency(app: FastifyInstance, ctx: AppContext, cookie: string): Promise<string[]> {
  const problems: string[] = [];
  for (const url of ['/api/marketplace?limit=500', '/api/categories', '/api/blog', '/sitemap.xml', '/api/admin/apps?limit=500', '/api/admin/categories', '/api/admin/blog', '/api/admin/analytics/overview', '/']) {
    const response = await app.inject({ url, headers: { cookie } });
    if (response.statusCode !== 200) problems.push(`${url} answered ${response.statusCode}`);
  }
  const list = await app.inject({ url: '/api/admin/apps?limit=500', headers: { cookie } });
  const listed = list.json() as { id: number }[] | { apps: { id: number }[] };
  const ids = (Array.isArray(listed) ? listed : listed.apps).map((entry) => entry.id);
  for (const id of ids) {
    const one = await app.inject({ url: `/api/admin/app/${id}`, headers: { cookie } });
    if (one.statusCode !== 200) problems.push(`/api/admin/app/${id} answered ${one.statusCode}`);
  }
  const [negative] = await ctx.db
    .select({ n: count() })
    .from(apps)
    .where(or(lt(apps.viewCount, 0), lt(apps.saveCount, 0), lt(apps.monthlyVisitors, 0)));
  if ((negative?.n ?? 0) > 0) problems.push('apps with negative counters');
  const [stored] = await ctx.db.select({ n: count() }).from(apps);
  if ((stored?.n ?? 0) !== ids.length && ids.length < 500) problems.push(`the admin list shows ${ids.length} apps, the database holds ${stored?.n}`);
  return problems;
}

/**
 * Sends hostile and plausible requests to every route of a real application on `database`, signed
 * in as an admin for admin routes, and reports the answers by status and every unacceptable one.
 */
export async function fuzzRoutes(database: Database, options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  await ensureAllCategory(database.db);
  const appIds = await insertApps(database.db, [buildAppRecord({ category: 'Writing' }), buildAppRecord({ category: 'Coding' }), buildAppRecord({ category: 'Writing' })]);
  // A curator renamed it: imports naming "Coding" must still find it by its slug.
  await database.db.update(categories).set({ name: 'Code Assistants' }).where(eq(categories.slug, 'coding'));
  const ctx = createContext(
    // Limits out of the way: 429s would stand in for the answers the fuzzer is after.
    testEnv({
      RATE_LIMIT_SEARCH_PER_MINUTE: '100000',
      RATE_LIMIT_API_PER_MINUTE: '1000000',
      RATE_LIMIT_API_KEY_PER_MINUTE: '1000000',
      DISCOVERY_SCHEDULER: 'false',
      LINK_HEALTH_SCHEDULER: 'false',
      AI_TIMEOUT_MS: '100',
    }),
    database,
    pino({ level: 'silent' }),
  );
  await ctx.changes.start();
  const routes: FuzzRoute[] = [];
  const app = await buildApp(ctx, { logger: false, onRoute: (route) => collectRoute(routes, route) });
  await app.ready();
  const testApp = { app, ctx, close: async () => undefined };
  let session = await signInAsAdmin(testApp);
  const report: FuzzReport = { routes: routes.map((route) => key(route.method, route.url)), requests: 0, byStatus: {}, failures: [], inconsistencies: [], durationMs: 0 };
  const validIds = appIds.map(String);
  const validSlugs = ['writing', 'coding', 'test-app-1', 'all'];
  const perRouteMs = options.timeBudgetMs ? Math.max(200, Math.floor(options.timeBudgetMs / routes.length)) : undefined;

  try {
    for (const [index, route] of routes.entries()) {
      const name = key(route.method, route.url);
      await fc.check(
        fc.asyncProperty(requestArbitrary(route, validIds, validSlugs), async (request) => {
          // A fuzzed logout must not end the session the admin routes use.
          const cookie = route.admin ? session.cookie : undefined;
          const response = await app.inject({
            method: route.method as 'GET',
            url: request.url,
            remoteAddress: '127.0.0.2',
            headers: { ...(cookie ? { cookie } : {}), ...(request.contentType ? { 'content-type': request.contentType } : {}) },
            ...(request.payload !== undefined ? { payload: request.payload } : {}),
          });
          report.requests += 1;
          report.byStatus[response.statusCode] = (report.byStatus[response.statusCode] ?? 0) + 1;
          if (route.admin && response.statusCode === 401) session = await signInAsAdmin(testApp);
          const problem = problemWith(route, response);
          if (problem && report.failures.length < 50) {
            report.failures.push({
              route: name,
              request: { method: route.method, url: request.url.slice(0, 300), ...(request.contentType ? { contentType: request.contentType } : {}), ...(request.payload ? { payload: request.payload.slice(0, 300) } : {}) },
              status: response.statusCode,
              body: response.body.slice(0, 300),
              problem,
            });
          }
          return problem === null;
        }),
        {
          seed: options.seed + index,
          numRuns: options.runsPerRoute,
          endOnFailure: true,
          ...(perRouteMs ? { interruptAfterTimeLimit: perRouteMs, markInterruptAsFailure: false } : {}),
        },
      );
      options.onRoute?.(name, report);
    }
    report.inconsistencies = await checkConsistency(app, ctx, session.cookie);
  } finally {
    await app.close();
    await ctx.changes.stop();
  }
  report.durationMs = Date.now() - started;
  return report;
}

/** The figures of a report as lines of text. */
export function formatReport(report: FuzzReport): string {
  const statuses = Object.entries(report.byStatus)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
  const lines = [
    `routes fuzzed: ${report.routes.length}`,
    `requests sent: ${report.requests} in ${(report.durationMs / 1000).toFixed(1)} s`,
    `answers by status: ${statuses}`,
    `unacceptable answers: ${report.failures.length}`,
    `inconsistencies after the run: ${report.inconsistencies.length}`,
  ];
  for (const failure of report.failures) lines.push(`  ${failure.route} ${failure.request.url} → ${failure.status} (${failure.problem}): ${failure.body}`);
  for (const problem of report.inconsistencies) lines.push(`  inconsistent: ${problem}`);
  return lines.join('\n');
}
