/**
 * Term associations learned from the catalogue itself (distributional semantics at document level).
 *
 * Two stems are associated when listings that use one use the other far more often than chance; the strength is
 * P(u|t)·log(P(u|t)/P(u)), the term's contribution to the KL divergence between the co-occurrence distribution and
 * the background, which favours associations that are both specific and reliable. They are computed on demand for
 * the stems of a query from a bounded sample of the term's postings and cached until the index changes, so build
 * time stays linear and a query never pays more than a few thousand counter increments per term.
 */

/** What the association miner needs from the index. */
export interface AssociationSource {
  /** Number of live listings. */
  readonly liveCount: number;
  documentFrequency(termId: number): number;
  /** Live slots whose text contains the term (may be a prefix sample). */
  sampleSlots(termId: number, max: number): number[];
  /** Distinct term ids of a live slot. */
  slotTerms(slot: number): Int32Array;
}

/** An associated stem with its relative strength in (0, 1]. */
export interface Association {
  termId: number;
  strength: number;
}

const SAMPLE = 400;
const MIN_CO = 2;

/** Miner with a per-version cache. */
export class TermAssociations {
  private cache = new Map<number, Association[]>();
  private version = -1;
  private counts = new Float64Array(0);

  /**
   * Top associations of a term (excluding itself). `version` must change whenever listings change so that stale
   * associations are dropped.
   */
  associations(src: AssociationSource, termId: number, version: number, limit = 5): Association[] {
    if (version !== this.version) {
      this.cache.clear();
      this.version = version;
    }
    const cached = this.cache.get(termId);
    if (cached) return cached.slice(0, limit);

    const dfT = src.documentFrequency(termId);
    const n = src.liveCount;
    let result: Association[] = [];
    // A term in almost every listing (or in one) carries no associative signal.
    if (dfT >= 2 && dfT < n * 0.5) {
      const slots = src.sampleSlots(termId, SAMPLE);
      const touched: number[] = [];
      for (const slot of slots) {
        const terms = src.slotTerms(slot);
        for (let i = 0; i < terms.length; i++) {
          const u = terms[i] ?? 0;
          if (u >= this.counts.length) {
            const next = new Float64Array(Math.max(u + 1, this.counts.length * 2, 1024));
            next.set(this.counts);
            this.counts = next;
          }
          if (this.counts[u] === 0) touched.push(u);
          this.counts[u] = (this.counts[u] ?? 0) + 1;
        }
      }
      const m = slots.length;
      const scored: Association[] = [];
      for (const u of touched) {
        const co = this.counts[u] ?? 0;
        this.counts[u] = 0;
        if (u === termId || co < MIN_CO) continue;
        const dfU = src.documentFrequency(u);
        if (dfU < 2 || dfU > n * 0.3) continue;
        const pUgivenT = co / m;
        const pU = dfU / n;
        const lift = pUgivenT / pU;
        if (lift < 2) continue;
        scored.push({ termId: u, strength: pUgivenT * Math.log(lift) });
      }
      scored.sort((a, b) => b.strength - a.strength);
      const top = scored.slice(0, 12);
      const max = top[0]?.strength ?? 1;
      result = top.map((a) => ({ termId: a.termId, strength: a.strength / max }));
    }
    this.cache.set(termId, result);
    return result.slice(0, limit);
  }
}
