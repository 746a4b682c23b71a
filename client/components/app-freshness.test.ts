import { describe, expect, it } from 'vitest';
import { verifiedText } from './app-freshness';

const now = Date.parse('2026-11-26T12:00:00Z');

describe('verifiedText', () => {
  it('counts whole days since the last successful check', () => {
    expect(verifiedText('2026-11-26T08:00:00Z', now)).toBe('Verified today');
    expect(verifiedText('2026-11-25T08:00:00Z', now)).toBe('Verified 1 day ago');
    expect(verifiedText('2026-11-20T12:00:00Z', now)).toBe('Verified 6 days ago');
  });

  it('says nothing without a check, or when the last good one is over 30 days old', () => {
    expect(verifiedText(null, now)).toBeNull();
    expect(verifiedText('2026-10-20T12:00:00Z', now)).toBeNull();
    expect(verifiedText('not a date', now)).toBeNull();
  });
});
