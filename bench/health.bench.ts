/**
 * `npm run bench:health`: one link-health run over 1,000 published apps spread over 10 fixture
 * sites on 127.0.0.1–127.0.0.10 (each answers after a per-request delay), with the default global
 * concurrency, on an embedded database. Prints apps checked per second, memory, and the proof of
 * politeness: the most requests any one host had in flight at once, counted by the sites themselves.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino from 'pino';
import { DEFAULT_HEALTH_CONCURRENCY } from '@shared/schemas/link-health';
import { createContext } from '../server/context';
import { openPglite } from '../server/db/database';
import { ensureAllCategory } from '../server/db/seed/seed';
import { loadEnv } from '../server/env';
import { LinkHealthService } from '../server/modules/link-health/link-health.service';
import { buildAppRecord, insertApps } from '../server/db/factories';
import { startFixtureSite, type FixtureSite } from '../server/test/fixture-site';

const APPS = Number(process.argv[2] ?? 1000);
const HOSTS = 10;
const DELAY_MS = Number(process.argv[3] ?? 20);

const inFlight = new Map<string, number>();
let maxPerHost = 0;
let requests = 0;
const slowPage = (host: string) => (request: IncomingMessage, response: ServerResponse) => {
  requests += 1;
  const now = (inFlight.get(host) ?? 0) + 1;
  inFlight.set(host, now);
  maxPerHost = Math.max(maxPerHost, now);
  setTimeout(() => {
    inFlight.set(host, (inFlight.get(host) ?? 1) - 1);
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(
      `<!doctype html><html><head><title>Tool ${request.url}</title><meta name="description" content="A tool at ${request.url}."></head><body><p>ok</p></body></html>`,
    );
  }, DELAY_MS);
};

const first = await startFixtureSite({ routes: false });
const sites: FixtureSite[] = [first];
for (let n = 2; n <= HOSTS; n++) sites.push(await startFixtureSite({ host: `127.0.0.${n}`, port: first.port, routes: false }));
for (const site of sites) {
  site.route('/robots.txt', slowPage(site.host));
  for (let i = 0; i < APPS; i++) site.route(`/tool/${i}`, slowPage(site.host));
}

const env = loadEnv({
  ...process.env,
  LOG_LEVEL: 'silent',
  SEED_DEMO_DATA: 'false',
  DISCOVERY_ALLOW_HOSTS: sites.map((site) => `${site.host}:${site.port}`).join(','),
});
const database = await openPglite();
await database.migrate();
await ensureAllCategory(database.db);
const ctx = createContext(env, database, pino({ level: 'silent' }));
await insertApps(
  database.db,
  Array.from({ length: APPS }, (_, i) =>
    buildAppRecord({ name: `Bench Health ${i}`, url: `${sites[i % HOSTS]?.origin}/tool/${i}` }),
  ),
);

const service = new LinkHealthService(ctx);
await service.saveSettings({ intervalMinutes: 1440, concurrency: DEFAULT_HEALTH_CONCURRENCY });
let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 100);
const rssBefore = process.memoryUsage().rss;
const started = performance.now();
const result = await service.runNow(null);
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
const heap = process.memoryUsage().heapUsed;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
console.log(
  `bench:health — ${APPS} apps on ${HOSTS} hosts, ${DELAY_MS} ms per request, concurrency ${DEFAULT_HEALTH_CONCURRENCY}`,
);
console.log(
  `  checked            ${result.checked} (${Object.entries(result.counts)
    .filter(([, n]) => n > 0)
    .map(([state, n]) => `${state} ${n}`)
    .join(', ')})`,
);
console.log(`  duration           ${seconds.toFixed(1)} s`);
console.log(`  apps per second    ${(result.checked / seconds).toFixed(1)}`);
console.log(`  requests served    ${requests} (pages + robots.txt)`);
console.log(`  memory             rss ${mb(rssBefore)} before, peak ${mb(peakRss)}; heap used after ${mb(heap)}`);
console.log(`  max in flight/host ${maxPerHost} (politeness: must be 1)`);
if (maxPerHost !== 1 || result.checked !== APPS) {
  console.error('FAILED: a host had more than one request in flight, or not every app was checked');
  process.exitCode = 1;
}
await database.close();
for (const site of sites) await site.close();
