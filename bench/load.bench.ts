/**
 * `npm run bench:load [-- --duration 60 --connections 100 --database pglite|postgres|both --profile DIR --log DIR]`:
 * the whole product under a realistic mix — home page HTML, the marketplace page, app pages (HTML
 * and JSON), searches with varied queries, views and saves — with autocannon against a real server
 * on a fresh database with the demo catalogue. The server runs in its own Node process, as an
 * operator runs it (production settings, info-level logs to /dev/null), so the load generator does
 * not share its event loop; `--profile DIR` records a CPU profile of the server during the measured
 * run (the sampling profiler `node --cpu-prof` uses) and leaves the `.cpuprofile` in DIR; `--log DIR`
 * keeps the server's log (one line per answered request, with its route and milliseconds). Prints requests/s, p50/p99 latency, errors, timeouts, non-2xx answers, the
 * server process's RSS before and after, and the load average.
 *
 * PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a server; a scratch database is
 * created on it and dropped afterwards. The search rate limit (30 a minute per client by default) is
 * raised for the run, since every connection comes from one address: the figures measure the
 * product, not its abuse guard. Target on both databases (issue 25): 0 errors, 0 timeouts, p99 ≤ 150 ms.
 * BENCH_DATABASE_PREFIX names the scratch database (default aitlas_bench_load).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createScratchPostgres, scratchServerUrl } from '../server/db/scratch-postgres';
import { LOAD_MIX_PHRASES } from './support/bench-queries';
import { startBenchServerProcess, type BenchServerStats } from './support/bench-server';
import { loadGenerator } from './support/load-generator';

interface AutocannonRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
  /** What the bench calls this request of the mix (autocannon ignores it). */
  name?: string;
}
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats?: Record<string, { count: number }>;
}
/** The part of autocannon's per-connection client the bench reads: the request it is waiting for. */
interface AutocannonClient {
  on(event: 'timeout', listener: () => void): void;
  requestIterator: { currentRequestIndex: number };
}
type Autocannon = (options: {
  url: string;
  duration: number;
  connections: number;
  timeout: number;
  requests: AutocannonRequest[];
  setupClient?: (client: AutocannonClient) => void;
}) => Promise<AutocannonResult>;

