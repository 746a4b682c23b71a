import { describe, expect, it } from 'vitest';
import { meanBy, meanMetrics, ndcgAt, queryMetrics, recallAt, reciprocalRank } from './metrics';
import { evaluateEngine, splitQueries, type EvalQuery } from './run-eval';

const judgments = { A: 2, B: 1, C: 2 };

describe('metrics', () => {
  it('computes nDCG@10 with gain 2^g−1 and log2(rank+1) discount against the ideal ordering', () => {
    // Ideal: A(2), C(2), B(1) → 3/1 + 3/log2(3) + 1/2
    const idcg = 3 + 3 / Math.log2(3) + 1 / 2;
    // Ranked: B, X, A → 1/1 + 0 + 3/2
    expect(ndcgAt(['B', 'X', 'A'], judgments)).toBeCloseTo((1 + 3 / 2) / idcg, 10);
    expect(ndcgAt(['A', 'C', 'B'], judgments)).toBeCloseTo(1, 10);
    expect(ndcgAt([], judgments)).toBe(0);
    expect(ndcgAt(['A'], {})).toBe(0);
  });

  it('only counts the first k results', () => {
    const ranked = ['x1', 'x2', 'x3', 'x4', 'x5', 'x6', 'x7', 'x8', 'x9', 'x10', 'A'];
    expect(ndcgAt(ranked, judgments)).toBe(0);
    expect(recallAt(ranked, judgments)).toBe(0);
  });

  it('computes Recall@10 over grade-2 apps and MRR of the first grade-2 app', () => {
    expect(recallAt(['B', 'A'], judgments)).toBe(0.5);
    expect(recallAt(['C', 'A'], judgments)).toBe(1);
    expect(reciprocalRank(['B', 'X', 'C'], judgments)).toBeCloseTo(1 / 3);
    expect(reciprocalRank(['B'], judgments)).toBe(0);
  });

  it('averages overall and per group', () => {
    const rows = [
      { ...queryMetrics(['A', 'C', 'B'], judgments), style: 'a' },
      { ...queryMetrics([], judgments), style: 'b' },
    ];
    expect(meanMetrics(rows).ndcg).toBeCloseTo(0.5);
    const by = meanBy(rows, (r) => r.style);
    expect(by.a?.mrr).toBe(1);
    expect(by.b?.recall).toBe(0);
  });

  it('evaluates an engine over queries and splits deterministically', () => {
    const queries: EvalQuery[] = [
      { id: 'q1', query: 'one', style: 'keywords', relevant: { A: 2 } },
      { id: 'q2', query: 'two', style: 'sentence', relevant: { B: 2 } },
    ];
    const report = evaluateEngine((q) => (q === 'one' ? ['A'] : ['X', 'B']), queries);
    expect(report.perQuery[0]?.mrr).toBe(1);
    expect(report.perQuery[1]?.mrr).toBe(0.5);
    expect(report.mean.mrr).toBe(0.75);
    expect(report.perStyle.sentence?.recall).toBe(1);
    const s1 = splitQueries(queries);
    const s2 = splitQueries(queries);
    expect(s1).toEqual(s2);
    expect(s1.heldIn.length + s1.heldOut.length).toBe(2);
  });
});
