import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isIP } from 'node:net';
import { count, eq, lt, or } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance, RouteOptions } from 'fastify';
import pino from 'pino';
import type { z } from 'zod';
import {
  adminAppCreateSchema,
  adminAppListQuerySchema,
  adminAppStatusSchema,
  adminAppUpdateSchema,
  adminBulkDeleteSchema,
  adminImportQuerySchema,
} from '@shared/schemas/admin-app';
import { appRecordSchema, marketplaceQuerySchema } from '@shared/schemas/app';
import { loginRequestSchema } from '@shared/schemas/auth';
import { blogFormSchema, blogListQuerySchema } from '@shared/schemas/blog';
import { categoryDialogSchema, categoryPatchSchema, categoryReorderSchema } from '@shared/schemas/category';
import {
  discoverRequestSchema,
  discoverySourceInputSchema,
  discoverySourcePatchSchema,
  submissionSchema,
} from '@shared/schemas/discovery';
import { notificationListQuerySchema } from '@shared/schemas/notification';
import { searchRequestSchema } from '@shared/schemas/search';
import { syncIntervalSchema } from '@shared/schemas/settings';
import {
  reviewAdminListQuerySchema,
  reviewBulkSchema,
  reviewInputSchema,
  reviewListQuerySchema,
  reviewModerationSchema,
} from '@shared/schemas/review';
import { buildApp } from '../../app';
import { createContext, type AppContext } from '../../context';
import type { Database } from '../../db/database';
import { apps, categories } from '../../db/schema';
import { ensureAllCategory } from '../../db/seed/seed';
import { testEnv } from '../../env';
import { signInAsAdmin } from '../admin-session';
import { buildAppRecord, insertApps } from '../../db/factories';
import { startFixtureSite } from '../fixture-site';
import { PARSER_CASES, RACE_WRITES, sendRaw } from './socket-cases';
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
const IMPORT_CATEGORIES = [
  'Writing',
  'writing',
  'Coding',
  'coding',
  'Code Assistants',
  'Fuzz New Shelf',
  'fuzz new shelf',
  '!!!',
  'All',
  'ALL!',
];
const importBody = fc.array(
  fc
    .tuple(arbitraryFor(IMPORT_BODY), fc.option(fc.constantFrom(...IMPORT_CATEGORIES), { nil: undefined }))
    .map(([record, category]) => (category && record && typeof record === 'object' ? { ...record, category } : record)),
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
  /** What the server logged when it answered 5xx (the error behind "Something went wrong"). */
  serverError?: string;
}

export interface FuzzReport {
  routes: string[];
  requests: number;
  byStatus: Record<string, number>;
  /** The first example of each distinct unacceptable answer (route, status, problem), all routes to the end. */
  failures: FuzzFailure[];
  /** Every unacceptable answer, repeats included. */
  failureCount: number;
  inconsistencies: string[];
  /** Host names something tried to resolve during the run (refused: the run never leaves the machine). */
  dnsLookups: string[];
  /** Requests written byte by byte on a socket (parser-level cases, slow bodies) and writes racing deletes. */
  parserCases: number;
  raceRequests: number;
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
  /** Rounds of writes racing a delete of the app they name (default 6). */
  raceRounds?: number;
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
  const paramArbitrary = fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...validIds, ...validSlugs) },
    { weight: 3, arbitrary: hostileParam },
  );
  const params = fc.tuple(...route.params.map(() => paramArbitrary));
  const querySchema = QUERY_SCHEMAS[key(route.method, route.url)];
  const query = fc.oneof(
    fc.constant(undefined),
    querySchema ? arbitraryFor(querySchema) : fc.constant(undefined),
    fc.dictionary(
      fc.constantFrom('limit', 'offset', 'category', 'status', 'search', 'q', 'page'),
      fc.oneof(hostileValue, fc.string({ maxLength: 10 })),
      { maxKeys: 3 },
    ),
  );
  const bodySchema = route.url === '/api/admin/apps/import' ? undefined : BODY_SCHEMAS[key(route.method, route.url)];
  const plausible =
    route.url === '/api/admin/apps/import' ? importBody : bodySchema ? arbitraryFor(bodySchema) : fc.jsonValue({ maxDepth: 3 });
  const body: fc.Arbitrary<{ contentType?: string; payload?: string } | undefined> = WRITE_METHODS.has(route.method)
    ? fc.oneof(
        { weight: 3, arbitrary: plausible.map((value) => json(value)) },
        {
          weight: 3,
          arbitrary: fc.tuple(plausible, hostileValue).map(([value, hostile]) => json(withHostileField(value, hostile))),
        },
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
    .map(
      ([name, value]) =>
        `${encodeComponent(name)}=${encodeComponent(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))}`,
    )
    .join('&');
}

