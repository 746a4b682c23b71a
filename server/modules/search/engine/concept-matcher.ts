import { CONCEPTS, type ConceptEntry } from './concept-lexicon';
import { tokenizeAll, type FullToken } from './tokenize';

/** A lexicon phrase compiled to stems. */
interface CompiledPhrase {
  /** Stems compared against the sequence (content stems, or every word in verbatim mode). */
  stems: string[];
  /** Surface words matching `stems`; used to reject Porter conflations for one-word terms in queries. */
  surface: string[];
  /** Verbatim phrases are matched word for word, stop words included. */
  verbatim: boolean;
  /** The direction word between each two neighbouring content words of the phrase ("image *to* text"), or 0. */
  links: number[];
  /** Per neighbouring pair of content words, whether the phrase writes them side by side (a compound: "music video"). */
  compound: boolean[];
  concept: number;
  /** True for capability vocabulary (`terms`), false for visitor-only phrasing (`cues`). */
  isTerm: boolean;
  /** True for vocabulary matched in listings only (`listing-term:`). */
  listingOnly: boolean;
  /** A one-word cue matched as written, not by its stem (`exact-cue:`). */
  exact: boolean;
}

/** One occurrence of a lexicon phrase, in positions of the full token sequence (stop words included). */
export interface PhraseHit {
  concept: number;
  /** Full-sequence positions of the content words the phrase covers. */
  positions: number[];
  /** Number of content words in the phrase (phrase specificity). */
  length: number;
  isTerm: boolean;
  /** For a phrase matched with its stop words ("no code", "without the vocals"): the first and last positions it spans. */
  span?: [number, number];
}

/** A token of the sequence to scan, or null for a boundary phrases may not cross. */
export type ScanToken = FullToken | null;

/**
 * The lexicon compiled into first-stem lookup tables, so scanning a text for every phrase of every concept costs
 * a couple of hash lookups per token.
 */
export class ConceptMatcher {
  readonly concepts: readonly ConceptEntry[];
  private readonly contentByFirst = new Map<string, CompiledPhrase[]>();
  private readonly verbatimByFirst = new Map<string, CompiledPhrase[]>();
  /**
   * The same tables with capability terms only, in the same order, for `termsOnly` (listings): a listing's common
   * words start several visitor cues each, which it would otherwise pass over one by one.
   */
  private readonly contentTermsByFirst = new Map<string, CompiledPhrase[]>();
  private readonly verbatimTermsByFirst = new Map<string, CompiledPhrase[]>();
  /**
   * The same four tables by a small number per first stem (`phraseKey`), for callers that remember it per distinct
   * word: an array read instead of a string lookup per token.
   */
  private readonly firstKeys = new Map<string, number>();
  private readonly contentByKey: (CompiledPhrase[] | undefined)[] = [];
  private readonly verbatimByKey: (CompiledPhrase[] | undefined)[] = [];
  private readonly contentTermsByKey: (CompiledPhrase[] | undefined)[] = [];
  private readonly verbatimTermsByKey: (CompiledPhrase[] | undefined)[] = [];
  /** `match`'s scratch for the content view of a sequence (`match` is never re-entered). */
  private contentScratch = new Int32Array(256);
  /** Distinct stems of each concept's capability terms, used for query expansion. */
  readonly termStems: string[][];
  /** Every surface word of the lexicon, so the typo index knows the everyday vocabulary too. */
  readonly surfaceWords: string[];
  /** Per concept, the stems of which a listing must use one for the concept to be its capability (`requires:`), or null. */
  readonly requiredStems: (ReadonlySet<string> | null)[];

