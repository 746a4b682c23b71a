import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_ALTERNATIVES_DEV_PATH,
  evaluateAlternatives,
  loadAlternativesItems,
} from '../modules/search/eval/alternatives-eval';
import {
  baselineEntries,
  DEFAULT_BASELINE_PATH,
  diffAgainstBaseline,
  readBaseline,
  writeBaseline,
  type BaselineEntry,
} from '../modules/search/eval/baseline-diff';
import { Bm25Baseline } from '../modules/search/eval/bm25-baseline';
import {
  DEFAULT_DEV_QUERIES_PATH,
  DEFAULT_WILD_DEV_QUERIES_PATH,
  DEFAULT_WILD_FRESH_QUERIES_PATH,
  DEFAULT_WILD_HOLDOUT_QUERIES_PATH,
  DEFAULT_WILD_KEPT_QUERIES_PATH,
  toSearchDocuments,
  type CatalogTool,
} from '../modules/search/eval/catalog-loader';
import {
  BAD_ANSWER,
  confidenceStats,
  GOOD_ANSWER,
  spearman,
  type ConfidenceStats,
} from '../modules/search/eval/confidence-stats';
import { fullTextSearch } from '../modules/search/eval/fulltext-baseline';
import {
  evaluateEngine,
  evaluateEngineAsync,
  splitQueries,
  type EvalQuery,
  type EvalReport,
} from '../modules/search/eval/run-eval';
import { SLIP_STYLES, withSlips } from '../modules/search/eval/synthetic-typos';
import { startEvalCatalogue, type EvalCatalogue } from './eval-catalogue';

/**
 * `npm run eval:search [-- <dir>] [--queries <file>]... [--save-baseline] [--fulltext]`: imports
 * `<dir>/catalog.json` (default: the public evaluation data copied into the repository) into a fresh in-memory
 * database and runs every judged query set through the product's search service, beside an in-memory BM25F baseline
 * with stemming and stop words (and, with `--fulltext`, the PostgreSQL full-text baseline, which triples the run's
 * time): `<dir>/queries-public.json`,
 * `<dir>/queries-wild-public.json` when present, and the repository's development sets (or the `--queries` files).
 * For each set it prints nDCG@10, Recall@10 and MRR overall and per style, how well the answers' confidence tracks
 * their quality, the queries answered with no app, and the per-query changes against the saved baseline; then the
 * typo handling's loss on the development sets with typing slips added, the alternatives evaluation and a summary table. `--save-baseline` stores this run as the new baseline.
 */
const DEFAULT_DATA_DIR = fileURLToPath(new URL('../modules/search/eval/data', import.meta.url));

const args = process.argv.slice(2);
const extraQueryFiles: string[] = [];
const positional: string[] = [];
let saveBaseline = false;
let withFullText = false;
for (let i = 0; i < args.length; i++) {
  const arg = args[i] as string;
  if (arg === '--queries' && args[i + 1]) extraQueryFiles.push(path.resolve(args[++i] as string));
  else if (arg === '--save-baseline') saveBaseline = true;
  else if (arg === '--fulltext') withFullText = true;
  else if (arg.startsWith('--')) {
    console.error(
      `Unknown option ${arg}. Usage: npm run eval:search [-- <dir>] [--queries <file>]... [--save-baseline] [--fulltext]`,
    );
    process.exit(1);
  } else positional.push(arg);
}
const dir = path.resolve(positional[0] ?? DEFAULT_DATA_DIR);
const catalogFile = path.join(dir, 'catalog.json');

interface QuerySet {
  label: string;
  file: string;
}
// The kept-back sets are run by pointing <dir> at them, so only the catalogue and the task queries are required.
const required: QuerySet[] = [{ label: 'queries-public', file: path.join(dir, 'queries-public.json') }];
const optional: QuerySet[] = [
  { label: 'queries-wild-public', file: path.join(dir, 'queries-wild-public.json') },
  ...(extraQueryFiles.length > 0
    ? extraQueryFiles.map((file) => ({ label: path.basename(file, '.json'), file }))
    : [
        { label: 'queries-dev', file: DEFAULT_DEV_QUERIES_PATH },
        { label: 'queries-wild-dev', file: DEFAULT_WILD_DEV_QUERIES_PATH },
        { label: 'queries-wild-holdout', file: DEFAULT_WILD_HOLDOUT_QUERIES_PATH },
        { label: 'queries-wild-fresh', file: DEFAULT_WILD_FRESH_QUERIES_PATH },
        { label: 'queries-wild-kept', file: DEFAULT_WILD_KEPT_QUERIES_PATH },
      ]),
];
for (const file of [catalogFile, ...required.map((set) => set.file)]) {
  if (!fs.existsSync(file)) {
    console.error(
      `Missing ${file}. Usage: npm run eval:search [-- <dir with catalog.json and queries-public.json>] [--queries <file>]... [--save-baseline]`,
    );
    process.exit(1);
  }
}
const notes: string[] = [];
const querySets = [
  ...required,
  ...optional.filter((set) => {
    if (fs.existsSync(set.file)) return true;
    notes.push(`skipped ${set.label}: no ${set.file}`);
    return false;
  }),
];
const readQueries = (file: string) => (JSON.parse(fs.readFileSync(file, 'utf8')) as { queries: EvalQuery[] }).queries;

