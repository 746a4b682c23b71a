import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { createContext } from '../context';
import { openPglite } from '../db/database';
import { ensureAllCategory } from '../db/seed/seed';
import { loadEnv } from '../env';
import { importApps } from '../modules/apps/apps.import';
import { fullTextSearch } from '../modules/search/eval/fulltext-baseline';
import { evaluateEngineAsync, splitQueries, type EvalQuery, type EvalReport } from '../modules/search/eval/run-eval';
import { SearchService } from '../modules/search/search.service';

/**
 * `npm run eval:search [-- <dir>]`: imports `<dir>/catalog.json` into a fresh in-memory database,
 * runs every query of `<dir>/queries-public.json` through the product's search service and through
 * a plain PostgreSQL full-text baseline, and prints nDCG@10, Recall@10 and MRR side by side.
 */
const dir = path.resolve(process.argv[2] ?? '../shared/eval');
const catalogFile = path.join(dir, 'catalog.json');
const queriesFile = path.join(dir, 'queries-public.json');
for (const file of [catalogFile, queriesFile]) {
  if (!fs.existsSync(file)) {
    console.error(`Missing ${file}. Usage: npm run eval:search [-- <dir with catalog.json and queries-public.json>]`);
    process.exit(1);
  }
}
const queries = (JSON.parse(fs.readFileSync(queriesFile, 'utf8')) as { queries: EvalQuery[] }).queries;

const database = await openPglite();
await database.migrate();
await ensureAllCategory(database.db);
const imported = await importApps(database.db, JSON.parse(fs.readFileSync(catalogFile, 'utf8')), 'published');
if (!imported.ok) {
  console.error('The catalogue is invalid:', imported.errors.slice(0, 10));
  process.exit(1);
}
const ctx = createContext(loadEnv({ SEED_DEMO_DATA: 'false', LOG_LEVEL: 'silent', AI_BASE_URL: '' }), database, pino({ level: 'silent' }));
const service = new SearchService(ctx);
await service.start();

const engine = await evaluateEngineAsync(async (query) => (await service.search(query)).apps.map((app) => app.name), queries);
const baseline = await evaluateEngineAsync((query) => fullTextSearch(database.db, query), queries);
await service.stop();
await database.close();

const f = (value: number) => value.toFixed(3);
const line = (label: string, report: EvalReport) => `${label.padEnd(28)} ${f(report.mean.ndcg)}    ${f(report.mean.recall)}     ${f(report.mean.mrr)}`;
console.log(`\nSearch quality on ${imported.ids.length} apps and ${queries.length} judged queries (${dir})\n`);
console.log(`${''.padEnd(28)} nDCG@10  Recall@10  MRR`);
console.log(line('Aitlas search', engine));
console.log(line('PostgreSQL full text (OR)', baseline));
console.log(`${'difference'.padEnd(28)} ${(engine.mean.ndcg - baseline.mean.ndcg >= 0 ? '+' : '') + f(engine.mean.ndcg - baseline.mean.ndcg)}`);

console.log('\nBy style (nDCG@10: Aitlas / baseline)');
for (const [style, metrics] of Object.entries(engine.perStyle)) {
  const count = queries.filter((query) => query.style === style).length;
  console.log(`  ${style.padEnd(12)} ${String(count).padStart(3)} queries  ${f(metrics.ndcg)} / ${f(baseline.perStyle[style]?.ndcg ?? 0)}`);
}

const { heldIn, heldOut } = splitQueries(queries);
const mean = (ids: Set<string>) => {
  const rows = engine.perQuery.filter((row) => ids.has(row.id));
  return rows.reduce((sum, row) => sum + row.ndcg, 0) / Math.max(1, rows.length);
};
console.log(`\nStability check: nDCG@10 on two fixed halves of the queries: ${f(mean(new Set(heldIn.map((q) => q.id))))} (${heldIn.length}) / ${f(mean(new Set(heldOut.map((q) => q.id))))} (${heldOut.length})`);

console.log('\nWorst queries (nDCG@10, Aitlas vs baseline)');
const baselineById = new Map(baseline.perQuery.map((row) => [row.id, row]));
for (const row of [...engine.perQuery].sort((a, b) => a.ndcg - b.ndcg).slice(0, 12)) {
  console.log(`  ${row.id} ${f(row.ndcg)} vs ${f(baselineById.get(row.id)?.ndcg ?? 0)}  [${row.style}] ${row.query.slice(0, 70)}`);
  console.log(`        got: ${row.ranked.slice(0, 5).join(', ')}`);
}
process.exit(0);
