import { describe, expect, it } from 'vitest';
import type { EvalQuery } from './run-eval';
import { slip, withSlips } from './synthetic-typos';

const queries: EvalQuery[] = [
  { id: 'a', query: 'remove background from product photos', style: 'keywords', relevant: { 'remove.bg': 2 } },
  { id: 'b', query: 'helo', style: 'typo', relevant: {} },
  { id: 'c', query: 'meeting notes', style: 'short', relevant: { 'Otter.ai': 2 } },
];

describe('synthetic typing slips', () => {
  it('changes one letter-level thing in a word and never its first letter', () => {
    let state = 0;
    const random = () => ((state = (state + 0.37) % 1), state);
    for (let i = 0; i < 50; i++) {
      const slipped = slip('background', random);
      expect(slipped[0]).toBe('b');
      expect(slipped).not.toBe('background');
      expect(Math.abs(slipped.length - 'background'.length)).toBeLessThanOrEqual(1);
    }
  });

  it('adds slips to the queries of the typed-right styles only, with their judgments, the same for the same seed', () => {
    const slipped = withSlips(queries, 7);
    expect(slipped.map((query) => query.id)).toEqual(['a~', 'c~']);
    expect(slipped[0]?.relevant).toEqual(queries[0]?.relevant);
    slipped.forEach((query, i) => expect(query.query).not.toBe([queries[0], queries[2]][i]?.query));
    expect(withSlips(queries, 7)).toEqual(slipped);
    expect(withSlips(queries, 8).map((query) => query.query)).not.toEqual(slipped.map((query) => query.query));
  });
});
