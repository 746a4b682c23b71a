import { CONCEPTS, type ConceptEntry } from './concept-lexicon';
import { tokenizeAll, type FullToken } from './tokenize';

/** Stop words that negate what follows (see `negatedPositions` in query-understanding.ts). */
const OPENING_NEGATIONS = new Set(['no', 'not', 'nor']);
/** A lexicon phrase compiled to stems. */
interface CompiledPhrase {
  /** Stems compared against the sequence (content stems, or every word in verbatim mode). */
  stems: string[];
  /** `stemKey` of each of `stems`: the phrase's words compared as numbers. */
  stemKeys: Int32Array;
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
  /** Concept index by id, for the readings that name a concept ("translation"). */
  private readonly indexById: ReadonlyMap<string, number>;
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
  /** A number per stem of any phrase (`stemKey`): a token's following words are compared as numbers. */
  private readonly stemKeys = new Map<string, number>();
  /** `scanColumns`' scratch for the content view of a sequence (it is never re-entered). */
  private contentScratch = new Int32Array(256);
  /** `match`'s columns of a token sequence (see `TokenColumns`). */
  private readonly columnsScratch = { keys: new Int32Array(256), stems: new Int32Array(256), flags: new Uint8Array(256) };
  /**
   * The hits `scanColumns` found last, in columns (no object per hit: a 100,000-listing build finds millions): the
   * concept, the number of content words (specificity, as `PhraseHit.length`), whether it is a capability term, its
   * positions (`positions[positionStart[h] … positionStart[h + 1]]`) and, for a verbatim phrase, its span (else -1).
   */
  private hitConcept = new Int32Array(256);
  private hitLength = new Int32Array(256);
  private hitIsTerm = new Uint8Array(256);
  private hitSpanStart = new Int32Array(256);
  private hitSpanEnd = new Int32Array(256);
  private positionStart = new Int32Array(257);
  private positions = new Int32Array(1024);
  /** Distinct stems of each concept's capability terms, used for query expansion. */
  readonly termStems: string[][];
  /** Every surface word of the lexicon, so the typo index knows the everyday vocabulary too. */
  readonly surfaceWords: string[];
  /** Per concept, the stems of which a listing must use one for the concept to be its capability (`requires:`), or null. */
  readonly requiredStems: (ReadonlySet<string> | null)[];
  /** `requiredStems` as `stemKey`s (each of them has one), for a caller that reads tokens by their keys. */
  readonly requiredKeys: (Int32Array | null)[];
  /** `phraseKey` by `stemKey` (every first stem is some phrase's stem), -1 for a stem that starts no phrase. */
  private readonly firstKeyOfStemKey: Int32Array;
  /** The content phrases by first-stem key, flat (see `Candidates`), all of them and capability terms only. */
  private readonly contentCandidates: Candidates;
  private readonly contentTermCandidates: Candidates;

