import { describe, expect, it } from 'vitest';
import { categoryCounts } from './category-counts';

describe('category counts', () => {
  it('counts categories for the stat cards', () => {
    expect(
      categoryCounts([
        { name: 'All', isActive: true, appCount: 0 },
        { name: 'Writing', isActive: true, appCount: 4 },
        { name: 'Design', isActive: false, appCount: 7 },
      ]),
    ).toEqual({ total: 3, active: 2, appsCategorized: 11, mostPopular: 'Design' });
    expect(categoryCounts([]).mostPopular).toBeNull();
  });
});
