/**
 * Ranking metrics of the search evaluation (see the evaluation README): graded nDCG@k, Recall@k of fully relevant
 * apps and the reciprocal rank of the first fully relevant app. Pure functions over app names.
 */

/** Graded judgments of one query: app name → 2 (directly does it) or 1 (partly serves it). */
export type Judgments = Readonly<Record<string, number>>;

export interface QueryMetrics {
  ndcg: number;
  recall: number;
  mrr: number;
}

function dcg(grades: number[]): number {
  let s = 0;
  grades.forEach((g, i) => {
    s += (2 ** g - 1) / Math.log2(i + 2);
  });
  return s;
}

/** nDCG@k with gain 2^grade − 1 and discount log2(rank + 1), normalised by the ideal ordering of judged apps. */
export function ndcgAt(ranked: readonly string[], judgments: Judgments, k = 10): number {
  const gains = ranked.slice(0, k).map((name) => judgments[name] ?? 0);
  const ideal = Object.values(judgments)
    .filter((g) => g > 0)
    .sort((a, b) => b - a)
    .slice(0, k);
  const idcg = dcg(ideal);
  return idcg === 0 ? 0 : dcg(gains) / idcg;
}

/** Share of grade-2 apps found in the top k (0 when the query has no grade-2 app). */
export function recallAt(ranked: readonly string[], judgments: Judgments, k = 10): number {
  const relevant = Object.keys(judgments).filter((n) => (judgments[n] ?? 0) >= 2);
  if (relevant.length === 0) return 0;
  const top = new Set(ranked.slice(0, k));
  return relevant.filter((n) => top.has(n)).length / relevant.length;
}

/** 1 / rank of the first grade-2 app in the list, 0 if none. */
export function reciprocalRank(ranked: readonly string[], judgments: Judgments): number {
  const i = ranked.findIndex((n) => (judgments[n] ?? 0) >= 2);
  return i < 0 ? 0 : 1 / (i + 1);
}

/** All three metrics of one ranked list. */
export function queryMetrics(ranked: readonly string[], judgments: Judgments, k = 10): QueryMetrics {
  return { ndcg: ndcgAt(ranked, judgments, k), recall: recallAt(ranked, judgments, k), mrr: reciprocalRank(ranked, judgments) };
}

/** Arithmetic mean of each metric (zeros for an empty list). */
export function meanMetrics(rows: readonly QueryMetrics[]): QueryMetrics {
  const n = rows.length || 1;
  return {
    ndcg: rows.reduce((s, r) => s + r.ndcg, 0) / n,
    recall: rows.reduce((s, r) => s + r.recall, 0) / n,
    mrr: rows.reduce((s, r) => s + r.mrr, 0) / n,
  };
}

/** Mean metrics per group key (e.g. per query style). */
export function meanBy<T extends QueryMetrics>(rows: readonly T[], key: (row: T) => string): Record<string, QueryMetrics> {
  const groups = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const g = groups.get(k) ?? [];
    g.push(r);
    groups.set(k, g);
  }
  const out: Record<string, QueryMetrics> = {};
  for (const [k, g] of [...groups].sort(([a], [b]) => a.localeCompare(b))) out[k] = meanMetrics(g);
  return out;
}
