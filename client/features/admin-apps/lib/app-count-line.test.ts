import { describe, expect, it } from 'vitest';
import { appCountLine } from './app-count-line';

describe('appCountLine', () => {
  it('says which apps of how many the page shows', () => {
    expect(appCountLine({ offset: 0, shown: 24, matching: 240, total: 240, filtered: false })).toBe(
      'Showing 1–24 of 240 applications',
    );
    expect(appCountLine({ offset: 216, shown: 24, matching: 240, total: 240, filtered: false })).toBe(
      'Showing 217–240 of 240 applications',
    );
    expect(appCountLine({ offset: 4992, shown: 8, matching: 5000, total: 5000, filtered: false })).toBe(
      'Showing 4,993–5,000 of 5,000 applications',
    );
  });

  it('with a filter, counts the matching apps and the apps in all', () => {
    expect(appCountLine({ offset: 0, shown: 24, matching: 57, total: 240, filtered: true })).toBe(
      'Showing 1–24 of 57 matching applications (240 in all)',
    );
    expect(appCountLine({ offset: 0, shown: 1, matching: 1, total: 240, filtered: true })).toBe(
      'Showing 1 of 1 matching application (240 in all)',
    );
    expect(appCountLine({ offset: 0, shown: 0, matching: 0, total: 240, filtered: true })).toBe(
      'No applications match (240 in all)',
    );
    expect(appCountLine({ offset: 0, shown: 3, matching: 3, total: undefined, filtered: true })).toBe(
      'Showing 1–3 of 3 matching applications',
    );
  });

  it('says so when there are no apps at all', () => {
    expect(appCountLine({ offset: 0, shown: 0, matching: 0, total: 0, filtered: false })).toBe('No applications');
  });
});
