import { describe, expect, it } from 'vitest';
import { displayedRating } from './rating';

describe('displayedRating', () => {
  it('is the mean of the local ratings when there are any', () => {
    expect(displayedRating([5, 2], 42)).toBe(3.5);
    expect(displayedRating([1], null)).toBe(1);
  });

  it('falls back to the stored rating divided by 10, then to 4.5', () => {
    expect(displayedRating([], 42)).toBe(4.2);
    expect(displayedRating([], null)).toBe(4.5);
    expect(displayedRating([], 0)).toBe(4.5);
  });
});
