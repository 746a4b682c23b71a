import { describe, expect, it } from 'vitest';
import {
  formatAge,
  formatCount,
  formatCountPrecise,
  formatLongDate,
  formatRating,
  formatReadTime,
  initials,
  ratingValue,
} from './format';

describe('formatCount (marketplace)', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1K'],
    [1499, '1K'],
    [1500, '2K'],
    [999_499, '999K'],
    [999_500, '1M'],
    [1_000_000, '1M'],
    [1_250_000, '1.3M'],
    [60_000_000, '60M'],
    [999_949_999, '999.9M'],
    [999_950_000, '1B'],
    [1_000_000_000, '1B'],
    [5_000_000_000, '5B'],
    [9_167_360_000, '9.2B'],
    [12_000_000_000, '12B'],
  ])('%d → %s', (value, expected) => {
    expect(formatCount(value)).toBe(expected);
  });

  it('treats missing and negative values as 0', () => {
    expect(formatCount(null)).toBe('0');
    expect(formatCount(-5)).toBe('0');
  });
});

describe('formatCountPrecise (edit page)', () => {
  it.each([
    [999, '999'],
    [1000, '1.0K'],
    [12_345, '12.3K'],
    [1_000_000, '1.0M'],
    [2_345_678, '2.3M'],
    [999_949, '999.9K'],
    [999_950, '1.0M'],
    [5_000_000_000, '5.0B'],
    [9_167_360_000, '9.2B'],
  ])('%d → %s', (value, expected) => {
    expect(formatCountPrecise(value)).toBe(expected);
  });
});

describe('ratings', () => {
  it('shows the 1–50 rating divided by 10 with one decimal, 4.5 when missing', () => {
    expect(formatRating(46)).toBe('4.6');
    expect(formatRating(50)).toBe('5.0');
    expect(formatRating(1)).toBe('0.1');
    expect(formatRating(null)).toBe('4.5');
    expect(ratingValue(undefined)).toBe(4.5);
  });
});

describe('dates and ages', () => {
  it('formats long US dates', () => {
    expect(formatLongDate('2025-01-03T10:00:00Z')).toBe('January 3, 2025');
    expect(formatLongDate('nonsense')).toBe('');
    expect(formatLongDate(null)).toBe('');
  });

  it('says Just now, minutes, hours, then the date', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(formatAge('2026-11-22T11:59:30Z', now)).toBe('Just now');
    expect(formatAge('2026-11-22T11:45:00Z', now)).toBe('15m ago');
    expect(formatAge('2026-11-22T09:00:00Z', now)).toBe('3h ago');
    expect(formatAge('2026-11-20T09:00:00Z', now)).toBe('Nov 20, 2026');
  });
});

describe('blog helpers', () => {
  it('formats read time with the default', () => {
    expect(formatReadTime(7)).toBe('7 min read');
    expect(formatReadTime('12 minutes')).toBe('12 minutes');
    expect(formatReadTime(null)).toBe('5 min read');
    expect(formatReadTime(0)).toBe('5 min read');
  });

  it('makes initials', () => {
    expect(initials('Aitlas Team')).toBe('AT');
    expect(initials('ada lovelace byron')).toBe('AL');
    expect(initials('')).toBe('');
  });
});
