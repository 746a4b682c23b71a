import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { createContext } from '../context';
import { openPglite } from '../db/database';
import { ensureAllCategory } from '../db/seed/seed';
import { loadEnv } from '../env';
import { importApps } from '../modules/apps/apps.import';
import { DEFAULT_ALTERNATIVES_DEV_PATH, evaluateAlternatives, loadAlternativesItems } from '../modules/search/eval/alternatives-eval';
import { toSearchDocuments, type CatalogTool } from '../modules/search/eval/catalog-loader';
import { fullTextSearch } from '../modules/search/eval/fulltext-baseline';
import { evaluateEngineAsync, splitQueries, type EvalQuery, type EvalReport } from '../modules/search/eval/run-eval';

/**
 * `npm run eval:search [-- <dir>] [--queries <file>]...`: imports `<dir>/catalog.json` into a fresh in-memory
 * database, runs every query of `<dir>/queries-public.json` (and of the project's development set, or of the
 * `--queries` files when given) through the product's search service and through a plain PostgreSQL full-text
 * baseline, and prints nDCG@10, Recall@10 and MRR side by side for each query set.
 */
const args = process.argv.slice(2);
const extraQueryFiles: string[] = [];
const positional: string[] = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--queries' && args[i + 1]) extraQueryFiles.push(path.resolve(args[++i] as string));
  else positional.push(args[i] as string);
}
const dir = path.resolve(positional[0] ?? '../shared/eval');
const catalogFile = path.join(dir, 'catalog.json');
const publicQueriesFile = path.join(dir, 'queries-public.json');
const devQueriesFile = fileURLToPath(new URL('../modules/search/eval/fixtures/queries-dev.json', import.meta.url));
const queryFiles = [publicQueriesFile, ...(extraQueryFiles.length > 0 ? extraQueryFiles : fs.existsSync(devQueriesFile) ? [devQueriesFile] : [])];
for (const file of [catalogFile, ...queryFiles]) {
  if (!fs.existsSync(file)) {
    console.error(`Missing ${file}. Usage: npm run eval:search [-- <dir with catalog.json and queries-public.json>] [--queries <file>]`);
    process.exit(1);
  }
}
const readQueries = (file: string) => (JSON.parse(fs.readFileSync(file, 'utf8')) as { queries: EvalQuery[] }).queries;

const database = await openPglite();
await database.migrate();
await ensureAllCategory(database.db);
const imported = await importApps(database.db, JSON.parse(fs.readFileSync(catalogFile, 'utf8')), 'published');
if (!imported.ok) {
  console.error('The catalogue is invalid:', imported.errors.slice(0, 10));
  process.exit(1);
}
const ctx = createContext(loadEnv({ SEED_DEMO_DATA: 'false', LOG_LEVEL: 'silent', AI_BASE_URL: '' }), database, pino({ level: 'silent' }));
const service = ctx.search;
await service.start();

const f = (value: number) => value.toFixed(3);
const line = (label: string, report: EvalReport) => `${label.padEnd(28)} ${f(report.mean.ndcg)}    ${f(report.mean.recall)}     ${f(report.mean.mrr)}`;
const summaries: string[] = [];

for (const file of queryFiles) {
  const queries = readQueries(file);
  const engine = await evaluateEngineAsync(async (query) => (await service.search(query)).apps.map((app) => app.name), queries);
  const baseline = await evaluateEngineAsync((query) => fullTextSearch(database.db, query), queries);
  const label = path.basename(file, '.json');
  summaries.push(`  ${label.padEnd(20)} ${String(queries.length).padStart(3)} queries  nDCG@10 ${f(engine.mean.ndcg)}  (baseline ${f(baseline.mean.ndcg)})`);

  console.log(`\n=== ${label}: search quality on ${imported.ids.length} apps and ${queries.length} judged queries (${file})\n`);
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
}
// ── alternatives: the model's lists and the search for each item's query, beside two baselines ──
const catalogDocs = toSearchDocuments((JSON.parse(fs.readFileSync(catalogFile, 'utf8')) as { tools: CatalogTool[] }).tools);
const idByName = new Map((await Promise.all(imported.ids.map(async (id) => service.findPublished(id)))).flatMap((app) => (app ? [[app.name, app.id] as const] : [])));
const docs = catalogDocs.flatMap((doc) => {
  const id = idByName.get(doc.name);
  return id === undefined ? [] : [{ ...doc, id }];
});
const alternativesFiles = [path.join(dir, 'alternatives-public.json'), DEFAULT_ALTERNATIVES_DEV_PATH].filter((file) => fs.existsSync(file));
const searchNames = new Map<string, string[]>();
for (const file of alternativesFiles) {
  const items = loadAlternativesItems(file);
  for (const item of items) searchNames.set(item.query, (await service.search(item.query)).apps.map((app) => app.name));
  const report = evaluateAlternatives(items, docs, {
    list: (id) => service.alternatives(id, { limit: 10 })?.alternatives.map((app) => app.name) ?? [],
    query: (text) => searchNames.get(text) ?? [],
  });
  const label = path.basename(file, '.json');
  console.log(`\n=== ${label}: ${items.length - report.missing.length} alternatives items (${file})\n`);
  console.log(`${''.padEnd(28)} nDCG@10  Recall@10  MRR`);
  console.log(line('Alternatives lists', report.list));
  console.log(line('Search for the queries', report.query));
  console.log(line('Same category by popularity', report.sameCategory));
  console.log(line('More like this (BM25)', report.moreLikeThis));
  if (report.missing.length > 0) console.log(`Sources not in the catalogue: ${report.missing.join(', ')}`);
  summaries.push(
    `  ${label.padEnd(20)} ${String(items.length).padStart(3)} items    lists ${f(report.list.mean.ndcg)}  queries ${f(report.query.mean.ndcg)}  (same category ${f(report.sameCategory.mean.ndcg)}, more like this ${f(report.moreLikeThis.mean.ndcg)})`,
  );
}

await service.stop();
await database.close();

console.log('\nSummary');
for (const summary of summaries) console.log(summary);
process.exit(0);
