import { describe, expect, it } from 'vitest';
import { decodeSimilarityLists, encodeSimilarityLists } from './similarity-snapshot';

describe('similarity snapshot encoding', () => {
  const lists = new Map([
    [
      7,
      [
        { id: 9, score: 0.123456789012345 },
        { id: 3, score: 1 / 3 },
      ],
    ],
    [9, []],
    [3, [{ id: 7, score: 0.5 }]],
  ]);

  it('gives back the same lists with the exact scores, also from a view into a larger buffer at an odd offset', () => {
    const bytes = encodeSimilarityLists(lists);
    expect(decodeSimilarityLists(bytes)).toEqual(lists);
    // As node-postgres may hand it: a Buffer that is a window into a pooled buffer.
    const pooled = Buffer.alloc(bytes.byteLength + 13);
    pooled.set(bytes, 5);
    expect(decodeSimilarityLists(pooled.subarray(5, 5 + bytes.byteLength))).toEqual(lists);
  });

  it('refuses bytes that are not such a snapshot', () => {
    expect(decodeSimilarityLists(new Uint8Array([1, 2, 3]))).toBeNull();
    const bytes = encodeSimilarityLists(lists);
    expect(decodeSimilarityLists(bytes.subarray(0, bytes.byteLength - 8))).toBeNull();
    expect(decodeSimilarityLists(new Uint8Array(bytes.byteLength))).toBeNull();
  });
});