/** Replaces one field of a plausible body (or an element of an array body) with a hostile value. */
function withHostileField(value: unknown, hostile: unknown): unknown {
  if (Array.isArray(value))
    return value.length === 0 ? [hostile] : value.map((item, index) => (index === 0 ? withHostileField(item, hostile) : item));
  if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    const target = keys[Math.abs(JSON.stringify(hostile)?.length ?? 0) % Math.max(1, keys.length)] ?? 'extra';
    return { ...value, [target]: hostile };
  }
  return hostile;
}

/** Why an answer is unacceptable, or null: only 2xx, 3xx and 4xx in the one error shape are. */
function problemWith(
  route: FuzzRoute,
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
): string | null {
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
  if (route.url.startsWith('/api/') && !HTML_API_ROUTES.has(key(route.method, route.url)))
    return `a ${status} that is not JSON (${contentType})`;
  return null;
}

/**
 * The product's invariants after the storm, as a user would check them: every list and every app
 * still reads, and the counters are sane.
 */
async function checkConsistency(app: FastifyInstance, ctx: AppContext, cookie: string): Promise<string[]> {
  const problems: string[] = [];
  for (const url of [
    '/api/marketplace?limit=500',
    '/api/categories',
    '/api/blog',
    '/sitemap.xml',
    '/api/admin/apps?limit=500',
    '/api/admin/categories',
    '/api/admin/blog',
    '/api/admin/analytics/overview',
    '/',
  ]) {
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
  if ((stored?.n ?? 0) !== ids.length && ids.length < 500)
    problems.push(`the admin list shows ${ids.length} apps, the database holds ${stored?.n}`);
  return problems;
}

/** One answer as the fuzzer judges it; `statusCode` 0 when the server gave none. */
export interface FuzzAnswer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/**
 * Sends one request to the listening server from 127.0.0.2 (its own client address: the admin's
 * sign-in throttle and the rate limits of 127.0.0.1 stay out of it).
 */
function send(
  port: number,
  method: string,
  url: string,
  headers: Record<string, string>,
  payload?: string,
  fresh = false,
): Promise<FuzzAnswer> {
  return new Promise((resolve) => {
    let request: http.ClientRequest;
    const noAnswer = (error: unknown) => {
      const code = (error as NodeJS.ErrnoException).code;
      // A kept-alive socket the server closed after its previous answer (the client's race, not the
      // server's answer): the same request again on a new connection.
      if (!fresh && request.reusedSocket && code === 'ECONNRESET') resolve(send(port, method, url, headers, payload, true));
      else resolve({ statusCode: 0, headers: {}, body: `no answer: ${code ?? String(error)}` });
    };
    try {
      request = http.request(
        { host: '127.0.0.1', port, localAddress: '127.0.0.2', method, path: url, headers, agent: fresh ? false : agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              statusCode: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          response.on('error', noAnswer);
        },
      );
    } catch (error) {
      // Node's client refuses to write this path or header (the server never saw it): not an answer to judge.
      resolve({ statusCode: -1, headers: {}, body: String(error) });
      return;
    }
    request.on('error', noAnswer);
    request.end(payload);
  });
}

/**
 * Replaces DNS lookups for the duration of a run: every host name asked for is recorded and refused
 * (ENOTFOUND) without a query leaving the machine. IP literals and localhost never get here.
 * @returns the names asked for, and a function that restores the resolver.
 */
function refuseDnsLookups(): { names: Set<string>; restore(): void } {
  const names = new Set<string>();
  const { lookup } = dns;
  const promisesLookup = dns.promises.lookup;
  const refusal = (hostname: string) =>
    Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname} (the fuzz run makes no DNS lookups)`), {
      code: 'ENOTFOUND',
      hostname,
    });
  const record = (hostname: string) => {
    if (!isIP(hostname) && hostname !== 'localhost') names.add(hostname);
  };
  dns.lookup = ((hostname: string, ...rest: unknown[]) => {
    if (isIP(hostname) || hostname === 'localhost') return (lookup as (...args: unknown[]) => void)(hostname, ...rest);
    record(hostname);
    const callback = rest.at(-1) as (error: Error) => void;
    process.nextTick(() => callback(refusal(hostname)));
  }) as typeof dns.lookup;
  dns.promises.lookup = (async (hostname: string, options?: unknown) => {
    if (isIP(hostname) || hostname === 'localhost')
      return (promisesLookup as (...args: unknown[]) => Promise<unknown>)(hostname, options);
    record(hostname);
    throw refusal(hostname);
  }) as typeof dns.promises.lookup;
  return {
    names,
    restore() {
      dns.lookup = lookup;
      dns.promises.lookup = promisesLookup;
    },
  };
}

/**
 * Sends hostile and plausible requests to every route of a real application listening on a
 * loopback socket over `database` (signed in as an admin for admin routes), then requests written
 * byte by byte (what the HTTP parser refuses, slow bodies) and writes racing a delete of their app.
 * Every route gets its runs whatever it answers; the report lists each distinct unacceptable answer.
 * Discovery only meets loopback and fixture-site addresses, and DNS lookups are refused and reported.
 */
export async function fuzzRoutes(database: Database, options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const dnsGuard = refuseDnsLookups();
  const site = await startFixtureSite();
  await ensureAllCategory(database.db);
  const appIds = await insertApps(database.db, [
    buildAppRecord({ category: 'Writing', url: `${site.origin}/tools/alpha` }),
    buildAppRecord({ category: 'Coding', url: `${site.origin}/tools/beta` }),
    buildAppRecord({ category: 'Writing', url: `${site.origin}/tools/gamma` }),
  ]);
  // A curator renamed it: imports naming "Coding" must still find it by its slug.
  await database.db.update(categories).set({ name: 'Code Assistants' }).where(eq(categories.slug, 'coding'));
  const serverErrors: string[] = [];
  const ctx = createContext(
    // Limits out of the way: 429s would stand in for the answers the fuzzer is after (v1 and MCP are
    // limited per client; these are the instance's settings, not the product's defaults).
    testEnv({
      RATE_LIMIT_SEARCH_PER_MINUTE: '100000',
      RATE_LIMIT_API_PER_MINUTE: '1000000',
      RATE_LIMIT_API_KEY_PER_MINUTE: '1000000',
      DISCOVERY_SCHEDULER: 'false',
      LINK_HEALTH_SCHEDULER: 'false',
      DISCOVERY_ALLOW_HOSTS: `127.0.0.1:${site.port}`,
      AI_TIMEOUT_MS: '100',
      // Slow bodies and headers are cut off within a second, so the parser cases stay short.
      REQUEST_TIMEOUT_MS: '1000',
    }),
    database,
    // Errors only, kept in memory: a 5xx in the report says what the server met, not only what it answered.
    pino({ level: 'error' }, { write: (line: string) => void serverErrors.push(line.slice(0, 600)) }),
  );
  await ctx.changes.start();
  const routes: FuzzRoute[] = [];
  const app = await buildApp(ctx, { onRoute: (route) => collectRoute(routes, route) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  const testApp = { app, ctx, close: async () => undefined };
  let session = await signInAsAdmin(testApp);
  const report: FuzzReport = {
    routes: routes.map((route) => key(route.method, route.url)),
    requests: 0,
    byStatus: {},
    failures: [],
    failureCount: 0,
    inconsistencies: [],
    dnsLookups: [],
    parserCases: 0,
    raceRequests: 0,
    durationMs: 0,
  };
  const seen = new Set<string>();
  const judge = (route: FuzzRoute, request: FuzzFailure['request'], response: FuzzAnswer, expectedStatus?: number) => {
    report.requests += 1;
    report.byStatus[response.statusCode] = (report.byStatus[response.statusCode] ?? 0) + 1;
    const problem =
      response.statusCode === 0
        ? response.body
        : (problemWith(route, response) ??
          (expectedStatus !== undefined && response.statusCode !== expectedStatus ? `expected ${expectedStatus}` : null));
    if (!problem) return;
    report.failureCount += 1;
    const name = key(route.method, route.url);
    const distinct = `${name} ${response.statusCode} ${problem}`;
    if (seen.has(distinct)) return;
    seen.add(distinct);
    report.failures.push({
      route: name,
      request: {
        ...request,
        url: request.url.slice(0, 300),
        ...(request.payload ? { payload: request.payload.slice(0, 300) } : {}),
      },
      status: response.statusCode,
      body: response.body.slice(0, 300),
      problem,
      ...(response.statusCode >= 500 && serverErrors.length > 0 ? { serverError: serverErrors.at(-1) } : {}),
    });
  };
  const validIds = appIds.map(String);
  const validSlugs = ['writing', 'coding', 'test-app-1', 'all'];
  const perRouteMs = options.timeBudgetMs ? Math.max(50, Math.floor(options.timeBudgetMs / routes.length)) : undefined;

  try {
    for (const [index, route] of routes.entries()) {
      await fc.check(
        fc.asyncProperty(requestArbitrary(route, validIds, validSlugs), async (request) => {
          // A fuzzed logout must not end the session the admin routes use.
          const cookie = route.admin ? session.cookie : undefined;
          const headers = {
            ...(cookie ? { cookie } : {}),
            ...(request.contentType ? { 'content-type': request.contentType } : {}),
          };
          const response = await send(port, route.method, request.url, headers, request.payload);
          if (response.statusCode === -1) return true;
          judge(
            route,
            {
              method: route.method,
              url: request.url,
              ...(request.contentType ? { contentType: request.contentType } : {}),
              ...(request.payload ? { payload: request.payload } : {}),
            },
            response,
          );
          if (route.admin && response.statusCode === 401) session = await signInAsAdmin(testApp);
          // Always true: a route's failure is recorded and its other runs still go out.
          return true;
        }),
        {
          seed: options.seed + index,
          numRuns: options.runsPerRoute,
          ...(perRouteMs ? { interruptAfterTimeLimit: perRouteMs, markInterruptAsFailure: false } : {}),
        },
      );
      options.onRoute?.(key(route.method, route.url), report);
    }

    // What the HTTP parser and the body reader answer, written on raw sockets (all at once: two are slow by design).
    const raw = await Promise.all(
      PARSER_CASES.map(async (parserCase) => ({ parserCase, answer: await sendRaw(port, parserCase.write) })),
    );
    for (const { parserCase, answer } of raw) {
      report.parserCases += 1;
      judge(
        { method: parserCase.method, url: parserCase.path, params: [], admin: false },
        { method: parserCase.method, url: `${parserCase.path} (${parserCase.name})` },
        answer,
        parserCase.status,
      );
    }

    // Writes naming an app while it is deleted (and merged away): 404 or 409 in the error shape, never 500.
    for (let round = 0; round < (options.raceRounds ?? 6); round++) {
      const [kept, victim] = await insertApps(database.db, [
        buildAppRecord({ url: `${site.origin}/tools/delta` }),
        buildAppRecord({ url: `${site.origin}/tools/epsilon` }),
      ]);
      const answers = await Promise.all(
        RACE_WRITES.map(async (write) => {
          const url = write.url.replace(':id', String(victim));
          const body = write.body ? JSON.stringify(write.body(kept as number, victim as number)) : undefined;
          const headers: Record<string, string> = {
            ...(write.admin ? { cookie: session.cookie } : {}),
            ...(body ? { 'content-type': 'application/json' } : {}),
            'user-agent': `race-${round}`,
          };
          return { write, url, body, answer: await send(port, write.method, url, headers, body) };
        }),
      );
      for (const { write, url, body, answer } of answers) {
        report.raceRequests += 1;
        judge(
          { method: write.method, url: write.url, params: ['id'], admin: Boolean(write.admin) },
          { method: write.method, url, ...(body ? { payload: body } : {}) },
          answer,
        );
      }
    }

    report.inconsistencies = await checkConsistency(app, ctx, session.cookie);
  } finally {
    await app.close();
    await ctx.changes.stop();
    await site.close();
    dnsGuard.restore();
  }
  report.dnsLookups = [...dnsGuard.names];
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
    `parser-level requests on raw sockets: ${report.parserCases}; writes racing a delete: ${report.raceRequests}`,
    `unacceptable answers: ${report.failureCount} (${report.failures.length} distinct)`,
    `inconsistencies after the run: ${report.inconsistencies.length}`,
    `DNS lookups attempted (refused): ${report.dnsLookups.length}${report.dnsLookups.length ? ` (${report.dnsLookups.slice(0, 10).join(', ')})` : ''}`,
  ];
  for (const failure of report.failures)
    lines.push(`  ${failure.route} ${failure.request.url} → ${failure.status} (${failure.problem}): ${failure.body}`);
  for (const problem of report.inconsistencies) lines.push(`  inconsistent: ${problem}`);
  return lines.join('\n');
}
