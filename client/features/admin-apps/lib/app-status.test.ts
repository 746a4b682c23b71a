import { describe, expect, it } from 'vitest';
import { statusActionsFor, statusBadgeVariant } from './app-status';

describe('app status', () => {
  it('offers the moves of spec §4', () => {
    expect(statusActionsFor('pending')).toEqual([
      { label: 'Approve', status: 'approved' },
      { label: 'Reject', status: 'rejected' },
    ]);
    expect(statusActionsFor('approved')).toEqual([{ label: 'Publish', status: 'published' }]);
    expect(statusActionsFor('published')).toEqual([{ label: 'Unpublish', status: 'approved' }]);
    expect(statusActionsFor('rejected')).toEqual([]);
  });

  it('styles badges by status', () => {
    expect(statusBadgeVariant('published')).toBe('default');
    expect(statusBadgeVariant('approved')).toBe('secondary');
    expect(statusBadgeVariant('rejected')).toBe('destructive');
    expect(statusBadgeVariant('pending')).toBe('outline');
  });
});
