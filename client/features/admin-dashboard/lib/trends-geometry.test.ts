import { describe, expect, it } from 'vitest';
import { niceMax, seriesPoints, seriesTotals } from './trends-geometry';

describe('trends chart geometry', () => {
  it('rounds the axis up to a nice number', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(130)).toBe(200);
    expect(niceMax(450)).toBe(500);
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
