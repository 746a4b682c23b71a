import { describe, expect, it } from 'vitest';
import { blogCountLine } from './blog-summary';

describe('blogCountLine', () => {
  it('writes one post and one draft in the singular', () => {
    expect(blogCountLine(1, 0)).toBe('1 post · 0 published · 1 draft');
    expect(blogCountLine(3, 2)).toBe('3 posts · 2 published · 1 draft');
    expect(blogCountLine(4, 1)).toBe('4 posts · 1 published · 3 drafts');
    expect(blogCountLine(0, 0)).toBe('0 posts · 0 published · 0 drafts');
  });
});