  constructor(concepts: readonly ConceptEntry[] = CONCEPTS) {
    this.concepts = concepts;
    this.termStems = concepts.map(() => []);
    const surface = new Set<string>();
    concepts.forEach((entry, ci) => {
      const add = (phrase: string, isTerm: boolean, listingOnly = false, exact = false): void => {
        const all = tokenizeAll(phrase);
        const content = all.filter((t) => !t.stop);
        if (all.length === 0) return;
        for (const t of content) if (t.word.length > 3) surface.add(t.word);
        // Phrases that would shrink to a single generic word without their function words ("my app",
        // "not working", "all in one") are matched verbatim instead.
        const verbatim = content.length === 0 || (content.length === 1 && all.length > 1);
        const src = verbatim ? all : content;
        const compiled: CompiledPhrase = {
          stems: src.map((t) => t.stem),
          surface: src.map((t) => t.word),
          verbatim,
          links: src.slice(1).map((t, k) => directionBetween(all, all.indexOf(src[k] as (typeof all)[number]), all.indexOf(t))),
          compound: src.slice(1).map((t, k) => all.indexOf(t) === all.indexOf(src[k] as (typeof all)[number]) + 1),
          concept: ci,
          isTerm,
          listingOnly,
          exact,
        };
        const table = verbatim ? this.verbatimByFirst : this.contentByFirst;
        const key = compiled.stems[0] ?? '';
        const list = table.get(key) ?? [];
        if (
          !list.some(
            (p) =>
              p.concept === ci &&
              p.isTerm === isTerm &&
              p.listingOnly === listingOnly &&
              p.exact === exact &&
              sameStems(p.stems, compiled.stems),
          )
        )
          list.push(compiled);
        table.set(key, list);
        if (isTerm) {
          const ts = this.termStems[ci];
          if (ts) for (const t of content) if (!ts.includes(t.stem)) ts.push(t.stem);
        }
      };
      for (const p of entry.terms) add(p, true);
      for (const p of entry.listingTerms) add(p, true, true);
      for (const p of entry.cues) add(p, false);
      for (const p of entry.exactCues) add(p, false, false, true);
    });
    for (const [all, terms] of [
      [this.contentByFirst, this.contentTermsByFirst],
      [this.verbatimByFirst, this.verbatimTermsByFirst],
    ] as const) {
      for (const [first, list] of all) {
        const termList = list.filter((p) => p.isTerm);
        if (termList.length > 0) terms.set(first, termList);
      }
    }
    for (const first of [...this.contentByFirst.keys(), ...this.verbatimByFirst.keys()]) {
      if (this.firstKeys.has(first)) continue;
      this.firstKeys.set(first, this.firstKeys.size);
      this.contentByKey.push(this.contentByFirst.get(first));
      this.verbatimByKey.push(this.verbatimByFirst.get(first));
      this.contentTermsByKey.push(this.contentTermsByFirst.get(first));
      this.verbatimTermsByKey.push(this.verbatimTermsByFirst.get(first));
    }
    this.surfaceWords = [...surface];
    this.requiredStems = concepts.map((entry) =>
      entry.requires.length > 0 ? new Set(entry.requires.flatMap((word) => tokenizeAll(word).map((t) => t.stem))) : null,
    );
  }

  /**
   * Whether a listing whose words have these stems may hold the concept: a concept tied to a medium ("requires:
   * photo image …") needs one of its words in the listing, whatever capability phrases it uses.
   */
  allows(concept: number, hasStem: (stem: string) => boolean): boolean {
    const required = this.requiredStems[concept];
    if (!required) return true;
    for (const stem of required) if (hasStem(stem)) return true;
    return false;
  }

  /**
   * The key of the phrases a word with this stem can start (as the first content word of a phrase or the first word
   * of a verbatim one), or -1 for most words, which start none. A caller that reads many texts remembers it per
   * distinct word and passes it to `match`.
   */
  phraseKey(stem: string): number {
    return this.firstKeys.get(stem) ?? -1;
  }

