import { describe, expect, it } from 'vitest';
import { categoryChips, categoryOf, filterByCategory } from './blog-categories';

const posts = [
  { id: 1, category: 'Guides' },
  { id: 2, category: 'Productivity' },
  { id: 3, category: 'guides' },
  { id: 4, category: null },
  { id: 5, category: 'All' },
  { id: 6, category: '  ' },
];

describe('blog category chips', () => {
  it('puts All first, lists each category once and never repeats All', () => {
    expect(categoryChips(posts)).toEqual(['All', 'Guides', 'Productivity', 'Blog']);
    expect(categoryChips([])).toEqual(['All']);
  });

  it('files a post without a category under Blog', () => {
    expect(categoryOf({ category: null })).toBe('Blog');
    expect(categoryOf({ category: ' ' })).toBe('Blog');
  });

  it('filters case-insensitively; All keeps everything', () => {
    expect(filterByCategory(posts, 'Guides').map((post) => post.id)).toEqual([1, 3]);
    expect(filterByCategory(posts, 'Blog').map((post) => post.id)).toEqual([4, 6]);
    expect(filterByCategory(posts, 'All')).toHaveLength(6);
  });
});
