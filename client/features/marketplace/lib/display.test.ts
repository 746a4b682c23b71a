import { describe, expect, it } from 'vitest';
import { confidencePercent, isPremiumCategory, relevantApps } from './display';

describe('isPremiumCategory', () => {
  it('is true when the category text contains Premium', () => {
    expect(isPremiumCategory('Premium')).toBe(true);
    expect(isPremiumCategory('Premium Writing')).toBe(true);
    expect(isPremiumCategory('Design (premium)')).toBe(true);
    expect(isPremiumCategory('Writing')).toBe(false);
    expect(isPremiumCategory('')).toBe(false);
  });
});

describe('confidencePercent', () => {
  it('rounds to a whole percentage and clamps to 0–100', () => {
    expect(confidencePercent(0.874)).toBe(87);
    expect(confidencePercent(0.875)).toBe(88);
    expect(confidencePercent(1)).toBe(100);
    expect(confidencePercent(0)).toBe(0);
    expect(confidencePercent(1.7)).toBe(100);
    expect(confidencePercent(-0.2)).toBe(0);
    expect(confidencePercent(Number.NaN)).toBe(0);
  });
});

describe('relevantApps', () => {
  it('says one app in the singular, any other count in the plural', () => {
    expect(relevantApps(1)).toBe('1 relevant app');
    expect(relevantApps(0)).toBe('0 relevant apps');
    expect(relevantApps(12)).toBe('12 relevant apps');
  });
});
