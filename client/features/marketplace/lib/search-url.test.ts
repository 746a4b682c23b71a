import { describe, expect, it } from 'vitest';
import { SEARCH_WITHOUT_MAX, searchRequestSchema } from '@shared/schemas/search';
import { CHIP_ID_MAX_LENGTH, WITHOUT_MAX, parseWithout, searchHref, toggleWithout } from './search-url';

describe('parseWithout', () => {
  it('reads comma-separated and repeated ids, trimmed, without blanks or repeats', () => {
    expect(parseWithout(new URLSearchParams('q=x&without=price,need:meeting-notes'))).toEqual(['price', 'need:meeting-notes']);
    expect(parseWithout(new URLSearchParams('without=price&without=%20app:1%20,,price'))).toEqual(['price', 'app:1']);
    expect(parseWithout(new URLSearchParams('q=x'))).toEqual([]);
    expect(parseWithout(new URLSearchParams('without='))).toEqual([]);
  });

  it('keeps only what the search accepts, so a hand-edited address still searches', () => {
    const many = Array.from({ length: 20 }, (_, index) => `need:${index}`).join(',');
    expect(parseWithout(new URLSearchParams({ without: many }))).toHaveLength(WITHOUT_MAX);
    expect(parseWithout(new URLSearchParams({ without: `price,${'x'.repeat(CHIP_ID_MAX_LENGTH + 1)}` }))).toEqual(['price']);
  });

  it('states the same limits as the search request schema', () => {
    expect(WITHOUT_MAX).toBe(SEARCH_WITHOUT_MAX);
    expect(searchRequestSchema.safeParse({ query: 'x', without: ['x'.repeat(CHIP_ID_MAX_LENGTH)] }).success).toBe(true);
    expect(searchRequestSchema.safeParse({ query: 'x', without: ['x'.repeat(CHIP_ID_MAX_LENGTH + 1)] }).success).toBe(false);
  });
});

describe('searchHref', () => {
  it('is the query alone when nothing is set aside', () => {
    expect(searchHref(' free meeting notes ')).toBe('/?q=free+meeting+notes');
  });

  it('lists the ids with commas and readable colons, and round-trips through parseWithout', () => {
    const href = searchHref('free notes & more', ['price', 'need:meeting-notes', 'odd,id']);
    expect(href).toBe('/?q=free+notes+%26+more&without=price,need:meeting-notes,odd%2Cid');
    const params = new URL(href, 'http://localhost').searchParams;
    expect(params.get('q')).toBe('free notes & more');
    expect(parseWithout(params)).toEqual(['price', 'need:meeting-notes', 'odd', 'id']);
  });
});

describe('toggleWithout', () => {
  const chips = ['need:notes', 'audience:students', 'price'];

  it('adds a removed chip and keeps the chips’ order', () => {
    expect(toggleWithout(chips, ['price'], 'need:notes')).toEqual(['need:notes', 'price']);
  });

  it('takes a chip added back out of the list', () => {
    expect(toggleWithout(chips, ['need:notes', 'price'], 'price')).toEqual(['need:notes']);
  });

  it('drops ids the answer does not know', () => {
    expect(toggleWithout(chips, ['stale', 'price'], 'audience:students')).toEqual(['audience:students', 'price']);
  });
});