const catalogue = (JSON.parse(fs.readFileSync(catalogFile, 'utf8')) as { tools: CatalogTool[] }).tools;
let evalCatalogue: EvalCatalogue;
try {
  evalCatalogue = await startEvalCatalogue(catalogue);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const { database, service, ids: importedIds } = evalCatalogue;
const bm25 = new Bm25Baseline(catalogue);

const f = (value: number) => value.toFixed(3);
const fOrDash = (value: number | null) => (value === null ? '  –  ' : f(value));
const signed = (value: number) => (value >= 0 ? '+' : '') + f(value);
const line = (label: string, report: EvalReport) =>
  `${label.padEnd(30)} ${f(report.mean.ndcg)}    ${f(report.mean.recall)}     ${f(report.mean.mrr)}`;

interface SummaryRow {
  set: string;
  style: string;
  count: number;
  aitlas: number;
  bm25: number;
  spearman: number | null;
  /** Only on a set's overall row: mean confidence of answers under 0.3 nDCG@10, and how many answers were empty. */
  badConfidence?: number | null;
  empty?: number;
}
const summaryRows: SummaryRow[] = [];
const alternativesSummary: string[] = [];
const currentRuns: { label: string; report: EvalReport }[] = [];

for (const set of querySets) {
  const queries = readQueries(set.file);
  // Keyed by the query's text, which is all the search sees: two judged queries may share it.
  const confidenceByText = new Map<string, { confidence: number; count: number }>();
  const engine = await evaluateEngineAsync(async (text) => {
    const answer = await service.search(text);
    confidenceByText.set(text, { confidence: answer.confidence, count: answer.apps.length });
    return answer.apps.map((app) => app.name);
  }, queries);
  const lexical = evaluateEngine((text) => bm25.search(text), queries);
  const fullText = withFullText ? await evaluateEngineAsync((text) => fullTextSearch(database.db, text), queries) : null;
  currentRuns.push({ label: set.label, report: engine });

  const confidenceRows = engine.perQuery.map((row) => ({
    id: row.id,
    query: row.query,
    ndcg: row.ndcg,
    ...(confidenceByText.get(row.query) ?? { confidence: 0, count: 0 }),
  }));
  const confidence: ConfidenceStats = confidenceStats(confidenceRows);

  console.log(
    `\n=== ${set.label}: search quality on ${importedIds.length} apps and ${queries.length} judged queries (${set.file})\n`,
  );
  console.log(`${''.padEnd(30)} nDCG@10  Recall@10  MRR`);
  console.log(line('Aitlas search', engine));
  console.log(line('BM25F (Porter, stop words)', lexical));
  if (fullText) console.log(line('PostgreSQL full text (OR)', fullText));
  console.log(`${'difference to BM25F'.padEnd(30)} ${signed(engine.mean.ndcg - lexical.mean.ndcg)}`);

  console.log(`\nBy style (nDCG@10: Aitlas / BM25F${fullText ? ' / full text' : ''})`);
  const styles = Object.keys(engine.perStyle);
  for (const style of styles) {
    const count = queries.filter((query) => query.style === style).length;
    const fullTextFigure = fullText ? ` / ${f(fullText.perStyle[style]?.ndcg ?? 0)}` : '';
    console.log(
      `  ${style.padEnd(12)} ${String(count).padStart(3)} queries  ${f(engine.perStyle[style]?.ndcg ?? 0)} / ${f(lexical.perStyle[style]?.ndcg ?? 0)}${fullTextFigure}`,
    );
  }

  console.log('\nConfidence');
  console.log(`  Spearman (confidence, nDCG@10): ${fOrDash(confidence.spearman)}`);
  console.log(
    `  mean confidence of answers with nDCG@10 < ${BAD_ANSWER}: ${fOrDash(confidence.bad.meanConfidence)} (${confidence.bad.count} queries)`,
  );
  console.log(
    `  mean confidence of answers with nDCG@10 ≥ ${GOOD_ANSWER}: ${fOrDash(confidence.good.meanConfidence)} (${confidence.good.count} queries)`,
  );
  console.log(`  queries answered with no app: ${confidence.empty.length}`);
  for (const empty of confidence.empty) console.log(`    ${empty.id} ${empty.query.slice(0, 90)}`);

  const { heldIn, heldOut } = splitQueries(queries);
  const meanOver = (ids: Set<string>) => {
    const rows = engine.perQuery.filter((row) => ids.has(row.id));
    return rows.reduce((sum, row) => sum + row.ndcg, 0) / Math.max(1, rows.length);
  };
  console.log(
    `\nStability check: nDCG@10 on two fixed halves of the queries: ${f(meanOver(new Set(heldIn.map((q) => q.id))))} (${heldIn.length}) / ${f(meanOver(new Set(heldOut.map((q) => q.id))))} (${heldOut.length})`,
  );

  console.log('\nWorst queries (nDCG@10 Aitlas vs BM25F, confidence)');
  const lexicalById = new Map(lexical.perQuery.map((row) => [row.id, row]));
  for (const row of [...engine.perQuery].sort((a, b) => a.ndcg - b.ndcg || a.id.localeCompare(b.id)).slice(0, 12)) {
    console.log(
      `  ${row.id} ${f(row.ndcg)} vs ${f(lexicalById.get(row.id)?.ndcg ?? 0)}  conf ${f(confidenceByText.get(row.query)?.confidence ?? 0)}  [${row.style}] ${row.query.slice(0, 70)}`,
    );
    console.log(`        got: ${row.ranked.slice(0, 5).join(', ')}`);
  }

  const spearmanOf = (style: string | null) => {
    const rows = confidenceRows.filter((row) => style === null || queries.find((query) => query.id === row.id)?.style === style);
    return spearman(
      rows.map((row) => row.confidence),
      rows.map((row) => row.ndcg),
    );
  };
  summaryRows.push({
    set: set.label,
    style: 'all',
    count: queries.length,
    aitlas: engine.mean.ndcg,
    bm25: lexical.mean.ndcg,
    spearman: confidence.spearman,
    badConfidence: confidence.bad.meanConfidence,
    empty: confidence.empty.length,
  });
  for (const style of styles) {
    summaryRows.push({
      set: set.label,
      style,
      count: queries.filter((query) => query.style === style).length,
      aitlas: engine.perStyle[style]?.ndcg ?? 0,
      bm25: lexical.perStyle[style]?.ndcg ?? 0,
      spearman: spearmanOf(style),
    });
  }
}

// ── typing slips added to the development sets' typed-right queries: what the typo handling loses ──
const SLIP_SEEDS = [1, 2, 3];
const slipSource = [DEFAULT_DEV_QUERIES_PATH, DEFAULT_WILD_DEV_QUERIES_PATH]
  .filter((file) => fs.existsSync(file))
  .flatMap((file) => readQueries(file).filter((query) => (SLIP_STYLES as readonly string[]).includes(query.style)));
const searchNamesOf = async (text: string) => (await service.search(text)).apps.map((app) => app.name);
const clean = await evaluateEngineAsync(searchNamesOf, slipSource);
const slipped = await Promise.all(SLIP_SEEDS.map((seed) => evaluateEngineAsync(searchNamesOf, withSlips(slipSource, seed))));
const slippedMean = slipped.reduce((sum, report) => sum + report.mean.ndcg, 0) / slipped.length;
console.log(
  `\n=== Typing slips: ${slipSource.length} typed-right development queries, with slips from seeds ${SLIP_SEEDS.join(', ')}\n`,
);
console.log(
  `  nDCG@10 typed right ${f(clean.mean.ndcg)}, with slips ${f(slippedMean)} (${slipped.map((report) => f(report.mean.ndcg)).join(' / ')}): lost ${f(clean.mean.ndcg - slippedMean)}`,
);

// ── alternatives: the model's lists and the search for each item's query, beside two baselines ──
const catalogDocs = toSearchDocuments(catalogue);
const idByName = new Map(
  (await Promise.all(importedIds.map(async (id) => service.findPublished(id)))).flatMap((app) =>
    app ? [[app.name, app.id] as const] : [],
  ),
);
const docs = catalogDocs.flatMap((doc) => {
  const id = idByName.get(doc.name);
  return id === undefined ? [] : [{ ...doc, id }];
});
const alternativesFiles = [path.join(dir, 'alternatives-public.json'), DEFAULT_ALTERNATIVES_DEV_PATH].filter((file) => {
  if (fs.existsSync(file)) return true;
  notes.push(`skipped ${path.basename(file, '.json')}: no ${file}`);
  return false;
});
const searchNames = new Map<string, string[]>();
for (const file of alternativesFiles) {
  const items = loadAlternativesItems(file);
  for (const item of items)
    searchNames.set(
      item.query,
      (await service.search(item.query)).apps.map((app) => app.name),
    );
  const report = evaluateAlternatives(items, docs, {
    list: (id) => service.alternatives(id, { limit: 10 })?.alternatives.map((app) => app.name) ?? [],
    query: (text) => searchNames.get(text) ?? [],
  });
  const label = path.basename(file, '.json');
  currentRuns.push({ label: `${label}:lists`, report: report.list }, { label: `${label}:queries`, report: report.query });
  console.log(`\n=== ${label}: ${items.length - report.missing.length} alternatives items (${file})\n`);
  console.log(`${''.padEnd(30)} nDCG@10  Recall@10  MRR`);
  console.log(line('Alternatives lists', report.list));
  console.log(line('Search for the queries', report.query));
  console.log(line('Same category by popularity', report.sameCategory));
  console.log(line('More like this (BM25)', report.moreLikeThis));
  if (report.missing.length > 0) console.log(`Sources not in the catalogue: ${report.missing.join(', ')}`);
  alternativesSummary.push(
    `  ${label.padEnd(22)} ${String(items.length).padStart(3)} items    lists ${f(report.list.mean.ndcg)}  queries ${f(report.query.mean.ndcg)}  (same category ${f(report.sameCategory.mean.ndcg)}, more like this ${f(report.moreLikeThis.mean.ndcg)})`,
  );
}

await service.stop();
await database.close();

// ── per-query changes against the saved baseline ──
const baseline = readBaseline();
console.log(`\n=== Changes against the baseline (${DEFAULT_BASELINE_PATH})`);
if (!baseline) console.log('  no baseline saved yet: run `npm run eval:search -- --save-baseline`');
else {
  console.log(`  saved ${baseline.savedAt}; listed: queries whose nDCG@10 moved by ≥ 0.05`);
  for (const run of currentRuns) {
    const saved = baseline.sets[run.label];
    if (!saved) {
      console.log(`\n  ${run.label}: not in the baseline`);
      continue;
    }
    const diff = diffAgainstBaseline(saved, run.report.perQuery);
    const byStyle = Object.entries(diff.meanChangeByStyle);
    const styleText =
      byStyle.length > 1 ? `  (${byStyle.map(([style, change]) => `${style} ${signed(change)}`).join(', ')})` : '';
    console.log(`\n  ${run.label}: mean change ${signed(diff.meanChange)} over ${diff.compared} queries${styleText}`);
    if (diff.added.length > 0)
      console.log(
        `    new or reworded since the baseline: ${diff.added.length} (${diff.added.slice(0, 8).join(', ')}${diff.added.length > 8 ? ', …' : ''})`,
      );
    for (const change of diff.changes) {
      console.log(`    ${change.id} ${f(change.before)} → ${f(change.after)}  [${change.style}] ${change.query.slice(0, 70)}`);
      console.log(`        was: ${change.beforeTop5.join(', ')}`);
      console.log(`        now: ${change.afterTop5.join(', ')}`);
    }
  }
}
if (saveBaseline) {
  const sets: Record<string, Record<string, BaselineEntry>> = {};
  for (const run of currentRuns) sets[run.label] = baselineEntries(run.report.perQuery);
  writeBaseline(sets);
  console.log(
    `\nSaved this run as the baseline: ${DEFAULT_BASELINE_PATH}${dir === DEFAULT_DATA_DIR ? '' : ` (data from ${dir}, not the repository's default)`}`,
  );
}

console.log(
  `\n=== Summary (nDCG@10; Spearman of confidence with nDCG@10; mean confidence when nDCG@10 < ${BAD_ANSWER}; answers with no app)\n`,
);
console.log(
  `  ${'set'.padEnd(22)} ${'style'.padEnd(12)} ${'n'.padStart(3)}  Aitlas   BM25F   Spearman  conf<${BAD_ANSWER}  empty`,
);
let previousSet = '';
for (const row of summaryRows) {
  const setLabel = row.set === previousSet ? '' : row.set;
  previousSet = row.set;
  const overall = row.empty === undefined ? '' : `    ${fOrDash(row.badConfidence ?? null)}   ${String(row.empty).padStart(4)}`;
  console.log(
    `  ${setLabel.padEnd(22)} ${row.style.padEnd(12)} ${String(row.count).padStart(3)}  ${f(row.aitlas)}   ${f(row.bm25)}   ${fOrDash(row.spearman).padStart(6)}${overall}`,
  );
}
console.log('');
for (const summary of alternativesSummary) console.log(summary);
for (const note of notes) console.log(`Note: ${note}`);
process.exit(0);