  /**
   * Finds lexicon phrases in a token sequence. With `termsOnly`, visitor-only cues are ignored (used for
   * listings). With `strictTerms`, a one-word capability term must be the same word as in the text, not just the
   * same stem (used for queries: "integral" and "integrations" share the stem "integr" but not a meaning).
   * `keys`, when given, holds `phraseKey` of each token's stem (-1 for a boundary): the phrases a token starts are
   * then read by that key rather than looked up by its stem (a listing has a few hundred words).
   */
  match(seq: readonly ScanToken[], termsOnly: boolean, strictTerms = false, keys?: ArrayLike<number>): PhraseHit[] {
    const hits: PhraseHit[] = [];
    // Content view: positions of non-stop tokens, boundaries kept as -1.
    if (this.contentScratch.length < seq.length) this.contentScratch = new Int32Array(seq.length * 2);
    const content = this.contentScratch;
    let contentLength = 0;
    for (let i = 0; i < seq.length; i++) {
      const t = seq[i];
      if (t === null || t === undefined) content[contentLength++] = -1;
      else if (!t.stop) content[contentLength++] = i;
    }
    const contentTable = termsOnly ? this.contentTermsByFirst : this.contentByFirst;
    const contentByKey = termsOnly ? this.contentTermsByKey : this.contentByKey;
    for (let ci = 0; ci < contentLength; ci++) {
      const pos = content[ci] ?? -1;
      if (pos < 0) continue;
      const cands = keys ? contentByKey[keys[pos] ?? -1] : contentTable.get(seq[pos]?.stem ?? '');
      if (!cands) continue;
      for (const p of cands) {
        if (termsOnly ? !p.isTerm : p.listingOnly) continue;
        const wordForWord = p.exact || (strictTerms && p.isTerm);
        if (wordForWord && p.stems.length === 1 && !sameWord(seq[pos]?.word ?? '', p.surface[0] ?? '')) continue;
        // Most candidates fail on their second word: that is checked before anything is built for them.
        let k = 1;
        while (k < p.stems.length && ci + k < contentLength) {
          const q = content[ci + k] as number;
          if (q < 0 || seq[q]?.stem !== p.stems[k]) break;
          k++;
        }
        if (k < p.stems.length) continue;
        const positions = [pos];
        let ok = true;
        for (let k = 1; k < p.stems.length; k++) {
          const q = ci + k < contentLength ? (content[ci + k] as number) : -1;
          if (q < 0 || seq[q]?.stem !== p.stems[k]) {
            ok = false;
            break;
          }
          // "images from text" is not "image to text": stop words are skipped, but not a direction that contradicts
          // the phrase's own.
          const link = p.links[k - 1] ?? 0;
          if (link !== 0 && directionBetween(seq, positions[k - 1] ?? 0, q) === -link) {
            ok = false;
            break;
          }
          // "music for my video" is video music, not a music video: "A for B" names B's A, the reverse of the compound
          // "A B". A visitor's "image from a description" is not an image description either (in queries only:
          // listings join their compounds with "to" and "from" more loosely, and their concepts stay as measured).
          const apart =
            purposeBetween(seq, positions[k - 1] ?? 0, q) ||
            (!termsOnly && directionBetween(seq, positions[k - 1] ?? 0, q) !== 0);
          if (p.compound[k - 1] && apart) {
            ok = false;
            break;
          }
          positions.push(q);
        }
        if (
          ok &&
          p.links.some((link, k) => link !== 0 && directionBetween(seq, positions[k] ?? 0, positions[k + 1] ?? 0) === 0)
        ) {
          // "convert to audio" against "convert audio (files) to text": the phrase's direction word is missing inside
          // the match and the same one follows it, so the phrase's destination is the query's source.
          const last = positions[positions.length - 1] ?? 0;
          const after = directionAfter(seq, last);
          if (after !== 0 && p.links.includes(after)) ok = false;
        }
        if (ok) hits.push({ concept: p.concept, positions, length: p.stems.length, isTerm: p.isTerm });
      }
    }
    const verbatimTable = termsOnly ? this.verbatimTermsByFirst : this.verbatimByFirst;
    const verbatimByKey = termsOnly ? this.verbatimTermsByKey : this.verbatimByKey;
    for (let i = 0; i < seq.length; i++) {
      const t = seq[i];
      if (!t) continue;
      const cands = keys ? verbatimByKey[keys[i] ?? -1] : verbatimTable.get(t.stem);
      if (!cands) continue;
      for (const p of cands) {
        if (termsOnly ? !p.isTerm : p.listingOnly) continue;
        let ok = true;
        const positions: number[] = [];
        for (let k = 0; k < p.stems.length; k++) {
          const u = seq[i + k];
          if (!u || u.stem !== p.stems[k]) {
            ok = false;
            break;
          }
          if (!u.stop) positions.push(i + k);
        }
        // A verbatim phrase is as specific as a two-word content phrase.
        if (ok)
          hits.push({
            concept: p.concept,
            positions,
            length: Math.max(2, positions.length),
            isTerm: p.isTerm,
            span: [i, i + p.stems.length - 1],
          });
      }
    }
    return hits;
  }
}

