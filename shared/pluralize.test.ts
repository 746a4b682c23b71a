import { describe, expect, it } from 'vitest';
import { countOf, pluralize } from './pluralize';

describe('pluralize', () => {
  it('uses the singular only for exactly one', () => {
    expect(pluralize(1, 'view')).toBe('view');
    expect(pluralize(0, 'view')).toBe('views');
    expect(pluralize(2, 'view')).toBe('views');
    expect(pluralize(2, 'category', 'categories')).toBe('categories');
  });

  it('writes the count with its word', () => {
    expect(countOf(1, 'app')).toBe('1 app');
    expect(countOf(1204, 'app')).toBe('1,204 apps');
    expect(countOf(1, 'error')).toBe('1 error');
    expect(countOf(3, 'search', 'searches')).toBe('3 searches');
  });
});
