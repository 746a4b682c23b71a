/**
 * `npm run bench:discovery`: pages processed per second by a discovery run over a fixture site on
 * 127.0.0.1 (distinct app pages listed by a JSON source), with the default concurrency
 * (DISCOVERY_CONCURRENCY), on an embedded database holding the demo catalogue. Each page goes
 * through the whole pipeline: robots.txt, guarded fetch, extraction, classification by the search
 * intent model, duplicate check, insert, log and notification.
 */
import pino from 'pino';
import { createContext } from '../server/context';
import { openPglite } from '../server/db/database';
import { ensureAllCategory, seedDemoData } from '../server/db/seed/seed';
import { loadEnv } from '../server/env';
import { DiscoveryRunsService } from '../server/modules/discovery/discovery.runs.service';
import { DiscoverySourcesService } from '../server/modules/discovery/discovery.sources.service';
import { flagAddedApps } from '../server/modules/duplicates/duplicates.service';
import { html, startFixtureSite } from '../server/test/fixture-site';

const PAGES = Number(process.argv[2] ?? 80);
const TOPICS = [
  'writes blog posts and articles from an outline and fixes grammar',
  'generates images and logos from a text prompt and removes backgrounds',
  'completes code, reviews pull requests and explains bugs',
  'transcribes meetings and writes summaries and action items',
  'answers questions about spreadsheets and builds dashboards',
  'turns text to speech with natural voices for podcasts',
  'creates short videos with avatars and subtitles',
  'tutors students with flashcards and step by step explanations',
];

const site = await startFixtureSite({ routes: false });
site.route('/robots.txt', (_request, response) => {
  response.writeHead(200, { 'content-type': 'text/plain' });
  response.end('User-agent: *\nAllow: /\n');
});
for (let i = 0; i < PAGES; i++) {
  const name = `Benchtool ${i.toString(36)}x${(i * 7919).toString(36)}`;
  const topic = TOPICS[i % TOPICS.length] ?? TOPICS[0];
  site.route(
    `/apps/${i}`,
    html(`<!doctype html><html><head><title>${name} | AI tool</title><meta name="description" content="${name} ${topic}.">
<meta property="og:image" content="/shots/${i}.png"></head><body><main><h1>${name}</h1>
<p>${name} ${topic}, so teams ship faster without learning a new tool from scratch.</p>
<h2>Features</h2><ul><li>Fast results</li><li>Team sharing</li><li>Export to PDF</li></ul>
<p>Free plan available; Pro from $12/month.</p></main></body></html>`),
  );
}
site.route('/list.json', (_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(Array.from({ length: PAGES }, (_, i) => `${site.origin}/apps/${i}`)));
});

const env = loadEnv({
  ...process.env,
  LOG_LEVEL: 'silent',
  SEED_DEMO_DATA: 'true',
  DISCOVERY_ALLOW_HOSTS: `127.0.0.1:${site.port}`,
});
const database = await openPglite();
await database.migrate();
await ensureAllCategory(database.db);
await seedDemoData(database.db);
const ctx = createContext(env, database, pino({ level: 'silent' }));
// As in the server (buildApp): the run's new apps are compared for duplicates when it announces them.
flagAddedApps(ctx);
const service = new DiscoveryRunsService(ctx);
await new DiscoverySourcesService(ctx).addSource({ url: `${site.origin}/list.json`, type: 'json', enabled: true });

const started = performance.now();
const result = await service.runExclusive('scan');
const seconds = (performance.now() - started) / 1000;
if (!result) throw new Error('the run lock was not acquired');

console.log(`Discovery run over ${PAGES} fixture pages, concurrency ${env.DISCOVERY_CONCURRENCY}`);
console.log(
  `  discovered ${result.discovered}, processed ${result.processed}, errors ${result.errors}, duplicates ${result.duplicates}`,
);
console.log(`  ${seconds.toFixed(2)} s → ${(result.processed / seconds).toFixed(1)} pages processed per second`);

await database.close();
await site.close();
