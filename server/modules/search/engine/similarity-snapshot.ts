import { createHash } from 'node:crypto';
import { SIMILAR_KEPT, type KeptLists } from './app-similarity';
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
 * 64-bit floats (the exact numbers: a restored list ranks and merges updates exactly as the computed one). The
 * layout is `KeptLists` itself, so a read is four views and no object per entry.
 */
export function encodeSimilarityLists(lists: KeptLists): Uint8Array {
  const sources = lists.sources.length;
  const entries = lists.ids.length;
  const intsBytes = 4 * (3 + 2 * sources + entries);
  const scoresAt = Math.ceil(intsBytes / 8) * 8;
  const buffer = new ArrayBuffer(scoresAt + 8 * entries);
  const ints = new Int32Array(buffer, 0, 3 + 2 * sources + entries);
  ints[0] = MAGIC;
  ints[1] = sources;
  ints[2] = entries;
  ints.set(lists.sources, 3);
  ints.set(lists.lengths, 3 + sources);
  ints.set(lists.ids, 3 + 2 * sources);
  new Float64Array(buffer, scoresAt, entries).set(lists.scores);
  return new Uint8Array(buffer);
}

/**
 * The lists `encodeSimilarityLists` wrote, as views into `bytes` (copied first only when they do not start at a
 * multiple of 8, where a `Float64Array` cannot start); null when the bytes are not such a snapshot.
 */
export function decodeSimilarityLists(bytes: Uint8Array): KeptLists | null {
  if (bytes.byteLength < 12) return null;
  let aligned = bytes;
  if (bytes.byteOffset % 8 !== 0) {
    // node-postgres hands a Buffer that may be a view into a larger pooled buffer, at any offset.
    aligned = new Uint8Array(bytes.byteLength);
    aligned.set(bytes);
  }
  const { buffer, byteOffset: at } = aligned;
  const [magic = 0, sources = -1, entries = -1] = new Int32Array(buffer, at, 3);
  if (magic !== MAGIC || sources < 0 || entries < 0) return null;
  const intsBytes = 4 * (3 + 2 * sources + entries);
  const scoresAt = Math.ceil(intsBytes / 8) * 8;
  if (bytes.byteLength !== scoresAt + 8 * entries) return null;
  const lists: KeptLists = {
    sources: new Int32Array(buffer, at + 12, sources),
    lengths: new Int32Array(buffer, at + 12 + 4 * sources, sources),
    ids: new Int32Array(buffer, at + 12 + 8 * sources, entries),
    scores: new Float64Array(buffer, at + scoresAt, entries),
  };
  let total = 0;
  for (const length of lists.lengths) {
    // No list is longer than what the model keeps: its store holds that many entries per app.
    if (length < 0 || length > SIMILAR_KEPT) return null;
    total += length;
  }
  return total === entries ? lists : null;
}
