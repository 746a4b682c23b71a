import { createHash } from 'node:crypto';
import type { ScoredApp } from './app-similarity';
import { CONCEPTS } from './concept-lexicon';
import { SIMILARITY } from './weights';

/** Bumped when the layout below or the way lists are computed changes in a way the hash cannot see. */
const LAYOUT = 1;
const MAGIC = 0x41534c31; // "ASL1"

/**
 * The model version a snapshot must carry to be used: the layout, the similarity weights and the lexicon the lists
 * were computed with. A deploy that changes any of them makes older snapshots stale rather than silently reused.
 */
export const SIMILARITY_SNAPSHOT_FORMAT = `${LAYOUT}-${createHash('sha256')
  .update(JSON.stringify({ SIMILARITY, CONCEPTS }))
  .digest('hex')
  .slice(0, 16)}`;

/**
 * Kept lists as bytes: a header, the source ids and their list lengths, the entries' ids, then their scores as
 * 64-bit floats (the exact numbers: a restored list ranks and merges updates exactly as the computed one).
 */
export function encodeSimilarityLists(lists: ReadonlyMap<number, readonly ScoredApp[]>): Uint8Array {
  let entries = 0;
  for (const list of lists.values()) entries += list.length;
  const sources = lists.size;
  const intsBytes = 4 * (3 + 2 * sources + entries);
  const scoresAt = Math.ceil(intsBytes / 8) * 8;
  const buffer = new ArrayBuffer(scoresAt + 8 * entries);
  const ints = new Int32Array(buffer, 0, 3 + 2 * sources + entries);
  const scores = new Float64Array(buffer, scoresAt, entries);
  ints[0] = MAGIC;
  ints[1] = sources;
  ints[2] = entries;
  let s = 3;
  let e = 0;
  for (const [id, list] of lists) {
    ints[s] = id;
    ints[s + sources] = list.length;
    s++;
    for (const entry of list) {
      ints[3 + 2 * sources + e] = entry.id;
      scores[e] = entry.score;
      e++;
    }
  }
  return new Uint8Array(buffer);
}

/** The lists `encodeSimilarityLists` wrote; null when the bytes are not such a snapshot. */
export function decodeSimilarityLists(bytes: Uint8Array): Map<number, ScoredApp[]> | null {
  if (bytes.byteLength < 12) return null;
  // Copied into a buffer of its own: node-postgres hands a Buffer that may be a view into a larger pooled buffer
  // (its `slice` does not copy), at an offset typed-array views cannot start from.
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  const buffer = copy.buffer;
  const head = new Int32Array(buffer, 0, 3);
  const [magic = 0, sources = -1, entries = -1] = head;
  if (magic !== MAGIC || sources < 0 || entries < 0) return null;
  const intsBytes = 4 * (3 + 2 * sources + entries);
  const scoresAt = Math.ceil(intsBytes / 8) * 8;
  if (bytes.byteLength !== scoresAt + 8 * entries) return null;
  const ints = new Int32Array(buffer, 0, 3 + 2 * sources + entries);
  const scores = new Float64Array(buffer, scoresAt, entries);
  const lists = new Map<number, ScoredApp[]>();
  let e = 0;
  for (let s = 0; s < sources; s++) {
    const length = ints[3 + sources + s] ?? 0;
    const list: ScoredApp[] = new Array(length);
    for (let k = 0; k < length; k++, e++) list[k] = { id: ints[3 + 2 * sources + e] ?? -1, score: scores[e] ?? 0 };
    lists.set(ints[3 + s] ?? -1, list);
  }
  return e === entries ? lists : null;
}