/**
 * The capability phrases a listing's text grounds: a concept counts only when the listing uses one of its
 * multi-word terms, or two different one-word terms. One common word alone is incidental far too often to stand
 * for a capability ("text" in "text-to-image" is not reading-level adaptation, "voice" in "passive voice" is not
 * phone automation), and a reason built on it would claim what the listing never says.
 */
export function groundedHits(hits: readonly PhraseHit[], seq: readonly ScanToken[]): PhraseHit[] {
  const singles = new Map<number, Set<string>>();
  const phrased = new Set<number>();
  for (const hit of hits) {
    if (hit.length > 1) phrased.add(hit.concept);
    else {
      const stem = seq[hit.positions[0] ?? -1]?.stem ?? '';
      const set = singles.get(hit.concept) ?? new Set<string>();
      set.add(stem);
      singles.set(hit.concept, set);
    }
  }
  return hits.filter((hit) => phrased.has(hit.concept) || (singles.get(hit.concept)?.size ?? 0) >= 2);
}

/** Words that give a phrase a direction: "text *to* image" turns text into an image, "text *from* an image" the reverse. */
const DIRECTION: ReadonlyMap<string, number> = new Map([
  ['to', 1],
  ['into', 1],
  ['onto', 1],
  ['from', -1],
]);

/** The direction (1, −1 or 0) a word between positions `a` and `b` of a token sequence gives. */
function directionBetween(seq: readonly (ScanToken | undefined)[], a: number, b: number): number {
  for (let i = a + 1; i < b; i++) {
    const direction = DIRECTION.get(seq[i]?.word ?? '');
    if (direction !== undefined) return direction;
  }
  return 0;
}

/** Whether "for" stands between positions `a` and `b` of a token sequence. */
function purposeBetween(seq: readonly (ScanToken | undefined)[], a: number, b: number): boolean {
  for (let i = a + 1; i < b; i++) if (seq[i]?.word === 'for') return true;
  return false;
}

/**
 * The first direction word (1, −1) after position `a`, within the object's few words ("convert audio *files* to
 * text"), or 0 when there is none before a boundary or a third content word.
 */
function directionAfter(seq: readonly (ScanToken | undefined)[], a: number): number {
  let contentWords = 0;
  for (let i = a + 1; i < seq.length; i++) {
    const token = seq[i];
    if (!token) return 0;
    const direction = DIRECTION.get(token.word);
    if (direction !== undefined) return direction;
    if (!token.stop && ++contentWords > 2) return 0;
  }
  return 0;
}

function sameStems(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((s, i) => s === b[i]);
}

function singular(w: string): string {
  if (w.endsWith('ies') && w.length > 4) return `${w.slice(0, -3)}y`;
  if (/(ss|sh|ch|x|z)es$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s') && !w.endsWith('ss') && w.length > 3) return w.slice(0, -1);
  return w;
}

function sameWord(a: string, b: string): boolean {
  return a === b || singular(a) === singular(b);
}
