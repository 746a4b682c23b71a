import { describe, expect, it } from 'vitest';
import { formatDuration, logDetailPreview, logDotColour, moreEntriesLabel } from './discovery-log';

describe('discovery log', () => {
  it('colours the dot red on errors, green when processed, else yellow', () => {
    expect(logDotColour({ errors: 1, processed: 5 })).toBe('red');
    expect(logDotColour({ errors: 0, processed: 5 })).toBe('green');
    expect(logDotColour({ errors: 0, processed: 0 })).toBe('yellow');
  });

  it('shows two detail lines then the rest as a count', () => {
    expect(logDetailPreview(['a', 'b', 'c', 'd'])).toEqual({ shown: ['a', 'b'], more: 2 });
    expect(logDetailPreview(['a'])).toEqual({ shown: ['a'], more: 0 });
  });

  it('formats durations', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(12_340)).toBe('12.3 s');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
  });
});

describe('moreEntriesLabel', () => {
  it('says "entry" for one', () => {
    expect(moreEntriesLabel(1)).toBe('+ 1 more entry');
    expect(moreEntriesLabel(2)).toBe('+ 2 more entries');
  });
});
