/**
 * How well the engine's confidence tracks the quality of its answers on a judged query set: the Spearman
 * correlation between confidence and nDCG@10, the mean confidence of bad and of good answers, and the queries that
 * returned nothing. Pure functions, so the evaluation command and the tests share them.
 */

/** Ranks of values (1-based), tied values sharing the mean of their positions. */
export function averageRanks(values: readonly number[]): number[] {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const ranks = new Array<number>(values.length).fill(0);
  for (let start = 0; start < order.length;) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]?.value === order[start]?.value) end++;
    // Positions start..end (0-based) share the rank (start + end) / 2 + 1.
    const rank = (start + end) / 2 + 1;
    for (let i = start; i <= end; i++) ranks[(order[i] as { index: number }).index] = rank;
    start = end + 1;
  }
  return ranks;
}

/**
 * Spearman's rank correlation of two paired samples (the Pearson correlation of their average ranks, so ties are
 * handled); null when it is undefined: fewer than two pairs, or one side constant.
 */
export function spearman(xs: readonly number[], ys: readonly number[]): number | null {
  if (xs.length !== ys.length) throw new Error('spearman: samples of different lengths');
  if (xs.length < 2) return null;
  const rx = averageRanks(xs);
  const ry = averageRanks(ys);
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const mx = mean(rx);
  const my = mean(ry);
  let covariance = 0;
  let vx = 0;
  let vy = 0;
  for (let i = 0; i < rx.length; i++) {
    const dx = (rx[i] as number) - mx;
    const dy = (ry[i] as number) - my;
    covariance += dx * dy;
    vx += dx * dx;
    vy += dy * dy;
  }
  return vx === 0 || vy === 0 ? null : covariance / Math.sqrt(vx * vy);
}

/** One answered query as the confidence checks see it. */
export interface ConfidenceRow {
  id: string;
  query: string;
  ndcg: number;
  confidence: number;
  /** How many apps the answer held. */
  count: number;
}

export interface ConfidenceStats {
  /** Spearman correlation of confidence with nDCG@10 (null when undefined). */
  spearman: number | null;
  /** Mean confidence of answers with nDCG@10 below {@link BAD_ANSWER} (null when there are none), and how many. */
  bad: { meanConfidence: number | null; count: number };
  /** Mean confidence of answers with nDCG@10 at or above {@link GOOD_ANSWER} (null when there are none), and how many. */
  good: { meanConfidence: number | null; count: number };
  /** Queries answered with no app at all. */
  empty: { id: string; query: string }[];
}

/** The thresholds: an answer under 0.3 nDCG@10 is wrong, one at 0.7 or more is right. */
export const BAD_ANSWER = 0.3;
export const GOOD_ANSWER = 0.7;

function meanOf(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** The confidence figures of one query set. */
export function confidenceStats(rows: readonly ConfidenceRow[]): ConfidenceStats {
  const bad = rows.filter((row) => row.ndcg < BAD_ANSWER).map((row) => row.confidence);
  const good = rows.filter((row) => row.ndcg >= GOOD_ANSWER).map((row) => row.confidence);
  return {
    spearman: spearman(
      rows.map((row) => row.confidence),
      rows.map((row) => row.ndcg),
    ),
    bad: { meanConfidence: meanOf(bad), count: bad.length },
    good: { meanConfidence: meanOf(good), count: good.length },
    empty: rows.filter((row) => row.count === 0).map((row) => ({ id: row.id, query: row.query })),
  };
}