  constructor(concepts: readonly ConceptEntry[] = CONCEPTS) {
    this.concepts = concepts;
    this.indexById = new Map(concepts.map((entry, index) => [entry.id, index]));
    this.termStems = concepts.map(() => []);
    const surface = new Set<string>();
    concepts.forEach((entry, ci) => {
      const add = (phrase: string, isTerm: boolean, listingOnly = false, exact = false): void => {
        const all = tokenizeAll(phrase);
        const content = all.filter((t) => !t.stop);
        if (all.length === 0) return;
        for (const t of content) if (t.word.length > 3) surface.add(t.word);
        // Phrases that would shrink to a single generic word without their function words ("my app",
        // "not working", "all in one") are matched verbatim instead. A phrase that opens with a negation ("no cancel
        // button", "not getting interviews") is matched verbatim as well as by its content words: without the
        // negation its words are the very words the query's negation sets aside, and with it alone "doesn't just
        // give the answers" would no longer reach "not just give the answer".
        const shrinks = content.length === 0 || (content.length === 1 && all.length > 1);
        const opensWithNegation = all.length > 1 && OPENING_NEGATIONS.has(all[0]?.word ?? '');
        const allFlags = all.map((t) => this.tokenFlags(t));
        const forms: { src: FullToken[]; verbatim: boolean }[] = shrinks
          ? [{ src: all, verbatim: true }]
          : opensWithNegation
            ? [
                { src: all, verbatim: true },
                { src: content, verbatim: false },
              ]
            : [{ src: content, verbatim: false }];
        for (const { src, verbatim } of forms) {
          const compiled: CompiledPhrase = {
            stems: src.map((t) => t.stem),
            stemKeys: Int32Array.from(src.map((t) => this.addStemKey(t.stem))),
            surface: src.map((t) => t.word),
            verbatim,
            links: src
              .slice(1)
              .map((t, k) => directionBetween(allFlags, all.indexOf(src[k] as (typeof all)[number]), all.indexOf(t))),
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
        }
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
    this.requiredKeys = this.requiredStems.map((stems) =>
      stems ? Int32Array.from([...stems].map((stem) => this.addStemKey(stem))) : null,
    );
    this.firstKeyOfStemKey = new Int32Array(this.stemKeys.size).fill(-1);
    for (const [first, key] of this.firstKeys) this.firstKeyOfStemKey[this.addStemKey(first)] = key;
    this.contentCandidates = flatten(this.contentByKey, this.firstKeys.size);
    this.contentTermCandidates = flatten(this.contentTermsByKey, this.firstKeys.size);
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
   * The key of a stem in the phrases' words (any word of any phrase, stop words of verbatim phrases included), or -1
   * for a stem no phrase uses. Two tokens' stems are equal where a phrase could tell them apart exactly when their
   * keys are: a caller that reads many texts remembers it per distinct word (see `TokenColumns`).
   */
  stemKey(stem: string): number {
    return this.stemKeys.get(stem) ?? -1;
  }

  /** The number of stem keys (each is below it). */
  get stemKeyCount(): number {
    return this.stemKeys.size;
  }

  private addStemKey(stem: string): number {
    let key = this.stemKeys.get(stem);
    if (key === undefined) {
      key = this.stemKeys.size;
      this.stemKeys.set(stem, key);
    }
    return key;
  }

  /** The index of the concept with this id, or -1. */
  conceptIndex(id: string): number {
    return this.indexById.get(id) ?? -1;
  }

  /** The `TOKEN_*` flags of a token (what `scanColumns` reads of its word besides its stem). */
  tokenFlags(token: ScanToken | undefined): number {
    if (!token) return TOKEN_BOUNDARY;
    const w = token.word;
    // The words that give a phrase a direction: "text *to* image" turns text into an image, "text *from* an image"
    // the reverse; and "for", which names a purpose.
    const word = w === 'to' || w === 'into' || w === 'onto' ? TOKEN_TO : w === 'from' ? TOKEN_FROM : w === 'for' ? TOKEN_FOR : 0;
    return (token.stop ? TOKEN_STOP : 0) | word;
  }

  /**
   * Finds lexicon phrases in a token sequence. With `termsOnly`, visitor-only cues are ignored (used for
   * listings). With `strictTerms`, a one-word capability term must be the same word as in the text, not just the
   * same stem (used for queries: "integral" and "integrations" share the stem "integr" but not a meaning).
   */
  match(seq: readonly ScanToken[], termsOnly: boolean, strictTerms = false): PhraseHit[] {
    const n = seq.length;
    const columns = this.columnsScratch;
    if (columns.keys.length < n) {
      columns.keys = new Int32Array(n * 2);
      columns.stems = new Int32Array(n * 2);
      columns.flags = new Uint8Array(n * 2);
    }
    // One lookup per token: a phrase's first stem has a stem key too, and only short words give a direction.
    const firstKeyOf = this.firstKeyOfStemKey;
    for (let i = 0; i < n; i++) {
      const t = seq[i];
      const stemKey = t ? this.stemKey(t.stem) : -1;
      columns.stems[i] = stemKey;
      columns.keys[i] = stemKey >= 0 ? (firstKeyOf[stemKey] as number) : -1;
      columns.flags[i] = !t ? TOKEN_BOUNDARY : t.word.length <= 4 ? this.tokenFlags(t) : t.stop ? TOKEN_STOP : 0;
    }
    const count = this.scanColumns(n, columns, seq, termsOnly, strictTerms);
    const hits: PhraseHit[] = [];
    for (let h = 0; h < count; h++) {
      const positions: number[] = [];
      for (let at = this.positionStart[h] as number; at < (this.positionStart[h + 1] as number); at++)
        positions.push(this.positions[at] as number);
      const hit: PhraseHit = {
        concept: this.hitConcept[h] as number,
        positions,
        length: this.hitLength[h] as number,
        isTerm: this.hitIsTerm[h] === 1,
      };
      if ((this.hitSpanStart[h] as number) >= 0) hit.span = [this.hitSpanStart[h] as number, this.hitSpanEnd[h] as number];
      hits.push(hit);
    }
    return hits;
  }

  /**
   * `match` over a sequence given as columns, for a caller that reads a catalogue (the index: millions of tokens,
   * each a word it has seen before): per token its `phraseKey`, `stemKey` and `tokenFlags`. Returns the number of
   * hits, whose concept, specificity and first position (-1 for a verbatim phrase of stop words only) are then read
   * with `hitConcepts`, `hitLengths` and `hitFirst`, until the next call. The tokens themselves (`seq`) are read
   * only to compare the surface words of exact cues and strict terms, so a listing's capability terms (`termsOnly`
   * without `strictTerms`: exact cues are no terms) need only the columns.
   */
  matchColumns(n: number, columns: TokenColumns, termsOnly: boolean, strictTerms = false, seq?: readonly ScanToken[]): number {
    if (!seq && (strictTerms || !termsOnly)) throw new Error('matchColumns: the tokens are needed to compare words');
    return this.scanColumns(n, columns, seq ?? [], termsOnly, strictTerms);
  }

  /** The concepts of the hits the last `matchColumns` found. */
  get hitConcepts(): Int32Array {
    return this.hitConcept;
  }

  /** The number of content words of each hit the last `matchColumns` found (`PhraseHit.length`). */
  get hitLengths(): Int32Array {
    return this.hitLength;
  }

  /** The first position of hit `h` of the last `matchColumns` (`PhraseHit.positions[0]`), or -1 when it has none. */
  hitFirst(h: number): number {
    const at = this.positionStart[h] as number;
    return at < (this.positionStart[h + 1] as number) ? (this.positions[at] as number) : -1;
  }

  /** Room for `hits` hits and `positions` positions in the hit columns. */
  private growHits(hits: number, positions: number): void {
    if (hits + 1 >= this.hitConcept.length) {
      const cap = (hits + 1) * 2;
      const grow = (a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> => {
        const b = new Int32Array(cap);
        b.set(a);
        return b;
      };
      this.hitConcept = grow(this.hitConcept);
      this.hitLength = grow(this.hitLength);
      this.hitSpanStart = grow(this.hitSpanStart);
      this.hitSpanEnd = grow(this.hitSpanEnd);
      this.positionStart = grow(this.positionStart);
      const isTerm = new Uint8Array(cap);
      isTerm.set(this.hitIsTerm);
      this.hitIsTerm = isTerm;
    }
    if (positions > this.positions.length) {
      const grown = new Int32Array(positions * 2);
      grown.set(this.positions);
      this.positions = grown;
    }
  }

  /** The scan of `match` and `matchColumns`: content phrases in reading order, then verbatim phrases; hits in columns. */
  private scanColumns(
    n: number,
    columns: TokenColumns,
    seq: readonly ScanToken[],
    termsOnly: boolean,
    strictTerms: boolean,
  ): number {
    const { keys, stems, flags } = columns;
    // Content view: positions of non-stop tokens, boundaries kept as -1.
    if (this.contentScratch.length < n) this.contentScratch = new Int32Array(n * 2);
    const content = this.contentScratch;
    let contentLength = 0;
    for (let i = 0; i < n; i++) {
      const f = flags[i] as number;
      if ((f & TOKEN_BOUNDARY) !== 0) content[contentLength++] = -1;
      else if ((f & TOKEN_STOP) === 0) content[contentLength++] = i;
    }
    let count = 0;
    let used = 0;
    this.positionStart[0] = 0;
    const candidates = termsOnly ? this.contentTermCandidates : this.contentCandidates;
    const { start: candidateStart, second: candidateSecond, phrases: candidatePhrases } = candidates;
    const { concept: candidateConcept, kind: candidateKind } = candidates;
    for (let ci = 0; ci < contentLength; ci++) {
      const pos = content[ci] as number;
      if (pos < 0) continue;
      const key = keys[pos] as number;
      if (key < 0) continue;
      const end = candidateStart[key + 1] as number;
      const next = ci + 1 < contentLength ? (content[ci + 1] as number) : -1;
      // -1 (no next word, or a word no phrase uses) is no phrase's second word.
      const nextStem = next >= 0 ? (stems[next] as number) : -1;
      for (let j = candidateStart[key] as number; j < end; j++) {
        // Most candidates fail on their second word: that is read from a flat array before the phrase itself.
        const second = candidateSecond[j] as number;
        if (second >= 0 && second !== nextStem) continue;
        const kind = candidateKind[j] as number;
        if (second < 0 && (kind & WORD_FOR_WORD) === 0 && !(strictTerms && (kind & IS_TERM) !== 0)) {
          // A one-word phrase matched by its stem (every capability term of a listing): a hit without more checks.
          if (termsOnly ? (kind & IS_TERM) === 0 : (kind & LISTING_ONLY) !== 0) continue;
          this.growHits(count + 1, used + 1);
          this.positions[used++] = pos;
          this.hitConcept[count] = candidateConcept[j] as number;
          this.hitLength[count] = 1;
          this.hitIsTerm[count] = kind & IS_TERM;
          this.hitSpanStart[count] = -1;
          count++;
          this.positionStart[count] = used;
          continue;
        }
        const p = candidatePhrases[j] as CompiledPhrase;
        if (termsOnly ? !p.isTerm : p.listingOnly) continue;
        const wordForWord = p.exact || (strictTerms && p.isTerm);
        const phraseStems = p.stemKeys;
        const length = phraseStems.length;
        if (wordForWord && length === 1 && !sameWord(seq[pos]?.word ?? '', p.surface[0] ?? '')) continue;
        let k = 2;
        while (k < length && ci + k < contentLength) {
          const q = content[ci + k] as number;
          if (q < 0 || stems[q] !== phraseStems[k]) break;
          k++;
        }
        if (k < length) continue;
        this.growHits(count + 1, used + length);
        const positions = this.positions;
        const first = used;
        positions[first] = pos;
        let ok = true;
        for (let k = 1; k < length; k++) {
          const q = content[ci + k] as number;
          const previous = positions[first + k - 1] as number;
          // "images from text" is not "image to text": stop words are skipped, but not a direction that contradicts
          // the phrase's own.
          const link = p.links[k - 1] ?? 0;
          const direction = directionBetween(flags, previous, q);
          if (link !== 0 && direction === -link) {
            ok = false;
            break;
          }
          // "music for my video" is video music, not a music video: "A for B" names B's A, the reverse of the compound
          // "A B". A visitor's "image from a description" is not an image description either (in queries only:
          // listings join their compounds with "to" and "from" more loosely, and their concepts stay as measured).
          const apart = purposeBetween(flags, previous, q) || (!termsOnly && direction !== 0);
          if (p.compound[k - 1] && apart) {
            ok = false;
            break;
          }
          positions[first + k] = q;
        }
        if (ok && missesLink(p.links, flags, positions, first)) {
          // "convert to audio" against "convert audio (files) to text": the phrase's direction word is missing inside
          // the match and the same one follows it, so the phrase's destination is the query's source.
          const after = directionAfter(flags, n, positions[first + length - 1] as number);
          if (after !== 0 && p.links.includes(after)) ok = false;
        }
        if (!ok) continue;
        used += length;
        this.hitConcept[count] = p.concept;
        this.hitLength[count] = length;
        this.hitIsTerm[count] = p.isTerm ? 1 : 0;
        this.hitSpanStart[count] = -1;
        count++;
        this.positionStart[count] = used;
      }
    }
    const verbatimByKey = termsOnly ? this.verbatimTermsByKey : this.verbatimByKey;
    for (let i = 0; i < n; i++) {
      const key = keys[i] as number;
      if (key < 0 || ((flags[i] as number) & TOKEN_BOUNDARY) !== 0) continue;
      const cands = verbatimByKey[key];
      if (!cands) continue;
      for (const p of cands) {
        if (termsOnly ? !p.isTerm : p.listingOnly) continue;
        const phraseStems = p.stemKeys;
        const length = phraseStems.length;
        if (i + length > n) continue;
        let k = 0;
        while (k < length && ((flags[i + k] as number) & TOKEN_BOUNDARY) === 0 && stems[i + k] === phraseStems[k]) k++;
        if (k < length) continue;
        this.growHits(count + 1, used + length);
        let covered = 0;
        for (let k = 0; k < length; k++)
          if (((flags[i + k] as number) & TOKEN_STOP) === 0) this.positions[used + covered++] = i + k;
        used += covered;
        this.hitConcept[count] = p.concept;
        // A verbatim phrase is as specific as a two-word content phrase.
        this.hitLength[count] = Math.max(2, covered);
        this.hitIsTerm[count] = p.isTerm ? 1 : 0;
        this.hitSpanStart[count] = i;
        this.hitSpanEnd[count] = i + length - 1;
        count++;
        this.positionStart[count] = used;
      }
    }
    return count;
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

/** `tokenFlags`: the token is a stop word. */
export const TOKEN_STOP = 1;
/** `tokenFlags`: a boundary phrases may not cross (a null token). */
export const TOKEN_BOUNDARY = 2;
/** `tokenFlags`: a word of direction 1 ("to", "into", "onto"). */
const TOKEN_TO = 4;
/** `tokenFlags`: a word of direction −1 ("from"). */
const TOKEN_FROM = 8;
/** `tokenFlags`: the word "for". */
const TOKEN_FOR = 16;

/**
 * A token sequence as `matchColumns` reads it, per position: `phraseKey` of its stem (-1 for none and for a
 * boundary), `stemKey` of its stem, and `tokenFlags`.
 */
export interface TokenColumns {
  keys: ArrayLike<number>;
  stems: ArrayLike<number>;
  flags: ArrayLike<number>;
}

function directionOf(flag: number): number {
  return (flag & TOKEN_TO) !== 0 ? 1 : (flag & TOKEN_FROM) !== 0 ? -1 : 0;
}

/** The direction (1, −1 or 0) a word between positions `a` and `b` of a token sequence gives. */
function directionBetween(flags: ArrayLike<number>, a: number, b: number): number {
  for (let i = a + 1; i < b; i++) {
    const direction = directionOf(flags[i] as number);
    if (direction !== 0) return direction;
  }
  return 0;
}

/**
 * Whether a direction word of the phrase (`links`) is missing between the hit's words at `positions[first …]`. A
 * plain loop, not a closure: one reading `positions` and `first` made the candidate loop's block allocate a context
 * for every candidate it tried (0.9 GB of garbage in a 100,000-listing build).
 */
function missesLink(links: readonly number[], flags: ArrayLike<number>, positions: Int32Array, first: number): boolean {
  for (let k = 0; k < links.length; k++) {
    if (links[k] !== 0 && directionBetween(flags, positions[first + k] as number, positions[first + k + 1] as number) === 0)
      return true;
  }
  return false;
}

/** Whether "for" stands between positions `a` and `b` of a token sequence. */
function purposeBetween(flags: ArrayLike<number>, a: number, b: number): boolean {
  for (let i = a + 1; i < b; i++) if (((flags[i] as number) & TOKEN_FOR) !== 0) return true;
  return false;
}

/**
 * The first direction word (1, −1) after position `a`, within the object's few words ("convert audio *files* to
 * text"), or 0 when there is none before a boundary or a third content word.
 */
function directionAfter(flags: ArrayLike<number>, n: number, a: number): number {
  let contentWords = 0;
  for (let i = a + 1; i < n; i++) {
    const flag = flags[i] as number;
    if ((flag & TOKEN_BOUNDARY) !== 0) return 0;
    const direction = directionOf(flag);
    if (direction !== 0) return direction;
    if ((flag & TOKEN_STOP) === 0 && ++contentWords > 2) return 0;
  }
  return 0;
}

/**
 * Phrases by the key of their first stem, flat: key `k`'s are `phrases[start[k] … start[k + 1]]`, in the tables'
 * order, each with the `stemKey` of its second word in `second` (-1 for a one-word phrase).
 */
interface Candidates {
  start: Int32Array;
  second: Int32Array;
  /** Each phrase's concept and `IS_TERM`, `LISTING_ONLY` and `WORD_FOR_WORD` bits. */
  concept: Int32Array;
  kind: Uint8Array;
  phrases: CompiledPhrase[];
}

const IS_TERM = 1;
const LISTING_ONLY = 2;
/** An exact cue (`CompiledPhrase.exact`). */
const WORD_FOR_WORD = 4;

function flatten(byKey: readonly (CompiledPhrase[] | undefined)[], keys: number): Candidates {
  const start = new Int32Array(keys + 1);
  const phrases: CompiledPhrase[] = [];
  for (let key = 0; key < keys; key++) {
    phrases.push(...(byKey[key] ?? []));
    start[key + 1] = phrases.length;
  }
  return {
    start,
    second: Int32Array.from(phrases.map((p) => p.stemKeys[1] ?? -1)),
    concept: Int32Array.from(phrases.map((p) => p.concept)),
    kind: Uint8Array.from(
      phrases.map((p) => (p.isTerm ? IS_TERM : 0) | (p.listingOnly ? LISTING_ONLY : 0) | (p.exact ? WORD_FOR_WORD : 0)),
    ),
    phrases,
  };
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
