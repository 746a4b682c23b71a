import { describe, expect, it } from 'vitest';
import { averageRanks, confidenceStats, spearman } from './confidence-stats';

describe('Spearman correlation', () => {
  it('gives tied values the mean of their ranks', () => {
    expect(averageRanks([10, 20, 20, 5])).toEqual([2, 3.5, 3.5, 1]);
  });

  it('is 1 for any increasing relation, −1 for a decreasing one', () => {
    expect(spearman([1, 2, 3, 4], [1, 4, 9, 100])).toBeCloseTo(1, 12);
    expect(spearman([1, 2, 3, 4], [8, 4, 2, 1])).toBeCloseTo(-1, 12);
  });

  it('matches the textbook formula on a small sample without ties', () => {
    // d = rank differences (0, 1, −1, 0, 0) → 1 − 6·2 / (5·24) = 0.9
    expect(spearman([1, 2, 3, 4, 5], [10, 30, 20, 40, 50])).toBeCloseTo(0.9, 12);
  });

  it('handles ties by the Pearson correlation of average ranks', () => {
    // ranks x: 1, 2.5, 2.5, 4; y: 1, 2, 3, 4 → r = 4.5 / sqrt(4.5 · 5)
    expect(spearman([1, 2, 2, 3], [1, 2, 3, 4])).toBeCloseTo(4.5 / Math.sqrt(4.5 * 5), 12);
  });

  it('is undefined (null) for constant or too short samples', () => {
    expect(spearman([0.5, 0.5, 0.5], [0.1, 0.2, 0.3])).toBeNull();
    expect(spearman([1], [2])).toBeNull();
    expect(() => spearman([1, 2], [1])).toThrow();
  });
});

describe('confidence figures of a query set', () => {
  it('averages the confidence of bad and good answers and lists empty answers', () => {
    const stats = confidenceStats([
      { id: 'a', query: 'good', ndcg: 0.9, confidence: 0.8, count: 10 },
      { id: 'b', query: 'good too', ndcg: 0.7, confidence: 0.6, count: 10 },
      { id: 'c', query: 'middling', ndcg: 0.5, confidence: 0.5, count: 10 },
      { id: 'd', query: 'bad', ndcg: 0.1, confidence: 0.3, count: 4 },
      { id: 'e', query: 'nothing', ndcg: 0, confidence: 0.1, count: 0 },
    ]);
    expect(stats.good).toEqual({ meanConfidence: 0.7, count: 2 });
    expect(stats.bad.count).toBe(2);
    expect(stats.bad.meanConfidence).toBeCloseTo(0.2, 12);
    expect(stats.empty).toEqual([{ id: 'e', query: 'nothing' }]);
    expect(stats.spearman).toBeCloseTo(1, 12);
  });

  it('reports no mean when a group is empty', () => {
    const stats = confidenceStats([{ id: 'a', query: 'q', ndcg: 0.5, confidence: 0.5, count: 3 }]);
    expect(stats.bad.meanConfidence).toBeNull();
    expect(stats.good.meanConfidence).toBeNull();
    expect(stats.spearman).toBeNull();
  });
});
