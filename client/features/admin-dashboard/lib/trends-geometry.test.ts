import { describe, expect, it } from 'vitest';
import { axisTicks, seriesPoints, seriesTotals } from './trends-geometry';

describe('trends chart geometry', () => {
  it('puts whole, evenly spaced ticks on the y axis', () => {
    expect(axisTicks(0)).toEqual([0, 1]);
    expect(axisTicks(2)).toEqual([0, 1, 2]);
    expect(axisTicks(5)).toEqual([0, 2, 4, 6]);
    expect(axisTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(axisTicks(130)).toEqual([0, 50, 100, 150]);
    expect(axisTicks(450)).toEqual([0, 200, 400, 600]);
    for (const max of [1, 3, 9, 17, 99, 1234]) {
      const ticks = axisTicks(max);
      const step = ticks[1]! - ticks[0]!;
      expect(ticks.every((tick, index) => Number.isInteger(tick) && tick === index * step)).toBe(true);
      expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeLessThanOrEqual(5);
    }
  });

  it('scales points into the box', () => {
    const box = { width: 120, height: 60, padding: { top: 10, right: 10, bottom: 10, left: 10 } };
    const days = [
      { date: '2025-01-01', views: 0, saves: 0, searches: 0 },
      { date: '2025-01-02', views: 10, saves: 5, searches: 1 },
    ];
    expect(seriesPoints(days, 'views', box, 10)).toBe('10,50 110,10');
    expect(seriesPoints(days, 'saves', box, 10)).toBe('10,50 110,30');
    expect(seriesTotals(days)).toEqual({ views: 10, saves: 5, searches: 1 });
  });
});
