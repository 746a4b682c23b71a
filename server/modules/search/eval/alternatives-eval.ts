import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { SearchDocument } from '../engine/search-index';
import { tokenize } from '../engine/tokenize';
import { evaluateEngine, type EvalQuery, type EvalReport } from './run-eval';

/** One alternatives judgment as stored in alternatives-public.json and the dev set. */
export interface AlternativesItem {
  id: string;
  source: string;
  query: string;
  relevant: Readonly<Record<string, number>>;
}

export const DEFAULT_ALTERNATIVES_DEV_PATH = resolve(import.meta.dirname, 'fixtures/alternatives-dev.json');

/** Reads `{ items: [...] }`. */
export function loadAlternativesItems(path: string): AlternativesItem[] {
  return (JSON.parse(readFileSync(path, 'utf8')) as { items: AlternativesItem[] }).items;
}

/** The four rankings compared for each item: the model's list, the search for the query, and two baselines. */
export interface AlternativesRankers {
  list(sourceId: number): string[];
  query(text: string): string[];
}

export interface AlternativesEvalReport {
  list: EvalReport;
  query: EvalReport;
  sameCategory: EvalReport;
  moreLikeThis: EvalReport;
  /** Items whose source is not in the catalogue (skipped). */
  missing: string[];
}

/**
 * Scores the alternatives list of each source app and the search for each item's query, beside "same category
 * by popularity" and "more like this" (BM25 over the source app's own text), with the metrics of the query sets.
 */
export function evaluateAlternatives(
  items: readonly AlternativesItem[],
  docs: readonly SearchDocument[],
  rankers: AlternativesRankers,
): AlternativesEvalReport {
  const byName = new Map(docs.map((doc) => [doc.name, doc]));
  const present = items.filter((item) => byName.has(item.source));
  const asQueries = (key: (item: AlternativesItem) => string): EvalQuery[] =>
    present.map((item) => ({ id: item.id, query: key(item), style: 'alternatives', relevant: item.relevant }));
  const sourceOf = new Map(present.map((item) => [item.id, byName.get(item.source) as SearchDocument]));
  const bySource = (fn: (doc: SearchDocument) => string[]) => (id: string) => fn(sourceOf.get(id) as SearchDocument);
  const mlt = new MoreLikeThis(docs);
  return {
    list: evaluateEngine(
      bySource((doc) => rankers.list(doc.id)),
      asQueries((item) => item.id),
    ),
    query: evaluateEngine(
      (text) => rankers.query(text),
      asQueries((item) => item.query),
    ),
    sameCategory: evaluateEngine(
      bySource((doc) => sameCategoryByPopularity(docs, doc)),
      asQueries((item) => item.id),
    ),
    moreLikeThis: evaluateEngine(
      bySource((doc) => mlt.similar(doc)),
      asQueries((item) => item.id),
    ),
    missing: items.filter((item) => !byName.has(item.source)).map((item) => item.source),
  };
}

function sameCategoryByPopularity(docs: readonly SearchDocument[], source: SearchDocument): string[] {
  return docs
    .filter((doc) => doc.category === source.category && doc.id !== source.id)
    .sort((a, b) => b.monthlyVisitors - a.monthlyVisitors)
    .slice(0, 10)
    .map((doc) => doc.name);
}

const textOf = (doc: SearchDocument): string =>
  [
    doc.name,
    doc.category,
    doc.tags.join(' '),
    doc.features.join(' '),
    doc.useCases.join(' '),
    doc.description,
    doc.longDescription ?? '',
  ].join(' ');

/** Plain BM25 (k1 1.2, b 0.75) over each listing's whole text, queried with the source listing's own text. */
class MoreLikeThis {
  private readonly tfs: { doc: SearchDocument; tf: Map<string, number>; len: number }[];
  private readonly df = new Map<string, number>();
  private readonly avgLen: number;

  constructor(docs: readonly SearchDocument[]) {
    this.tfs = docs.map((doc) => {
      const tf = new Map<string, number>();
      const tokens = tokenize(textOf(doc));
      for (const token of tokens) tf.set(token.stem, (tf.get(token.stem) ?? 0) + 1);
      for (const stem of tf.keys()) this.df.set(stem, (this.df.get(stem) ?? 0) + 1);
      return { doc, tf, len: tokens.length };
    });
    this.avgLen = this.tfs.reduce((sum, entry) => sum + entry.len, 0) / Math.max(1, this.tfs.length);
  }

  similar(source: SearchDocument): string[] {
    const n = this.tfs.length;
    const query = new Map<string, number>();
    for (const token of tokenize(textOf(source).replace(source.name, ' ')))
      query.set(token.stem, (query.get(token.stem) ?? 0) + 1);
    return this.tfs
      .filter((entry) => entry.doc.id !== source.id)
      .map((entry) => {
        let score = 0;
        for (const [stem, qtf] of query) {
          const tf = entry.tf.get(stem) ?? 0;
          if (tf === 0) continue;
          const df = this.df.get(stem) ?? 0;
          const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
          score += qtf * idf * ((tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * entry.len) / this.avgLen)));
        }
        return { name: entry.doc.name, score };
      })
      .sort((a, b) => b.score - a.score)
      .slice(0, 10)
      .map((entry) => entry.name);
  }
}
