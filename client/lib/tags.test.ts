import { describe, expect, it } from 'vitest';
import { addTag, removeTag, visibleTags } from './tags';

describe('tags', () => {
  it('trims, ignores empty and present tags', () => {
    expect(addTag(['ai'], '  writing ')).toEqual(['ai', 'writing']);
    expect(addTag(['ai'], '   ')).toEqual(['ai']);
    expect(addTag(['ai'], ' ai ')).toEqual(['ai']);
    expect(removeTag(['ai', 'chat'], 'ai')).toEqual(['chat']);
  });

  it('shows three tags and counts the rest', () => {
    expect(visibleTags(['a', 'b', 'c', 'd', 'e'], 3)).toEqual({ shown: ['a', 'b', 'c'], hidden: 2 });
    expect(visibleTags(['a'], 3)).toEqual({ shown: ['a'], hidden: 0 });
  });
});
