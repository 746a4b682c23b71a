import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { ChangeFeed } from '../../lib/change-feed';
import { SearchAnswerCache, searchCacheKey } from './search.cache';

/** An answer the size of a demo-catalogue search answer (≈ 23,000 characters of JSON). */
function answerFor(query: string): { query: string; apps: { name: string; matchReason: string }[] } {
  return {
    query,
    apps: Array.from({ length: 12 }, (_, index) => ({ name: `${query} app ${index}`, matchReason: '—'.repeat(1900) })),
  };
}

describe('search answer cache', () => {
  it('keeps a stream of distinct queries within its memory bound, and still serves the recent ones', () => {
    // Only `subscribe` is used, which needs no database.
    const cache = new SearchAnswerCache<ReturnType<typeof answerFor>>(new ChangeFeed({} as Database));
    const state = {};
    let computed = 0;
    const search = (query: string) =>
      cache.answer(searchCacheKey(query, {}), state, 1, () => {
        computed += 1;
        return answerFor(query);
      });
    for (let index = 0; index < 3000; index += 1) search(`distinct query ${index}`);
    expect(computed).toBe(3000);
    expect(cache.bytes).toBeLessThanOrEqual(48 * 1024 * 1024);
    expect(cache.size).toBeLessThan(1000);
    // The latest searches are answered from memory; the first ones were let go and are computed again.
    search('distinct query 2999');
    expect(computed).toBe(3000);
    search('distinct query 0');
    expect(computed).toBe(3001);
  });
});
