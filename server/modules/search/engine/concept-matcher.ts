import { CONCEPTS, type ConceptEntry } from './concept-lexicon';
import { phraseStems } from './tokenize';

/** A lexicon phrase compiled to stems. */
interface CompiledPhrase {
  stems: string[];
  concept: number;
  /** True for capability vocabulary (`terms`), false for visitor-only phrasing (`cues`). */
  isTerm: boolean;
}

/** One occurrence of a lexicon phrase in a stem sequence. */
export interface PhraseHit {
  concept: number;
  start: number;
  length: number;
  isTerm: boolean;
}

/**
 * The lexicon compiled into a first-stem lookup table, so scanning a text for every phrase of every concept costs
 * one hash lookup per token.
 */
export class ConceptMatcher {
  readonly concepts: readonly ConceptEntry[];
  private readonly byFirst = new Map<string, CompiledPhrase[]>();
  /** Distinct stems of each concept's capability terms, used for query expansion. */
  readonly termStems: string[][];
  /** Every surface word of the lexicon, so the typo index knows the everyday vocabulary too. */
  readonly surfaceWords: string[];

  constructor(concepts: readonly ConceptEntry[] = CONCEPTS) {
    this.concepts = concepts;
    this.termStems = concepts.map(() => []);
    const surface = new Set<string>();
    concepts.forEach((entry, ci) => {
      const add = (phrase: string, isTerm: boolean): void => {
        const stems = phraseStems(phrase);
        if (stems.length === 0) return;
        for (const w of phrase.toLowerCase().split(/[^a-z0-9]+/)) if (w.length > 3) surface.add(w);
        const key = stems[0] ?? '';
        const list = this.byFirst.get(key) ?? [];
        if (!list.some((p) => p.concept === ci && p.isTerm === isTerm && sameStems(p.stems, stems))) {
          list.push({ stems, concept: ci, isTerm });
        }
        this.byFirst.set(key, list);
        if (isTerm) {
          const ts = this.termStems[ci];
          if (ts) for (const s of stems) if (!ts.includes(s)) ts.push(s);
        }
      };
      for (const p of entry.terms) add(p, true);
      for (const p of entry.cues) add(p, false);
    });
    // Longer phrases first so that the most specific reading of a span is reported first.
    for (const list of this.byFirst.values()) list.sort((a, b) => b.stems.length - a.stems.length);
    this.surfaceWords = [...surface];
  }

  /**
   * Finds lexicon phrases in a stem sequence. `null` entries are boundaries (between list items) that phrases may
   * not cross. With `termsOnly`, visitor-only cues are ignored (used for listings).
   */
  match(seq: ReadonlyArray<string | null>, termsOnly: boolean): PhraseHit[] {
    const hits: PhraseHit[] = [];
    for (let i = 0; i < seq.length; i++) {
      const s = seq[i];
      if (s === null || s === undefined) continue;
      const cands = this.byFirst.get(s);
      if (!cands) continue;
      for (const p of cands) {
        if (termsOnly && !p.isTerm) continue;
        let ok = true;
        for (let k = 1; k < p.stems.length; k++) {
          if (seq[i + k] !== p.stems[k]) {
            ok = false;
            break;
          }
        }
        if (ok) hits.push({ concept: p.concept, start: i, length: p.stems.length, isTerm: p.isTerm });
      }
    }
    return hits;
  }
}

function sameStems(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((s, i) => s === b[i]);
}
