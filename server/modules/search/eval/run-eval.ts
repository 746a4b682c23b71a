import { meanBy, meanMetrics, queryMetrics, type Judgments, type QueryMetrics } from './metrics';

/** One evaluation query as stored in queries-public.json. */
export interface EvalQuery {
  id: string;
  query: string;
  style: string;
  relevant: Judgments;
}

export interface QueryResult extends QueryMetrics {
  id: string;
  query: string;
  style: string;
  /** The top 10 app names returned. */
  ranked: string[];
}

export interface EvalReport {
  perQuery: QueryResult[];
  mean: QueryMetrics;
  perStyle: Record<string, QueryMetrics>;
}

function report(perQuery: QueryResult[]): EvalReport {
  return { perQuery, mean: meanMetrics(perQuery), perStyle: meanBy(perQuery, (r) => r.style) };
}

function result(q: EvalQuery, ranked: string[]): QueryResult {
  const top = ranked.slice(0, 10);
  return { id: q.id, query: q.query, style: q.style, ranked: top, ...queryMetrics(top, q.relevant) };
}

/**
 * Runs a search function over judged queries and computes per-query, overall and per-style metrics.
 * `searchFn` returns ranked app names; only the first 10 count.
 */
export function evaluateEngine(searchFn: (query: string) => string[], queries: readonly EvalQuery[]): EvalReport {
  return report(queries.map((q) => result(q, searchFn(q.query))));
}

/** Same as {@link evaluateEngine} for engines that answer asynchronously (e.g. a database full-text baseline). */
export async function evaluateEngineAsync(
  searchFn: (query: string) => Promise<string[]>,
  queries: readonly EvalQuery[],
): Promise<EvalReport> {
  const rows: QueryResult[] = [];
  for (const q of queries) rows.push(result(q, await searchFn(q.query)));
  return report(rows);
}

/** Deterministic split of queries into held-in and held-out parts (hash of the id), for overfitting checks. */
export function splitQueries<T extends { id: string }>(
  queries: readonly T[],
  heldOutShare = 1 / 3,
  salt = 'aitlas',
): { heldIn: T[]; heldOut: T[] } {
  const heldIn: T[] = [];
  const heldOut: T[] = [];
  for (const q of queries) {
    let h = 2166136261;
    for (const ch of salt + q.id) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
    ((h % 1000) / 1000 < heldOutShare ? heldOut : heldIn).push(q);
  }
  return { heldIn, heldOut };
}
