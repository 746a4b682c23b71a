/**
 * `npm run bench:api`: the public API under load. Starts the real application on a fresh embedded
 * database with the demo catalogue in a process of its own (production settings and logging, to
 * /dev/null), listens on 127.0.0.1, and runs autocannon for 10 s each on the home page's HTML, an app
 * page's HTML, the marketplace page, one app's JSON, the public API v1 search, an MCP
 * `search_ai_tools` call, the health route and a bench-only route answering a constant through the
 * same plugins and hooks (the ceiling of a route of this app), in the same run. Pages are asked for
 * as a browser asks (brotli accepted). Prints requests/s, p99 latency and each route's ratio to
 * /api/health. Targets: each page and the two marketplace calls reach at least 50% of the health
 * route's requests/s, and the health route at least 50% of the constant route's.
 *
 * Options: BENCH_DURATION (seconds, default 10), BENCH_CONNECTIONS (default 10).
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import { BARE_ROUTE, startBenchServerProcess } from './support/bench-server';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  errors: number;
  non2xx: number;
}
type Autocannon = (options: {
  url: string;
  duration: number;
  connections: number;
  pipelining?: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}) => Promise<AutocannonResult>;

const require = createRequire(import.meta.url);
const autocannon = require('autocannon') as Autocannon;

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TARGET_RATIO = 0.5;

async function main(): Promise<void> {
  console.log('Preparing a fresh embedded database with the demo catalogue ...');
  // The public API's per-client limit would stop a load test after a minute's budget.
  const server = await startBenchServerProcess({ env: { RATE_LIMIT_API_PER_MINUTE: '1000000000' } });
  const { base } = server;

  try {
    const first = (await (await fetch(`${base}/api/marketplace?limit=1`)).json()) as { id: number; name: string; categorySlug: string; nameSlug: string }[];
    const sample = first[0];
    if (!sample) throw new Error('The demo catalogue is empty.');
    const browser = { 'accept-encoding': 'br, gzip', accept: 'text/html' };
    const routes = [
      { label: 'GET / (home page HTML)', url: `${base}/`, headers: browser, target: true },
      { label: 'GET app page HTML', url: `${base}/ai-apps/${sample.categorySlug}/${sample.nameSlug}`, headers: browser, target: true },
      { label: 'GET /api/marketplace?limit=12', url: `${base}/api/marketplace?limit=12`, target: true },
      { label: `GET /api/marketplace/app/${sample.id}`, url: `${base}/api/marketplace/app/${sample.id}`, target: true },
      { label: 'GET /api/v1/search?q=…', url: `${base}/api/v1/search?q=${encodeURIComponent('write blog posts faster')}&limit=10` },
      {
        label: 'POST /mcp search_ai_tools',
        url: `${base}/mcp`,
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_ai_tools', arguments: { query: 'write blog posts faster', limit: 10 } } }),
      },
      { label: 'GET /api/health', url: `${base}/api/health` },
      { label: `GET ${BARE_ROUTE} (constant)`, url: `${base}${BARE_ROUTE}` },
    ];
    // A short warm-up so that JIT and caches do not favour whichever route runs last.
    for (const route of routes) await autocannon({ ...route, duration: 1, connections });

    const results: { label: string; result: AutocannonResult }[] = [];
    for (const route of routes) {
      console.log(`Running ${route.label} for ${duration} s with ${connections} connections ...`);
      results.push({ label: route.label, result: await autocannon({ ...route, duration, connections }) });
    }
    const rate = (label: string) => results.find((entry) => entry.label === label)?.result.requests.average ?? 0;
    const health = rate('GET /api/health') || 1;
    const bare = rate(`GET ${BARE_ROUTE} (constant)`) || 1;
    console.log('');
    console.log(`${'route'.padEnd(40)} ${'req/s'.padStart(10)} ${'p99 ms'.padStart(8)} ${'vs health'.padStart(10)} ${'errors'.padStart(7)}`);
    for (const { label, result } of results) {
      const ratio = result.requests.average / health;
      console.log(
        `${label.padEnd(40)} ${result.requests.average.toFixed(0).padStart(10)} ${String(result.latency.p99).padStart(8)} ${`${(ratio * 100).toFixed(0)}%`.padStart(10)} ${String(result.errors + result.non2xx).padStart(7)}`,
      );
    }
    console.log('');
    for (const [index, route] of routes.entries()) {
      if (!('target' in route)) continue;
      const ratio = (results[index]?.result.requests.average ?? 0) / health;
      console.log(`${route.label} at ${(ratio * 100).toFixed(0)}% of /api/health (target ≥ ${TARGET_RATIO * 100}%): ${ratio >= TARGET_RATIO ? 'met' : 'MISSED'}`);
    }
    console.log(`/api/health at ${((health / bare) * 100).toFixed(0)}% of the constant route (target ≥ ${TARGET_RATIO * 100}%): ${health / bare >= TARGET_RATIO ? 'met' : 'MISSED'}`);
    console.log(`Load average ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}`);
    if (results.some(({ result }) => result.errors + result.non2xx > 0)) process.exitCode = 1;
  } finally {
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
