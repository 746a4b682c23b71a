import { describe, expect, it } from 'vitest';
import { searchCompleteMessage } from './display';

describe('searchCompleteMessage', () => {
  it('says "app" for one, "apps" for more, and nothing about confidence when none was found', () => {
    expect(searchCompleteMessage(1, 0.87)).toBe('Found 1 relevant app with 87% confidence');
    expect(searchCompleteMessage(12, 0.5)).toBe('Found 12 relevant apps with 50% confidence');
    expect(searchCompleteMessage(0, 0.02)).toBe('No apps found matching your search.');
  });
});
