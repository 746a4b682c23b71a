/**
 * Field-weighted BM25 (BM25F, Robertson & Zaragoza 2009) over a growable inverted index.
 *
 * Postings hold a slot number and the term frequency in every field packed into one 32-bit word (4 bits per
 * field), so a posting costs 8 bytes and scoring a posting needs no pointer chasing. Field-length normalisation
 * is precomputed per slot and refreshed only when the average lengths drift, which keeps upserts cheap.
 */

/** Fields of a listing in the order used by the packed term frequencies. */
export const FIELDS = ['name', 'category', 'tags', 'features', 'useCases', 'description', 'longDescription'] as const;
export type FieldName = (typeof FIELDS)[number];
export const FIELD_COUNT = FIELDS.length;

/**
 * Relative importance of a match in each field. Tags, features and use cases are the curated capability
 * vocabulary of a listing, so they outweigh the marketing prose of the long description.
 */
export const FIELD_WEIGHTS: Readonly<Record<FieldName, number>> = {
  name: 1.5,
  category: 1.2,
  tags: 2.6,
  features: 2.0,
  useCases: 1.8,
  description: 1.6,
  longDescription: 0.9,
};

/** Length-normalisation strength per field: short fields (name, category) are barely normalised. */
export const FIELD_B: Readonly<Record<FieldName, number>> = {
  name: 0.3,
  category: 0,
  tags: 0.4,
  features: 0.5,
  useCases: 0.5,
  description: 0.6,
  longDescription: 0.75,
};

/** Term-frequency saturation. */
export const K1 = 1.2;
const MAX_TF = 15;

/** A growable list of (slot, packed field frequencies) pairs. */
export class PostingList {
  slots: Int32Array;
  tfs: Uint32Array;
  length = 0;
  /** `saturate(weightedTf(…))` of the first `scoredLength` postings, under the norms of generation `scoredFor`. */
  private scored: Float64Array | null = null;
  private scoredLength = 0;
  private scoredFor = -1;

  constructor(capacity = 4) {
    this.slots = new Int32Array(capacity);
    this.tfs = new Uint32Array(capacity);
  }

  push(slot: number, packed: number): void {
    if (this.length === this.slots.length) {
      const cap = this.slots.length * 2;
      const s = new Int32Array(cap);
      s.set(this.slots);
      const t = new Uint32Array(cap);
      t.set(this.tfs);
      this.slots = s;
      this.tfs = t;
    }
    this.slots[this.length] = slot;
    this.tfs[this.length] = packed;
    this.length++;
  }

  /**
   * Each posting's saturated, field-weighted and length-normalised frequency (`saturate(weightedTf(…))`), the
   * same numbers a query would compute posting by posting: computed once per list for the norms as they are (a
   * query's common words have tens of thousands of postings at catalogue scale, each of seven fields), then only for
   * postings added since, and again once the norms of listings already scored change. Doubles, so a score adds
   * exactly what it added before.
   */
  scores(norms: FieldNorms): Float64Array {
    if (this.scoredFor !== norms.generation) {
      this.scoredFor = norms.generation;
      this.scoredLength = 0;
    }
    if (this.scored === null || this.scored.length < this.length) {
      const grown = new Float64Array(this.slots.length);
      if (this.scored !== null) grown.set(this.scored.subarray(0, this.scoredLength));
      this.scored = grown;
    }
    const values = norms.values;
    for (let i = this.scoredLength; i < this.length; i++)
      this.scored[i] = saturate(weightedTf(this.tfs[i] ?? 0, values, this.slots[i] ?? 0));
    this.scoredLength = this.length;
    return this.scored;
  }

  /** Drops postings of dead slots; returns how many were removed. */
  compact(alive: Uint8Array): number {
    this.scoredLength = 0;
    let w = 0;
    for (let r = 0; r < this.length; r++) {
      const slot = this.slots[r] ?? 0;
      if (alive[slot] === 1) {
        this.slots[w] = slot;
        this.tfs[w] = this.tfs[r] ?? 0;
        w++;
      }
    }
    const removed = this.length - w;
    this.length = w;
    return removed;
  }
}

/** Packs per-field term frequencies (each capped at 15) into one unsigned 32-bit word. */
export function packTf(tf: ArrayLike<number>): number {
  let packed = 0;
  for (let f = 0; f < FIELD_COUNT; f++) {
    const v = Math.min(MAX_TF, tf[f] ?? 0);
    packed |= v << (f * 4);
  }
  return packed >>> 0;
}

/** Reads one field's frequency back out of a packed word. */
export function unpackTf(packed: number, field: number): number {
  return (packed >>> (field * 4)) & 0xf;
}

/** Robertson–Spärck Jones IDF, floored at a small positive value so very common terms still count a little. */
export function idf(df: number, n: number): number {
  return Math.max(0.05, Math.log(1 + (n - df + 0.5) / (df + 0.5)));
}

/**
 * Per-slot, per-field multipliers w_f / (1 − b_f + b_f·len/avgLen), stored flat (slot * FIELD_COUNT + field).
 */
export class FieldNorms {
  values = new Float32Array(0);
  /** Moves when the multipliers of a slot set before change (see `PostingList.scores`); a new slot's leave it. */
  generation = 0;
  private setBelow = 0;
  private readonly weights = FIELDS.map((f) => FIELD_WEIGHTS[f]);
  private readonly bs = FIELDS.map((f) => FIELD_B[f]);

  ensure(slots: number): void {
    if (this.values.length >= slots * FIELD_COUNT) return;
    const next = new Float32Array(Math.max(slots, 16) * FIELD_COUNT * 2);
    next.set(this.values);
    this.values = next;
  }

  /** Computes the multipliers of one slot from its field lengths and the current averages. */
  set(slot: number, lens: ArrayLike<number>, avg: ArrayLike<number>): void {
    this.ensure(slot + 1);
    if (slot < this.setBelow) this.generation++;
    else this.setBelow = slot + 1;
    const base = slot * FIELD_COUNT;
    for (let f = 0; f < FIELD_COUNT; f++) {
      const b = this.bs[f] ?? 0;
      const a = (avg[f] ?? 1) || 1;
      const len = lens[f] ?? 0;
      this.values[base + f] = (this.weights[f] ?? 1) / (1 - b + (b * len) / a);
    }
  }
}

/**
 * Pseudo term frequency of a posting: the field-weighted, length-normalised sum over fields.
 */
export function weightedTf(packed: number, norms: Float32Array, slot: number): number {
  if (packed === 0) return 0;
  const base = slot * FIELD_COUNT;
  let tf = 0;
  for (let f = 0; f < FIELD_COUNT; f++) {
    const v = (packed >>> (f * 4)) & 0xf;
    if (v !== 0) tf += v * (norms[base + f] ?? 0);
  }
  return tf;
}

/** BM25 saturation of a pseudo term frequency. */
export function saturate(tf: number): number {
  return (tf * (K1 + 1)) / (tf + K1);
}
