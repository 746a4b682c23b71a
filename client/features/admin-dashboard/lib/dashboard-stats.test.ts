import { describe, expect, it } from 'vitest';
import { formatMonthlyTraffic, topCategoryBars } from './dashboard-stats';

describe('dashboard numbers', () => {
  it('keeps the top 6 categories relative to the largest, without All', () => {
    const bars = topCategoryBars({ All: 99, Writing: 10, Design: 5, A: 1, B: 2, C: 3, D: 4, E: 0 });
    expect(bars.map((bar) => bar.name)).toEqual(['Writing', 'Design', 'D', 'C', 'B', 'A']);
    expect(bars[0]?.percent).toBe(100);
    expect(bars[1]?.percent).toBe(50);
  });

  it('formats monthly traffic in millions', () => {
    expect(formatMonthlyTraffic(12_345_678)).toBe('12.3M');
    expect(formatMonthlyTraffic(0)).toBe('0.0M');
    expect(formatMonthlyTraffic(9_167_360_000)).toBe('9.2B');
  });
});