const autocannon = loadGenerator<Autocannon>();

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '100' },
    database: { type: 'string', default: process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL ? 'both' : 'pglite' },
    profile: { type: 'string' },
    log: { type: 'string' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const SEARCH_LIMIT = '1000000000';

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
/** The share of answers a cache served between two stats, e.g. `publicCache` → publicCacheHits / (hits + misses). */
const share = (after: BenchServerStats, before: BenchServerStats, cache: string) => {
  const delta = (name: string) => (after.counters[name] ?? 0) - (before.counters[name] ?? 0);
  const hits = delta(`${cache}Hits`);
  const all = hits + delta(`${cache}Misses`);
  return all === 0 ? 'n/a' : `${((hits / all) * 100).toFixed(0)}% (${hits}/${all})`;
};
/**
 * The highest resident set size of a process while the watch runs (Linux /proc, sampled every 250 ms;
 * elsewhere 0): the RSS after a run says less than its peak when garbage was collected at the end.
 */
function watchPeakRss(pid: number): { stop(): number } {
  let peak = 0;
  const sample = () => {
    try {
      const pages = Number(fs.readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]);
      peak = Math.max(peak, pages * 4096);
    } catch {
      // Not Linux, or the process is gone: the peak stays what was seen.
    }
  };
  const timer = setInterval(sample, 250);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function run(database: 'pglite' | 'postgres', serverUrl: string | undefined): Promise<AutocannonResult> {
  const scratch =
    database === 'postgres' && serverUrl
      ? await createScratchPostgres(serverUrl, process.env.BENCH_DATABASE_PREFIX ?? 'aitlas_bench_load')
      : undefined;
  const server = await startBenchServerProcess({
    env: {
      RATE_LIMIT_SEARCH_PER_MINUTE: SEARCH_LIMIT,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      // The pool size under test (the product's default when unset).
      ...(process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {}),
    },
    ...(values.log ? { logFile: path.resolve(values.log, `load-${database}.log`) } : {}),
  });
  try {
    const apps = (await (await fetch(`${server.base}/api/marketplace?limit=60`)).json()) as {
      id: number;
      categorySlug: string;
      nameSlug: string;
    }[];
    if (apps.length === 0) throw new Error('The demo catalogue is empty.');
    const requests: AutocannonRequest[] = [
      { name: 'home page', path: '/' },
      { name: 'marketplace JSON', path: '/api/marketplace?limit=12' },
      {
        name: 'app page',
        path: '/',
        setupRequest: (request) => ({ ...request, path: ((app) => `/ai-apps/${app.categorySlug}/${app.nameSlug}`)(pick(apps)) }),
      },
      {
        name: 'app JSON',
        path: '/',
        setupRequest: (request) => ({
          ...request,
          path: ((app) => `/api/marketplace/app/${app.categorySlug}/${app.nameSlug}`)(pick(apps)),
        }),
      },
      {
        name: 'search',
        method: 'POST',
        path: '/api/search',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({
            query: `${pick(LOAD_MIX_PHRASES)} ${pick(LOAD_MIX_PHRASES)} ${Math.floor(Math.random() * 1000)}`,
          }),
        }),
      },
      {
        name: 'view',
        method: 'POST',
        path: '/',
        setupRequest: (request) => ({ ...request, path: `/api/apps/${pick(apps).id}/view` }),
      },
      {
        name: 'save',
        method: 'POST',
        path: '/',
        setupRequest: (request) => ({ ...request, path: `/api/apps/${pick(apps).id}/save` }),
      },
    ];
    // The steady state of a running instance: each page of the mix asked once (a server that has been
    // up holds them), then a short mixed warm-up. Without it the measured run began with every app page
    // and its JSON to compute at once under 100 connections: most of its timeouts were that cold start.
    for (const app of apps) {
      for (const url of [
        `/ai-apps/${app.categorySlug}/${app.nameSlug}`,
        `/api/marketplace/app/${app.categorySlug}/${app.nameSlug}`,
      ])
        await (await fetch(`${server.base}${url}`)).arrayBuffer();
    }
    await autocannon({ url: server.base, duration: 2, connections: 10, timeout: 10, requests });
    // What the warmed server holds (garbage collected first), then the figures the run is compared with.
    const heldBefore = await server.stats({ collect: true });
    const before = await server.stats();
    console.log(
      `${database}: ${connections} connections for ${duration} s, server pid ${server.pid} (load average before: ${loadAverage()}) ...`,
    );
    if (values.profile) await server.startProfile();
    const peak = watchPeakRss(server.pid);
    // Which requests timed out, and when: a timeout is a request the server has not answered in 10 s.
    const started = Date.now();
    const timedOut: string[] = [];
    const result = await autocannon({
      url: server.base,
      duration,
      connections,
      timeout: 10,
      requests,
      setupClient: (client) =>
        client.on('timeout', () => {
          // autocannon has already sent the next request of the mix on a new connection when it says so.
          const request = requests[(client.requestIterator.currentRequestIndex + requests.length - 1) % requests.length];
          timedOut.push(`${request?.name} (sent ≈ ${((Date.now() - started) / 1000 - 10).toFixed(0)} s)`);
        }),
    });
    const after = await server.stats();
    const peakRss = peak.stop();
    const heldAfter = await server.stats({ collect: true });
    if (values.profile) {
      const file = path.resolve(values.profile, `load-${database}-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      await server.stopProfile(file);
      console.log(`  CPU profile    ${file}`);
    }
    const statuses = Object.entries(result.statusCodeStats ?? {})
      .map(([status, stat]) => `${status}: ${stat.count}`)
      .join(', ');
    console.log(
      [
        `  requests/s     ${result.requests.average.toFixed(0)} (total ${result.requests.total})`,
        `  latency        p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
        `  errors         ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx} (${statuses})`,
        `  public cache   ${share(after, before, 'publicCache')} of the cacheable answers served from memory; search cache ${share(after, before, 'searchCache')}`,
        `  server RSS     ${mb(before.rss)} before, ${mb(after.rss)} after (peak ${mb(Math.max(peakRss, after.rss))}); JS heap used ${mb(before.memory.heapUsed)} before, ${mb(after.memory.heapUsed)} after`,
        // Garbage collected first: what the server still references, the figure a leak or an unbounded cache moves.
        `  server holds   heap ${mb(heldBefore.memory.heapUsed)} → ${mb(heldAfter.memory.heapUsed)}, outside the heap ${mb(heldBefore.memory.external)} → ${mb(heldAfter.memory.external)} (array buffers ${mb(heldBefore.memory.arrayBuffers)} → ${mb(heldAfter.memory.arrayBuffers)}), RSS ${mb(heldAfter.rss)} after collection; search answers cached ${heldAfter.counters.searchCacheSize ?? 'n/a'} (≈ ${mb(heldAfter.counters.searchCacheBytes ?? 0)})`,
        // CPU time per answer hardly depends on what else the machine runs, unlike requests/s.
        `  event loop     delay p50 ${after.eventLoop.p50Ms.toFixed(1)} ms, p99 ${after.eventLoop.p99Ms.toFixed(1)} ms, max ${after.eventLoop.maxMs.toFixed(0)} ms`,
        `  server CPU     ${((after.cpuMicros - before.cpuMicros) / 1000 / Math.max(1, result.requests.total)).toFixed(2)} ms per request`,
        `  load average   ${loadAverage()} after`,
        ...(timedOut.length > 0
          ? [`  timed out      ${timedOut.slice(0, 10).join('; ')}${timedOut.length > 10 ? ' …' : ''}`]
          : []),
      ].join('\n'),
    );
    return result;
  } finally {
    await server.close();
    await scratch?.drop();
  }
}

async function main(): Promise<void> {
  if (!['pglite', 'postgres', 'both'].includes(values.database))
    throw new Error(`--database must be pglite, postgres or both, not "${values.database}".`);
  const databases: ('pglite' | 'postgres')[] =
    values.database === 'both' ? ['pglite', 'postgres'] : [values.database as 'pglite' | 'postgres'];
  // Checked before the first run: a missing URL should not surface as a socket error a minute later.
  const serverUrl = databases.includes('postgres')
    ? scratchServerUrl(`--database ${values.database}`, ['BENCH_DATABASE_URL', 'TEST_DATABASE_URL'])
    : undefined;
  console.log(`Search rate limit raised to ${SEARCH_LIMIT} a minute for this run (all connections share one address).`);
  if (values.log) fs.mkdirSync(values.log, { recursive: true });
  const results = new Map<string, AutocannonResult>();
  for (const database of databases) results.set(database, await run(database, serverUrl));
  for (const [database, result] of results) {
    const met = result.errors === 0 && result.timeouts === 0 && result.latency.p99 <= 150;
    console.log(`${database} target (0 errors, 0 timeouts, p99 ≤ 150 ms): ${met ? 'met' : 'NOT met'}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `bench:load: ${error.message}` : error);
  process.exit(1);
});
