/**
 * Quick offline evaluation of the engine on the public queries, without a database:
 *   node_modules/.bin/tsx server/modules/search/eval/quick-eval.ts [--verbose]
 */
import { SearchIndex } from '../engine/search-index';
import { loadCatalog, loadQueries } from './catalog-loader';
import { HIGH_CONFIDENCE_QUERIES, LOW_CONFIDENCE_QUERIES } from './confidence-queries';
import { evaluateEngine, splitQueries, type EvalReport } from './run-eval';

const docs = loadCatalog();
const queries = loadQueries();
if (!docs || !queries) {
  console.error('catalogue or queries not found');
  process.exit(1);
}
const verbose = process.argv.includes('--verbose');
const t0 = performance.now();
const index = new SearchIndex(docs);
const nameById = new Map(docs.map((d) => [d.id, d.name]));
console.log(`indexed ${index.size} apps in ${(performance.now() - t0).toFixed(0)} ms`);

const search = (q: string): string[] => index.search(q, { limit: 10 }).hits.map((h) => nameById.get(h.id) ?? '');
const fmt = (m: { ndcg: number; recall: number; mrr: number }): string =>
  `nDCG@10 ${m.ndcg.toFixed(3)}  Recall@10 ${m.recall.toFixed(3)}  MRR ${m.mrr.toFixed(3)}`;
const print = (label: string, r: EvalReport): void => {
  console.log(`${label.padEnd(10)} ${fmt(r.mean)}  (n=${r.perQuery.length})`);
};

const all = evaluateEngine(search, queries);
print('overall', all);
for (const [style, m] of Object.entries(all.perStyle)) console.log(`  ${style.padEnd(10)} ${fmt(m)}`);
const { heldIn, heldOut } = splitQueries(queries);
print('held-in', evaluateEngine(search, heldIn));
print('held-out', evaluateEngine(search, heldOut));

console.log('\nworst queries:');
const worst = [...all.perQuery].sort((a, b) => a.ndcg - b.ndcg).slice(0, verbose ? 25 : 10);
for (const r of worst) {
  const q = queries.find((x) => x.id === r.id);
  console.log(`  ${r.id} ${r.ndcg.toFixed(2)} ${r.query}`);
  if (verbose && q) {
    console.log(`     got: ${r.ranked.map((n) => `${n}${q.relevant[n] ? `(${q.relevant[n]})` : ''}`).join(', ')}`);
    console.log(`     want: ${Object.entries(q.relevant).map(([n, g]) => `${n}:${g}`).join(', ')}`);
  }
}

const conf = (q: string): number => index.search(q).confidence;
const pub = queries.map((q) => conf(q.query)).sort((a, b) => a - b);
console.log(`\nconfidence on public queries: min ${pub[0]?.toFixed(2)} median ${pub[Math.floor(pub.length / 2)]?.toFixed(2)} share>0.6 ${(pub.filter((c) => c > 0.6).length / pub.length).toFixed(2)}`);
for (const q of LOW_CONFIDENCE_QUERIES) console.log(`  low?  ${conf(q).toFixed(2)}  ${q}`);
for (const q of HIGH_CONFIDENCE_QUERIES) console.log(`  high? ${conf(q).toFixed(2)}  ${q}`);
if (verbose) {
  for (const q of queries.slice(0, 5)) {
    const out = index.search(q.query, { limit: 3 });
    console.log(`\n${q.query}\n  ${out.reasoning} [${out.confidence}]`);
    for (const h of out.hits) console.log(`  - ${nameById.get(h.id)}: ${h.matchReason}`);
  }
}
