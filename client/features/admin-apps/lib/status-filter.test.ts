import { describe, expect, it } from 'vitest';
import { searchWithStatusFilter, statusFilterFromSearch } from './status-filter';

describe('the All Apps status filter in the address', () => {
  it('reads a known status, and every status otherwise', () => {
    expect(statusFilterFromSearch('?view=all&status=pending')).toBe('pending');
    expect(statusFilterFromSearch('?view=all')).toBe('all');
    expect(statusFilterFromSearch('?view=all&status=deleted')).toBe('all');
  });

  it('writes it beside the view, and drops it for every status', () => {
    expect(searchWithStatusFilter('?view=all', 'rejected')).toBe('?view=all&status=rejected');
    expect(searchWithStatusFilter('view=all&status=rejected', 'published')).toBe('?view=all&status=published');
    expect(searchWithStatusFilter('?view=all&status=rejected', 'all')).toBe('?view=all');
  });
});
