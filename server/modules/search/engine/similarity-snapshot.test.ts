import { describe, expect, it } from 'vitest';
import { SIMILAR_KEPT, type KeptLists } from './app-similarity';
import { decodeSimilarityLists, encodeSimilarityLists } from './similarity-snapshot';

describe('similarity snapshot encoding', () => {
  // Three sources: 7 with two substitutes, 9 with none, 3 with one.
  const lists: KeptLists = {
    sources: Int32Array.from([7, 9, 3]),
    lengths: Int32Array.from([2, 0, 1]),
    ids: Int32Array.from([9, 3, 7]),
    scores: Float64Array.from([0.123456789012345, 1 / 3, 0.5]),
  };

  it('gives back the same lists with the exact scores, also from a view into a larger buffer at an odd offset', () => {
    const bytes = encodeSimilarityLists(lists);
    expect(decodeSimilarityLists(bytes)).toEqual(lists);
    // As node-postgres may hand it: a Buffer that is a window into a pooled buffer.
    const pooled = Buffer.alloc(bytes.byteLength + 13);
    pooled.set(bytes, 5);
    expect(decodeSimilarityLists(pooled.subarray(5, 5 + bytes.byteLength))).toEqual(lists);
  });

  it('reads aligned bytes in place, without an object or a copy per entry', () => {
    const bytes = encodeSimilarityLists(lists);
    const within = new Uint8Array(bytes.byteLength + 16);
    within.set(bytes, 8);
    const decoded = decodeSimilarityLists(within.subarray(8, 8 + bytes.byteLength));
    expect(decoded?.scores.buffer).toBe(within.buffer);
    expect(decoded?.ids.buffer).toBe(within.buffer);
  });

  it('refuses bytes that are not such a snapshot', () => {
    expect(decodeSimilarityLists(new Uint8Array([1, 2, 3]))).toBeNull();
    const bytes = encodeSimilarityLists(lists);
    expect(decodeSimilarityLists(bytes.subarray(0, bytes.byteLength - 8))).toBeNull();
    expect(decodeSimilarityLists(new Uint8Array(bytes.byteLength))).toBeNull();
    // Lengths that do not add up to the entries, or a list longer than the model keeps.
    const garbled = Uint8Array.from(bytes);
    new Int32Array(garbled.buffer, 12 + 4 * 3, 3)[1] = 1;
    expect(decodeSimilarityLists(garbled)).toBeNull();
    const long = SIMILAR_KEPT + 1;
    const tooLong: KeptLists = {
      sources: Int32Array.from([1]),
      lengths: Int32Array.from([long]),
      ids: Int32Array.from({ length: long }, (_, i) => i + 2),
      scores: new Float64Array(long).fill(0.5),
    };
    expect(decodeSimilarityLists(encodeSimilarityLists(tooLong))).toBeNull();
  });
});
