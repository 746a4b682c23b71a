import { FIELD_COUNT, FieldNorms, PostingList, idf } from './bm25f';
import { GENERALIST_TASKS, taggedAsAssistant } from './concept-lexicon';
import { computeConfidence, servedNeedStrength } from './confidence';
import { ConceptMatcher, TOKEN_BOUNDARY } from './concept-matcher';
import type { QueryChip, ReasonEvidence } from '@shared/schemas/search';
import { explainMatch } from './match-reason';
import type { SearchDocument } from './search-document';
import { chipsOf, setAside } from './query-chips';
import { CONFIDENCE, LISTING_EVIDENCE, LISTING_PRIOR, QUERY_READING, TASK_RANKING, UNSURE_BELOW } from './weights';
import { repairWords } from './word-repair';
import {
  understandQuery,
  type ActiveConcept,
  type KnownCategory,
  type ParsedQuery,
  type PricingType,
  type Vocabulary,
} from './query-understanding';
import { TermAssociations, type AssociationSource } from './term-associations';
import { TypoIndex, fullToken, isEnglishWord, normalize, phraseStems, words, type FullToken } from './tokenize';
import { WordInterner } from './word-interner';

export type { PricingType } from './query-understanding';
export type { SearchDocument } from './search-document';

export interface SearchHit {
  id: number;
  score: number;
  matchReason: string;
  /** The claims of `matchReason`, each with the listing's own words. */
  evidence: ReasonEvidence[];
}

export interface SearchOutcome {
  hits: SearchHit[];
  confidence: number;
  reasoning: string;
  understood: { goal: string; constraints: string[]; category: string | null; pricing: PricingType[] | null; chips: QueryChip[] };
}

export interface SearchOptions {
  limit?: number;
  /** Allowed prices, on top of those the query states (the public API's filter). */
  pricing?: PricingType[];
  /** A category name the results must be in, on top of one the query names. */
  category?: string;
  /** Constraints of the query to ignore (relaxation when they leave nothing). */
  relax?: { pricing?: boolean; category?: boolean };
  /** Listings never returned (an app the visitor wants alternatives to). */
  exclude?: ReadonlySet<number>;
  /** Chip ids of the query's understanding to set aside (see `query-chips.ts`). */
  without?: ReadonlySet<string>;
  /** False for a query read from another language: no spelling correction or word repairs (see `understandQuery`). */
  spelling?: boolean;
  /** The visitor's language when the need depends on it ("german"): listings that name it rank higher. */
  language?: string;
  /**
   * The best score of any listing for this need without the price and category filters: hits under
   * `fitShare` of it (or of this answer's best) fit the filters, not the need, and are left out.
   */
  fitReference?: number;
}

/**
 * What is expensive to compute of an index built from a catalogue (decision 0025, whole-engine snapshot): the
 * vocabulary, each listing's term sequence, terms and concepts with their evidence, the postings' field frequencies
 * and the surface words. Slot `s` holds the listing `ids[s]`; per-listing arrays are concatenated, with their lengths.
 * What a listing's fields give cheaply (price, category, prior) is computed again from the documents.
 */
export interface SearchIndexState {
  terms: string[];
  surfaceWords: string[];
  surfaceTerm: Int32Array;
  surfaceCount: Int32Array;
  surfaceProse: Int32Array;
  ids: Int32Array;
  seqLength: Int32Array;
  seq: Int32Array;
  termsLength: Int32Array;
  slotTerms: Int32Array;
  conceptsLength: Int32Array;
  concepts: Int32Array;
  /** Each listing's concept evidence, aligned with `concepts`. */
  conceptEvs: Float32Array;
  /** Per term id, its postings' count and their packed field frequencies (postings are in slot order). */
  postingCounts: Int32Array;
  postingTfs: Uint32Array;
  lens: Uint16Array;
  breadth: Float64Array;
  /** Per slot, 1 when the listing is made or hosted in the EU (`isInEu`: a regular expression over its text). */
  inEu: Uint8Array;
}

const W = TASK_RANKING;
/** `conceptFirstWord`: no hit of the concept yet; grounded by a phrase or two different words. */
const UNSEEN = -1;
const GROUNDED = -2;
const PRICING_CODE: Record<PricingType, number> = { free: 1, freemium: 2, paid: 3 };

class ConceptPostings {
  slots = new Int32Array(8);
  evs = new Float32Array(8);
  length = 0;
  df = 0;

  push(slot: number, ev: number): void {
    if (this.length === this.slots.length) {
      const s = new Int32Array(this.length * 2);
      s.set(this.slots);
      const e = new Float32Array(this.length * 2);
      e.set(this.evs);
      this.slots = s;
      this.evs = e;
    }
    this.slots[this.length] = slot;
    this.evs[this.length] = ev;
    this.length++;
  }

  compact(alive: Uint8Array): void {
    let w = 0;
    for (let r = 0; r < this.length; r++) {
      const slot = this.slots[r] ?? 0;
      if (alive[slot] === 1) {
        this.slots[w] = slot;
        this.evs[w] = this.evs[r] ?? 0;
        w++;
      }
    }
    this.length = w;
  }
}

/**
 * Numbers in one shared array of `SlotLists` (64 kB, as `TypedArena`'s chunks; 4 MB ones cost the build one more full
 * collection at 100,000 apps); a longer list gets an array of its own.
 */
const SLOT_LIST_CHUNK = 1 << 14;

/**
 * One list of numbers per slot (a listing's term sequence, its distinct terms or its concepts), end to end in shared
 * arrays, found by three numbers per slot in columns. An object per listing with a typed view per list (four
 * objects a listing, 400,000 at 100,000 listings) lived through every collection of a build: the young generation's
 * copied each once or twice and every full one marked them. A removed listing's numbers stay where they were until
 * the next build (as the arena's did).
 */
class SlotLists {
  private chunks: Int32Array[] = [];
  private current = new Int32Array(0);
  private used = 0;
  private chunkOf = new Int32Array(1024);
  private startOf = new Int32Array(1024);
  private lengthOf = new Int32Array(1024);

  /** Makes `values[0 … length)` the list of `slot`. */
  set(slot: number, values: Int32Array, length: number): void {
    if (length > SLOT_LIST_CHUNK) {
      this.place(slot, this.adopt(values.slice(0, length)), 0, length);
      return;
    }
    if (this.used + length > this.current.length) {
      this.current = new Int32Array(SLOT_LIST_CHUNK);
      this.chunks.push(this.current);
      this.used = 0;
    }
    // A loop, not `set(values.subarray(…))`: no view object per list (three lists per listing).
    const current = this.current;
    for (let i = 0, at = this.used; i < length; i++, at++) current[at] = values[i] as number;
    this.place(slot, this.chunks.length - 1, this.used, length);
    this.used += length;
  }

  /** Takes `array` as storage for lists of its own (a snapshot's); returns its number for `place`. */
  adopt(array: Int32Array): number {
    this.chunks.push(array);
    return this.chunks.length - 1;
  }

  /** Makes `length` numbers of the adopted array `chunk` from `start` the list of `slot`. */
  place(slot: number, chunk: number, start: number, length: number): void {
    if (slot >= this.chunkOf.length) {
      const cap = Math.max(slot + 1, this.chunkOf.length * 2);
      const grow = (a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> => {
        const b = new Int32Array(cap);
        b.set(a);
        return b;
      };
      this.chunkOf = grow(this.chunkOf);
      this.startOf = grow(this.startOf);
      this.lengthOf = grow(this.lengthOf);
    }
    this.chunkOf[slot] = chunk;
    this.startOf[slot] = start;
    this.lengthOf[slot] = length;
  }

  /** Empties the list of `slot` (a removed listing's). */
  clear(slot: number): void {
    if (slot < this.lengthOf.length) this.lengthOf[slot] = 0;
  }

  length(slot: number): number {
    return slot < this.lengthOf.length ? (this.lengthOf[slot] as number) : 0;
  }

  /** The array holding the list of `slot`, from `start(slot)` on, for loops that read it in place. */
  array(slot: number): Int32Array {
    return this.chunks[this.chunkOf[slot] as number] ?? this.current;
  }

  start(slot: number): number {
    return this.startOf[slot] as number;
  }

  /** The list of `slot` as a view. */
  view(slot: number): Int32Array {
    const start = this.start(slot);
    return this.array(slot).subarray(start, start + this.length(slot));
  }

  /** True when the list of `slot` holds `value`. */
  includes(slot: number, value: number): boolean {
    const array = this.array(slot);
    const start = this.start(slot);
    const end = start + this.length(slot);
    for (let i = start; i < end; i++) if (array[i] === value) return true;
    return false;
  }
}

/** The query's words as weighted index terms (step 2 of `search`). */
interface WeightedWords {
  /** Term id → query weight, the visitor's own words and the expansions. */
  weights: Map<number, number>;
  /** The visitor's own term ids (at most 32, one bit each in the per-listing masks) and their IDF. */
  ids: number[];
  idf: number[];
  /** Term ids added by concepts and associations. */
  expansions: Set<number>;
  contentWords: number;
  explainedWords: number;
}

/** What a listing should cover of the query (step 4). */
interface Aspects {
  /** `generalistCover`: the share of the aspect a general-purpose assistant covers without naming it. */
  list: { kind: 'term' | 'concept'; bit: number; weight: number; generalistCover: number }[];
  total: number;
  /** Bits of the platform concepts among the query's concepts. */
  platformBits: number[];
  /** Bits of the task concepts (the needs) among the query's concepts. */
  taskBits: number[];
}

interface ScoredSlot {
  slot: number;
  score: number;
  coverage: number;
  /** Bit of the need this listing serves only as a general-purpose assistant, or -1. */
  generalistFor: number;
}

const sharedMatcher = new ConceptMatcher();
/** Query readings an index remembers (see `SearchIndex.read`): the few a search in progress asks for again. */
const READINGS_KEPT = 16;

/**
 * In-process hybrid search index over app listings: BM25F over fielded text, a concept layer that maps everyday
 * goals to capabilities, term associations mined from the catalogue, proximity, aspect coverage and gentle
 * popularity priors, with price, category and platform constraints applied while ranking.
 */
export class SearchIndex {
  /** The compiled lexicon (shared by every index). */
  readonly matcher = sharedMatcher;
  private readonly termIds = new Map<string, number>();
  private readonly termStems: string[] = [];
  private postings: (PostingList | undefined)[] = [];
  private df = new Int32Array(1024);
  /** Indexing scratch: the slot that last used each term, and that term's packed field frequencies there. */
  private seenAt = new Int32Array(1024).fill(-1);
  private tfScratch = new Uint32Array(1024);
  private readonly conceptPostings: ConceptPostings[];
  /** `indexDocument`'s per-concept scratch (see there). */
  private readonly conceptRaw: Float64Array;
  /**
   * Per concept, while `indexDocument` sums a listing's hits: `UNSEEN`, the `stemKey` of the first one-word term
   * seen, or `GROUNDED` once a phrase or a second different word grounds it.
   */
  private readonly conceptFirstWord: Int32Array;
  private readonly conceptOrder: number[] = [];
  /** `indexDocument`'s marks of the stem keys a listing uses: `stemStamp` where it does (see there). */
  private readonly stemSeen: Int32Array;
  private stemStamp = 0;

  /** Per slot, its listing (undefined once removed or replaced). */
  private docs: (SearchDocument | undefined)[] = [];
  /** Per slot, term ids in reading order; -1 separates list items and fields so phrases never straddle them. */
  private readonly seqs = new SlotLists();
  /** Per slot, its distinct term ids. */
  private readonly slotTerms = new SlotLists();
  /** Per slot, the concept indexes the listing states (their evidence is in the concept postings). */
  private readonly slotConcepts = new SlotLists();
  /** Per slot, how much the listing is a general-purpose assistant, in [0, 1] (0 for most listings). */
  private breadth = new Float64Array(1024);
  /** Per slot, 1 when the listing is made in the EU/EEA, says it complies with the GDPR or hosts data in the EU. */
  private inEu = new Uint8Array(1024);
  private alive = new Uint8Array(1024);
  private lens = new Uint16Array(1024 * FIELD_COUNT);
  private prior = new Float32Array(1024);
  private pricing = new Uint8Array(1024);
  /** Category of each slot as a small code (see `categoryCodes`). */
  private categoryOf = new Uint16Array(1024);
  private readonly categoryCodes = new Map<string, number>();
  private readonly idToSlot = new Map<number, number>();

  private readonly norms = new FieldNorms();
  private readonly lenSum = new Float64Array(FIELD_COUNT);
  private normAvg = new Float64Array(FIELD_COUNT);
  private normsStale = true;
  private live = 0;
  private deadPostings = 0;
  private totalPostings = 0;
  private version = 0;
  /**
   * The last queries read (`understandQuery`), per spelling setting, for the index version they were read at: one
   * visitor search reads its query up to four times (the fit reference, the ranking, a relaxed retry, the task link).
   */
  private readonly readings = new Map<string, ParsedQuery>();
  private readingsVersion = -1;

  /**
   * Every surface word seen (catalogue and lexicon), by its id in `surfaceIds` (ids in the order first seen), in
   * columns: a build reads them for each of its millions of words, which objects per word made a pointer chase each.
   */
  private readonly surfaceIds = new WordInterner();
  /** How many of `surfaceIds`' words have their columns (`registerSurface`): a word with this id is new. */
  private surfaceRegistered = 0;
  /** Term id of each surface word, -1 for a stop word. */
  private surfaceTerm = new Int32Array(1024);
  private surfaceCount = new Int32Array(1024);
  /** Occurrences outside listing names (lexicon words count here): 0 for a word only names use ("textio"). */
  private surfaceProse = new Int32Array(1024);
  /**
   * `ConceptMatcher.phraseKey` of each surface word's stem, its `stemKey`, and its `tokenFlags` with `MAY_BE_EU` (see
   * `surfaceFlagsOf`).
   */
  private surfaceKey = new Int32Array(1024);
  private surfaceStemKey = new Int32Array(1024);
  private surfaceFlags = new Int32Array(1024);
  private readonly typos = new TypoIndex((w) => this.surfaceCountOf(w));
  /**
   * While the constructor indexes its documents, their postings' packed field frequencies, per slot aligned with the
   * slot's `slotTerms`: postings are laid out once at the end, each term's in one array of about its own length,
   * instead of pushed one at a time into 100,000 growing lists (see `layOutPostings`). Null otherwise. In 64 kB
   * chunks: one array doubled as it grew was copied 3 times over (≈ 60 MB of buffers at 100,000 listings, which
   * count towards the collector's next full collection).
   */
  private pendingTfs: SlotLists | null = null;
  /** `indexDocument`'s scratch (one listing at a time). */
  private keysScratch = new Int32Array(1024);
  private stemsScratch = new Int32Array(1024);
  private flagsScratch = new Uint8Array(1024);
  private fieldScratch = new Uint8Array(1024);
  private seqScratch = new Int32Array(1024);
  private docTermsScratch = new Int32Array(256);
  /** A listing's concept indexes while `indexDocument` keeps them (at most one per concept). */
  private readonly conceptScratch: Int32Array;
  private readonly categoryCounts = new Map<string, { name: string; count: number }>();
  private categoriesCache: KnownCategory[] | null = null;
  private readonly associations = new TermAssociations();
  private readonly generalistTask: boolean[];
  /** Per concept: the share of a dedicated tool's evidence a general-purpose assistant gets for it. */
  private readonly generalistShare: number[];
  private readonly generalAssistantConcept: number;
  /** Slots of live listings with a non-zero breadth. */
  private readonly generalists = new Set<number>();

  // Per-query scratch space, reused to avoid allocation on the hot path.
  private acc = new Float32Array(1024);
  private termMask = new Uint32Array(1024);
  private conceptMask = new Uint32Array(1024);
  private generalMask = new Uint32Array(1024);
  private touchedFlag = new Uint8Array(1024);
  /** The slots a search touched, in the order first touched (the first `gather(…)` of them). */
  private touchedSlots = new Int32Array(1024);
  /** `queryPositions`' scratch: query position per term id, the ids set, and the query's id list it was filled for. */
  private qpos = new Int32Array(1024).fill(-1);
  private qposIds: number[] = [];
  private qposFor: number[] | null = null;

  constructor(docs?: Iterable<SearchDocument>) {
    this.conceptPostings = this.matcher.concepts.map(() => new ConceptPostings());
    this.conceptRaw = new Float64Array(this.matcher.concepts.length);
    this.conceptScratch = new Int32Array(this.matcher.concepts.length);
    this.stemSeen = new Int32Array(this.matcher.stemKeyCount);
    this.conceptFirstWord = new Int32Array(this.matcher.concepts.length).fill(UNSEEN);
    this.generalistTask = this.matcher.concepts.map((entry) => GENERALIST_TASKS.has(entry.id));
    this.generalistShare = this.matcher.concepts.map((entry) => (entry.generalistFull ? 1 : W.generalist));
    this.generalAssistantConcept = this.matcher.conceptIndex('general-assistant');
    for (const w of this.matcher.surfaceWords) this.addSurface(w);
    // Load the English word list now rather than on the first misspelled query.
    isEnglishWord('');
    if (docs) {
      this.pendingTfs = new SlotLists();
      for (const d of docs) this.upsert(d);
      this.layOutPostings();
    }
  }

  /** Number of live listings. */
  get size(): number {
    return this.live;
  }

  /** Adds a listing or replaces the listing with the same id; the next search sees the change. */
  upsert(doc: SearchDocument): void {
    if (this.idToSlot.has(doc.id)) {
      // Postings laid out later could not tell the replaced listing's slot from the others.
      this.layOutPostings();
      this.remove(doc.id);
    }
    const slot = this.docs.length;
    this.ensureSlotCapacity(slot + 1);
    const breadth = this.indexDocument(doc, slot);
    this.docs.push(doc);
    if (breadth > 0) this.generalists.add(slot);
    this.alive[slot] = 1;
    this.idToSlot.set(doc.id, slot);
    this.live++;
    this.version++;
    this.categoriesCache = null;
    if (this.normsStale) return;
    if (this.avgDrifted()) this.normsStale = true;
    else this.norms.set(slot, this.lens.subarray(slot * FIELD_COUNT, (slot + 1) * FIELD_COUNT), this.normAvg);
  }

  /** Removes a listing; unknown ids are ignored. */
  remove(id: number): void {
    const slot = this.idToSlot.get(id);
    if (slot === undefined) return;
    const doc = this.docs[slot];
    this.idToSlot.delete(id);
    this.generalists.delete(slot);
    this.alive[slot] = 0;
    this.live--;
    this.version++;
    this.categoriesCache = null;
    if (!doc) return;
    const terms = this.slotTerms.array(slot);
    const termsStart = this.slotTerms.start(slot);
    const termCount = this.slotTerms.length(slot);
    for (let i = termsStart; i < termsStart + termCount; i++) {
      const t = terms[i] ?? 0;
      this.df[t] = (this.df[t] ?? 1) - 1;
    }
    this.deadPostings += termCount;
    const concepts = this.slotConcepts.array(slot);
    const conceptsStart = this.slotConcepts.start(slot);
    for (let i = conceptsStart; i < conceptsStart + this.slotConcepts.length(slot); i++) {
      const cp = this.conceptPostings[concepts[i] as number];
      if (cp) cp.df--;
    }
    for (let f = 0; f < FIELD_COUNT; f++) this.lenSum[f] = (this.lenSum[f] ?? 0) - (this.lens[slot * FIELD_COUNT + f] ?? 0);
    const cat = this.categoryCounts.get(doc.category);
    if (cat) cat.count--;
    this.docs[slot] = undefined;
    this.seqs.clear(slot);
    this.slotTerms.clear(slot);
    this.slotConcepts.clear(slot);
    this.breadth[slot] = 0;
    this.inEu[slot] = 0;
    if (this.avgDrifted()) this.normsStale = true;
  }

  /**
   * Ranks listings for a visitor query, in five steps (docs/search.md): read the query, weigh its words, gather
   * candidates from the posting lists under the filters, rescore the candidates by how much of the query each
   * covers, and explain the best ones. Hard constraints (price, named category) filter while scoring, so the
   * returned list is always the best `limit` listings that satisfy them.
   */
  search(query: string, options: SearchOptions = {}): SearchOutcome {
    const limit = Math.max(1, Math.min(200, options.limit ?? 12));
    this.refresh();
    const read = this.read(query, options.spelling ?? true);
    const pq = options.without ? setAside(read, options.without, this.matcher) : read;
    const words = this.weighWords(pq);
    const concepts = pq.concepts.slice(0, 32);
    const touched = this.touchedSlots.subarray(0, this.gather(words, concepts, this.filterFor(pq, options)));
    const candidates = topK(touched, this.acc, W.candidates);
    const aspects = this.aspectsOf(pq, words, concepts);
    const scored = this.rescore(candidates, pq, words, aspects, options.language);
    this.clearScratch(touched);
    scored.sort((a, b) => b.score - a.score);
    const floor = W.fitShare * Math.max(options.fitReference ?? 0, scored[0]?.score ?? 0);
    const fitting = scored.filter((entry) => entry.score >= floor);
    const topScores = fitting.slice(0, 10).map((entry) => entry.score);
    const shown = this.withoutStrays(fitting, concepts);
    return this.answer(shown.slice(0, limit), pq, chipsOf(read, this.matcher), words, concepts, aspects.total, {
      topScores,
      fitCount: shown.length,
      matchShare: fitting.length / Math.max(1, this.live),
    });
  }

  /**
   * The fitting hits without the strays: when the best hit serves a need the query names, a listing that serves none
   * of its needs is shown only if it scores at least `W.strayShare` of the best ("vocal remover" is not answered with
   * background removers that merely say "removal").
   */
  private withoutStrays(fitting: ScoredSlot[], concepts: readonly ActiveConcept[]): ScoredSlot[] {
    const needs = concepts.filter((ac) => this.matcher.concepts[ac.index]?.kind === 'task');
    if (needs.length === 0) return fitting;
    const serves = (entry: ScoredSlot) =>
      entry.generalistFor >= 0 || needs.some((ac) => this.slotConcepts.includes(entry.slot, ac.index));
    const best = fitting[0];
    if (!best || !serves(best)) return fitting;
    return fitting.filter((entry) => serves(entry) || entry.score >= W.strayShare * best.score);
  }

  /** The query with split, run-together and half-typed words repaired (see `word-repair.ts`). */
  repaired(query: string): string {
    return repairWords(words(query), this.vocabulary())
      .map((entry) => entry.word)
      .join(' ');
  }

  /** What the engine understands of a query (price, category, capabilities), without ranking anything. */
  understand(query: string): ParsedQuery {
    return this.read(query, true);
  }

  /**
   * `understandQuery` of this index as it is now, remembered for the last few queries: a reading depends only on the
   * query, the spelling setting and the index's words and categories, which every upsert or removal moves with
   * `version`. Callers never change a reading (`setAside` makes a new one).
   */
  private read(query: string, spelling: boolean): ParsedQuery {
    if (this.readingsVersion !== this.version) {
      this.readings.clear();
      this.readingsVersion = this.version;
    }
    const key = `${spelling ? 1 : 0}${query}`;
    let reading = this.readings.get(key);
    if (!reading) {
      reading = understandQuery(query, this.vocabulary(), this.matcher, this.knownCategories(), spelling);
      if (this.readings.size >= READINGS_KEPT) this.readings.delete(this.readings.keys().next().value as string);
      this.readings.set(key, reading);
    }
    return reading;
  }

  /** The kind of a lexicon concept ('task', 'platform', 'audience'). */
  conceptKind(concept: number): string | undefined {
    return this.matcher.concepts[concept]?.kind;
  }

  /** The lexicon id of a concept ("mobile"). */
  conceptId(concept: number): string {
    return this.matcher.concepts[concept]?.id ?? '';
  }

  /** The label of a lexicon concept ("browser extension"). */
  conceptLabel(concept: number): string {
    return this.matcher.concepts[concept]?.label ?? '';
  }

  /** True when the listing states this capability (or platform, audience) itself. */
  hasConcept(id: number, concept: number): boolean {
    const slot = this.idToSlot.get(id);
    return slot !== undefined && this.docs[slot] !== undefined && this.slotConcepts.includes(slot, concept);
  }

  /** The category names listings are in (with at least one live listing). */
  categoryNames(): string[] {
    return this.knownCategories().map((category) => category.name);
  }

  /**
   * The index's state for a snapshot, or null once a listing was replaced or removed (then slots are no longer the
   * build's: only the state of a full build is saved). Yields every `step` listings so a save lets the event loop turn.
   */
  *snapshotState(step = 2000): Generator<void, SearchIndexState | null> {
    const n = this.docs.length;
    if (this.live !== n || this.deadPostings > 0) return null;
    const ids = new Int32Array(n);
    const seqLength = new Int32Array(n);
    const termsLength = new Int32Array(n);
    const conceptsLength = new Int32Array(n);
    const breadth = new Float64Array(n);
    const inEu = new Uint8Array(n);
    let seqTotal = 0;
    let termsTotal = 0;
    let conceptsTotal = 0;
    for (let s = 0; s < n; s++) {
      ids[s] = (this.docs[s] as SearchDocument).id;
      seqTotal += seqLength[s] = this.seqs.length(s);
      termsTotal += termsLength[s] = this.slotTerms.length(s);
      conceptsTotal += conceptsLength[s] = this.slotConcepts.length(s);
      breadth[s] = this.breadth[s] as number;
      inEu[s] = this.inEu[s] as number;
    }
    const seq = new Int32Array(seqTotal);
    const slotTerms = new Int32Array(termsTotal);
    const concepts = new Int32Array(conceptsTotal);
    const conceptStart = new Int32Array(n);
    for (let s = 0, a = 0, b = 0, c = 0; s < n; s++) {
      seq.set(this.seqs.view(s), a);
      slotTerms.set(this.slotTerms.view(s), b);
      concepts.set(this.slotConcepts.view(s), c);
      conceptStart[s] = c;
      a += seqLength[s] as number;
      b += termsLength[s] as number;
      c += conceptsLength[s] as number;
      if (s % step === step - 1) yield;
    }
    const conceptEvs = new Float32Array(conceptsTotal);
    this.conceptPostings.forEach((cp, ci) => {
      for (let i = 0; i < cp.length; i++) {
        const slot = cp.slots[i] as number;
        const start = conceptStart[slot] as number;
        const at = concepts.subarray(start, start + (conceptsLength[slot] as number)).indexOf(ci);
        if (at >= 0) conceptEvs[start + at] = cp.evs[i] as number;
      }
    });
    const terms = this.termStems.length;
    const postingCounts = new Int32Array(terms);
    let postingTotal = 0;
    for (let t = 0; t < terms; t++) postingTotal += postingCounts[t] = this.postings[t]?.length ?? 0;
    const postingTfs = new Uint32Array(postingTotal);
    for (let t = 0, at = 0; t < terms; t++) {
      const pl = this.postings[t];
      if (!pl) continue;
      postingTfs.set(pl.tfs.subarray(0, pl.length), at);
      at += pl.length;
    }
    yield;
    const surfaceWords: string[] = [];
    const surfaceSize = this.surfaceIds.size;
    for (let id = 0; id < surfaceSize; id++) surfaceWords.push(this.surfaceIds.word(id));
    return {
      terms: [...this.termStems],
      surfaceWords,
      surfaceTerm: this.surfaceTerm.slice(0, surfaceSize),
      surfaceCount: this.surfaceCount.slice(0, surfaceSize),
      surfaceProse: this.surfaceProse.slice(0, surfaceSize),
      ids,
      seqLength,
      seq,
      termsLength,
      slotTerms,
      conceptsLength,
      concepts,
      conceptEvs,
      postingCounts,
      postingTfs,
      lens: this.lens.slice(0, n * FIELD_COUNT),
      breadth,
      inEu,
    };
  }

  /**
   * Makes this new, empty index the one `snapshotState` saved, for `docs` (the same listings, in slot order: throws
   * otherwise). The same state as a build of `docs`: the same term ids, postings in the same order, the same surface
   * words and typo index (added in the same order), so every answer is the same. Yields every `step` listings.
   */
  *restoreState(docs: readonly SearchDocument[], state: SearchIndexState, step = 2000): Generator<void> {
    const n = docs.length;
    if (this.docs.length > 0) throw new Error('index snapshot: the index is not empty');
    if (state.ids.length !== n || state.lens.length !== n * FIELD_COUNT || state.breadth.length !== n || state.inEu.length !== n)
      throw new Error('index snapshot: another catalogue');
    for (let s = 0; s < n; s++)
      if ((docs[s] as SearchDocument).id !== state.ids[s]) throw new Error('index snapshot: another catalogue');
    const sum = (a: Int32Array) => a.reduce((x, y) => x + y, 0);
    if (
      sum(state.seqLength) !== state.seq.length ||
      sum(state.termsLength) !== state.slotTerms.length ||
      sum(state.conceptsLength) !== state.concepts.length ||
      state.conceptEvs.length !== state.concepts.length ||
      state.postingCounts.length !== state.terms.length ||
      sum(state.postingCounts) !== state.postingTfs.length ||
      state.slotTerms.length !== state.postingTfs.length ||
      state.surfaceTerm.length !== state.surfaceWords.length ||
      state.surfaceCount.length !== state.surfaceWords.length ||
      state.surfaceProse.length !== state.surfaceWords.length
    )
      throw new Error('index snapshot: inconsistent lengths');
    const termCount = state.terms.length;
    const conceptCount = this.conceptPostings.length;
    for (const t of state.slotTerms) if (t < 0 || t >= termCount) throw new Error('index snapshot: unknown term');
    for (const t of state.seq) if (t < -1 || t >= termCount) throw new Error('index snapshot: unknown term');
    for (const c of state.concepts) if (c < 0 || c >= conceptCount) throw new Error('index snapshot: unknown concept');

    // The vocabulary: the lexicon's words come first in both, as the constructor added them.
    this.termIds.clear();
    this.termStems.length = 0;
    for (const stemmed of state.terms) this.termId(stemmed);
    if (this.termStems.length !== termCount) throw new Error('index snapshot: repeated term');
    this.surfaceIds.clear();
    this.surfaceRegistered = 0;
    this.growSurface(state.surfaceWords.length);
    for (let i = 0; i < state.surfaceWords.length; i++) {
      const w = state.surfaceWords[i] as string;
      if (this.surfaceIds.intern(w) !== i) throw new Error('index snapshot: repeated word');
      const token = fullToken(w);
      this.surfaceRegistered++;
      this.surfaceTerm[i] = state.surfaceTerm[i] as number;
      this.surfaceCount[i] = state.surfaceCount[i] as number;
      this.surfaceProse[i] = state.surfaceProse[i] as number;
      this.surfaceKey[i] = this.matcher.phraseKey(token.stem);
      this.surfaceStemKey[i] = this.matcher.stemKey(token.stem);
      this.surfaceFlags[i] = this.surfaceFlagsOf(token);
      // Words the constructor added from the lexicon are known already: the typo index keeps their first place.
      this.typos.add(w);
      if (i % (step * 10) === step * 10 - 1) yield;
    }

    this.ensureSlotCapacity(n);
    this.lens.set(state.lens);
    const categoryKeys = new Map<string, string>();
    // The snapshot's arrays hold the lists as they are.
    const seqChunk = this.seqs.adopt(state.seq);
    const termsChunk = this.slotTerms.adopt(state.slotTerms);
    const conceptsChunk = this.slotConcepts.adopt(state.concepts);
    this.breadth.set(state.breadth);
    this.inEu.set(state.inEu);
    for (let s = 0, a = 0, b = 0, c = 0; s < n; s++) {
      const doc = docs[s] as SearchDocument;
      const seqLength = state.seqLength[s] as number;
      const termsLength = state.termsLength[s] as number;
      const conceptsLength = state.conceptsLength[s] as number;
      const breadth = state.breadth[s] as number;
      this.docs.push(doc);
      this.seqs.place(s, seqChunk, a, seqLength);
      this.slotTerms.place(s, termsChunk, b, termsLength);
      this.slotConcepts.place(s, conceptsChunk, c, conceptsLength);
      for (let k = 0; k < conceptsLength; k++) {
        const cp = this.conceptPostings[state.concepts[c + k] as number] as ConceptPostings;
        cp.push(s, state.conceptEvs[c + k] as number);
        cp.df++;
      }
      a += seqLength;
      b += termsLength;
      c += conceptsLength;
      if (breadth > 0) this.generalists.add(s);
      this.alive[s] = 1;
      this.idToSlot.set(doc.id, s);
      this.pricing[s] = doc.pricingType ? PRICING_CODE[doc.pricingType] : 0;
      let categoryCode = this.categoryCodes.get(doc.category);
      if (categoryCode === undefined) {
        categoryCode = this.categoryCodes.size;
        this.categoryCodes.set(doc.category, categoryCode);
      }
      this.categoryOf[s] = categoryCode;
      this.prior[s] = listingPrior(doc);
      // A catalogue has a few dozen category names: each is normalised once, not once per listing.
      let catKey = categoryKeys.get(doc.category);
      if (catKey === undefined) {
        catKey = normalize(doc.category).trim();
        categoryKeys.set(doc.category, catKey);
      }
      const cat = this.categoryCounts.get(catKey);
      if (cat) cat.count++;
      else this.categoryCounts.set(catKey, { name: doc.category, count: 1 });
      for (let f = 0; f < FIELD_COUNT; f++) this.lenSum[f] = (this.lenSum[f] ?? 0) + (state.lens[s * FIELD_COUNT + f] as number);
      if (s % step === step - 1) yield;
    }

    // Postings: each term's slots in slot order, as the build pushed them, with the saved field frequencies.
    const starts = new Int32Array(termCount + 1);
    for (let t = 0; t < termCount; t++) starts[t + 1] = (starts[t] as number) + (state.postingCounts[t] as number);
    const slotsFlat = new Int32Array(state.postingTfs.length);
    const cursor = starts.slice(0, termCount);
    for (let s = 0, b = 0; s < n; s++) {
      const length = state.termsLength[s] as number;
      for (let k = 0; k < length; k++) {
        const t = state.slotTerms[b + k] as number;
        const at = cursor[t] as number;
        if (at >= (starts[t + 1] as number)) throw new Error('index snapshot: postings do not match the listings');
        slotsFlat[at] = s;
        cursor[t] = at + 1;
      }
      b += length;
    }
    this.postings = new Array(termCount);
    for (let t = 0; t < termCount; t++) {
      const count = state.postingCounts[t] as number;
      this.df[t] = count;
      if (count === 0) continue;
      const pl = new PostingList(0);
      pl.slots = slotsFlat.subarray(starts[t], starts[t + 1]);
      pl.tfs = state.postingTfs.subarray(starts[t], starts[t + 1]);
      pl.length = count;
      this.postings[t] = pl;
    }
    this.totalPostings = state.postingTfs.length;
    this.live = n;
    this.version = n;
    this.readingsVersion = -1;
    this.normsStale = true;
    this.categoriesCache = null;
  }

  // ───────────────────────────────────────────── internals ─────────────────────────────────────────────

  /**
   * Step 2: the query's words as weighted terms. A word a concept explains weighs less (the concept scores it, which
   * also protects against stemmer conflations: "integral" and "integrations" share a Porter stem); the concepts'
   * capability vocabulary and the catalogue's associations of specific words are added with small weights.
   */
  private weighWords(pq: ParsedQuery): WeightedWords {
    const n = Math.max(1, this.live);
    const words: WeightedWords = {
      weights: new Map(),
      ids: [],
      idf: [],
      expansions: new Set(),
      contentWords: 0,
      explainedWords: 0,
    };
    // In a story that names a task, the words no concept explains are mostly its setting ("moving to Lisbon next
    // spring for work"): they still count, but a listing that shares one of them is not thereby a fit.
    const story = pq.terms.length >= W.storyLength && pq.concepts.some((ac) => this.matcher.concepts[ac.index]?.kind === 'task');
    const settingWeight = story ? W.storyWord : 1;
    for (const t of pq.terms) {
      const id = this.termIds.get(t.stem);
      const known = id !== undefined && (this.df[id] ?? 0) > 0;
      words.contentWords++;
      const corrected = t.correctedFrom !== null && !t.respaced;
      words.explainedWords += corrected ? CONFIDENCE.correctedExplained : known || t.inConcept ? 1 : 0;
      if (id === undefined || !known || words.weights.has(id)) continue;
      const unexplainedWeight = t.subject ? W.subjectWord : settingWeight;
      words.weights.set(id, (corrected ? W.correctedTerm : 1) * (t.inConcept ? W.coveredTerm : unexplainedWeight));
      // Bit masks of 32 bits track which of the visitor's words each listing has.
      if (words.ids.length < 32) {
        words.ids.push(id);
        words.idf.push(idf(this.df[id] ?? 0, n));
      }
    }
    const addExpansion = (id: number, weight: number): void => {
      const current = words.weights.get(id);
      if (current === undefined || (!words.ids.includes(id) && current < weight)) {
        words.weights.set(id, weight);
        words.expansions.add(id);
      }
    };
    for (const ac of pq.concepts) {
      for (const s of this.matcher.termStems[ac.index] ?? []) {
        const id = this.termIds.get(s);
        if (id !== undefined && (this.df[id] ?? 0) > 0) addExpansion(id, W.conceptExpansion * ac.strength);
      }
    }
    const src = this.associationSource();
    for (const id of words.ids) {
      // Only specific words have meaningful neighbours; "new" or "work" would drag in noise.
      if ((this.df[id] ?? 0) > n * W.associationMaxDf) continue;
      for (const a of this.associations.associations(src, id, this.version, W.associationsPerWord))
        addExpansion(a.termId, W.association * a.strength);
    }
    return words;
  }

  /** The price, category and exclusion filters of this query, as a test on a slot that reads flat arrays only. */
  private filterFor(pq: ParsedQuery, options: SearchOptions): (slot: number) => boolean {
    const queryPricing = options.relax?.pricing ? null : pq.pricing;
    const pricingFilter =
      options.pricing && queryPricing
        ? options.pricing.filter((p) => queryPricing.includes(p))
        : (options.pricing ?? queryPricing);
    const allowed = pricingFilter ? new Set(pricingFilter.map((p) => PRICING_CODE[p])) : null;
    const category = options.category ?? (options.relax?.category ? null : pq.category);
    const excluded = options.exclude ?? new Set<number>();
    let pricingMask = 0;
    if (allowed) for (const code of allowed) pricingMask |= 1 << code;
    // An empty allowed set (the API's filter and the query's disagree) admits nothing.
    if (allowed && allowed.size === 0) pricingMask = 1;
    const categoryCode = category === null ? -1 : (this.categoryCodes.get(category) ?? -2);
    const alive = this.alive;
    const pricing = this.pricing;
    const categories = this.categoryOf;
    return (slot: number): boolean =>
      alive[slot] === 1 &&
      (pricingMask === 0 || (pricingMask & (1 << (pricing[slot] ?? 0))) !== 0) &&
      (categoryCode === -1 || categories[slot] === categoryCode) &&
      (excluded.size === 0 || !excluded.has(this.docs[slot]?.id ?? -1));
  }

  /**
   * Step 3: accumulates BM25F over the posting lists of the weighted words and concept evidence over the concepts'
   * postings, for the listings that pass the filters; returns how many slots it touched (in `touchedSlots`). General-purpose assistants are
   * credited, weakly, with the text tasks their listings do not name.
   */
  private gather(words: WeightedWords, concepts: readonly ActiveConcept[], passes: (slot: number) => boolean): number {
    const n = Math.max(1, this.live);
    const touched = this.touchedSlots;
    let touchedCount = 0;
    const touch = (slot: number): void => {
      if (this.touchedFlag[slot] === 0) {
        this.touchedFlag[slot] = 1;
        touched[touchedCount++] = slot;
      }
    };
    for (const [id, qw] of words.weights) {
      const pl = this.postings[id];
      if (!pl) continue;
      const w = qw * idf(this.df[id] ?? 0, n);
      const bit = words.ids.indexOf(id);
      const mask = bit >= 0 ? 1 << bit : 0;
      const { slots, length } = pl;
      const scores = pl.scores(this.norms);
      for (let i = 0; i < length; i++) {
        const slot = slots[i] ?? 0;
        if (!passes(slot)) continue;
        touch(slot);
        this.acc[slot] = (this.acc[slot] ?? 0) + w * (scores[i] as number);
        if (mask) this.termMask[slot] = (this.termMask[slot] ?? 0) | mask;
      }
    }
    concepts.forEach((ac, j) => {
      const cp = this.conceptPostings[ac.index];
      if (!cp) return;
      // When no listing names the capability, general-purpose assistants are all that can serve it.
      const cidf = Math.log(1 + n / Math.max(1, cp.df));
      const w = W.concept * ac.strength * cidf;
      for (let i = 0; i < cp.length; i++) {
        const slot = cp.slots[i] ?? 0;
        if (!passes(slot)) continue;
        touch(slot);
        this.acc[slot] = (this.acc[slot] ?? 0) + w * (cp.evs[i] ?? 0);
        this.conceptMask[slot] = (this.conceptMask[slot] ?? 0) | (1 << j);
      }
      if (!this.generalistTask[ac.index]) return;
      const full = (this.generalistShare[ac.index] ?? 0) >= 1;
      for (const slot of this.generalists) {
        if (!passes(slot)) continue;
        if (((this.conceptMask[slot] ?? 0) & (1 << j)) !== 0) {
          // A one-off letter or speech is what assistants do best, even when their listing names it only in passing.
          if (full) this.acc[slot] = (this.acc[slot] ?? 0) + w * W.generalistNamed * (this.breadth[slot] as number);
          continue;
        }
        touch(slot);
        this.acc[slot] =
          (this.acc[slot] ?? 0) + w * (this.generalistShare[ac.index] ?? W.generalist) * (this.breadth[slot] as number);
        this.generalMask[slot] = (this.generalMask[slot] ?? 0) | (1 << j);
      }
    });
    return touchedCount;
  }

  /** Step 4a: the aspects of the query a listing should cover: its concepts, and its words no concept explains. */
  private aspectsOf(pq: ParsedQuery, words: WeightedWords, concepts: readonly ActiveConcept[]): Aspects {
    const n = Math.max(1, this.live);
    const list: Aspects['list'] = [];
    const maxIdf = idf(0, n);
    concepts.forEach((ac, j) => {
      const soft = this.matcher.concepts[ac.index]?.kind !== 'task';
      const full = (this.generalistShare[ac.index] ?? 0) >= 1;
      list.push({
        kind: 'concept',
        bit: j,
        weight: ac.strength * (soft ? W.softAspect : 1),
        generalistCover: full ? 1 : W.generalistCoverage,
      });
    });
    for (const t of pq.terms) {
      if (t.inConcept) continue;
      const id = this.termIds.get(t.stem);
      if (id === undefined) continue;
      const bit = words.ids.indexOf(id);
      if (bit < 0 || list.some((a) => a.kind === 'term' && a.bit === bit)) continue;
      list.push({ kind: 'term', bit, weight: W.termAspect * ((words.idf[bit] ?? 0) / maxIdf), generalistCover: 0 });
    }
    const platformBits = concepts
      .map((ac, j) => (this.matcher.concepts[ac.index]?.kind === 'platform' ? j : -1))
      .filter((j) => j >= 0);
    const taskBits = concepts.map((ac, j) => (this.matcher.concepts[ac.index]?.kind === 'task' ? j : -1)).filter((j) => j >= 0);
    return { list, total: list.reduce((sum, a) => sum + a.weight, 0), platformBits, taskBits };
  }

  /**
   * Step 4b: rescoring. The gathered score (plus proximity) is scaled by how much of the query the listing covers,
   * then by the gentle prior and the query's preferences (platform, EU, low cost).
   */
  private rescore(
    candidates: number[],
    pq: ParsedQuery,
    words: WeightedWords,
    aspects: Aspects,
    language?: string,
  ): ScoredSlot[] {
    const scored: ScoredSlot[] = [];
    const languageWord = language ? new RegExp(`\\b${language}\\b`, 'i') : null;
    for (const slot of candidates) {
      const base = this.acc[slot] ?? 0;
      const tm = this.termMask[slot] ?? 0;
      const cm = this.conceptMask[slot] ?? 0;
      const gm = this.generalMask[slot] ?? 0;
      let got = 0;
      for (const a of aspects.list) {
        const m = a.kind === 'term' ? tm : cm;
        if (m & (1 << a.bit)) got += a.weight;
        else if (a.kind === 'concept' && gm & (1 << a.bit)) got += a.weight * a.generalistCover;
      }
      const coverage = aspects.total > 0 ? got / aspects.total : 0;
      const prox = this.proximity(slot, words.ids, words.idf);
      let score = (base + W.proximity * prox) * (W.coverageFloor + (1 - W.coverageFloor) * coverage);
      score *= 1 + W.prior * (this.prior[slot] ?? 0);
      // The preferences rank the apps that do the job; they never lift one that only shares the platform or the
      // price ("an offline code assistant" is not an offline text editor).
      const servesNeed = aspects.taskBits.length === 0 || aspects.taskBits.some((j) => (cm | gm) & (1 << j));
      if (servesNeed && aspects.platformBits.some((j) => cm & (1 << j))) score *= 1 + W.platform;
      if (servesNeed && pq.region === 'eu' && this.inEu[slot] === 1) score *= 1 + W.region;
      if (servesNeed && languageWord && this.statesLanguage(slot, languageWord)) score *= 1 + W.language;
      if (servesNeed && (pq.prefersLowCost || pq.noSignup)) {
        const p = this.pricing[slot];
        if (p === 1 || p === 2) score *= 1 + W.lowCost;
      }
      // The strongest need this listing serves only as a general-purpose assistant (concepts are strongest first).
      const generalOnly = gm & ~cm;
      const generalistFor = generalOnly === 0 ? -1 : 31 - Math.clz32(generalOnly & -generalOnly);
      scored.push({ slot, score, coverage, generalistFor });
    }
    return scored;
  }

  /** True when the listing names the language (a spell checker "for German and French"). */
  private statesLanguage(slot: number, word: RegExp): boolean {
    const doc = this.docs[slot];
    if (!doc) return false;
    return [doc.description, doc.longDescription ?? '', ...doc.features, ...doc.tags, ...doc.useCases].some((text) =>
      word.test(text),
    );
  }

  private clearScratch(touched: ArrayLike<number>): void {
    for (let at = 0; at < touched.length; at++) {
      const slot = touched[at] as number;
      this.acc[slot] = 0;
      this.termMask[slot] = 0;
      this.conceptMask[slot] = 0;
      this.generalMask[slot] = 0;
      this.touchedFlag[slot] = 0;
    }
  }

  /** Step 5: the answer: each hit with its grounded reason, the confidence and the reasoning sentence. */
  private answer(
    top: ScoredSlot[],
    pq: ParsedQuery,
    chips: QueryChip[],
    words: WeightedWords,
    concepts: readonly ActiveConcept[],
    aspectTotal: number,
    fit: { topScores: readonly number[]; fitCount: number; matchShare: number },
  ): SearchOutcome {
    const reasonQuery = {
      termStems: new Set(words.ids.map((id) => this.termStems[id] ?? '')),
      concepts: concepts.map((ac) => ({ index: ac.index, strength: ac.strength })),
      freeRequired: pq.pricing !== null,
    };
    const hits: SearchHit[] = top.map((h) => {
      const doc = this.docs[h.slot];
      const explained = doc
        ? explainMatch(doc, reasonQuery, this.matcher, this.generalistConcept(concepts, h.generalistFor))
        : null;
      return {
        id: doc?.id ?? -1,
        score: Math.round(h.score * 1000) / 1000,
        matchReason: explained?.text ?? '',
        evidence: explained?.evidence ?? [],
      };
    });
    const topSlot = top[0] && this.docs[top[0].slot] ? top[0].slot : -1;
    let taskStrength = 0;
    let missedStrength = 0;
    concepts.forEach((ac, j) => {
      if (this.matcher.concepts[ac.index]?.kind !== 'task') return;
      // A general-purpose assistant first for a task it does as well as a dedicated tool (recipes, letters) is
      // as sure an answer as a listing that names the task.
      const servedInFull = top[0]?.generalistFor === j && (this.generalistShare[ac.index] ?? 0) >= 1;
      if ((topSlot >= 0 && this.slotConcepts.includes(topSlot, ac.index)) || servedInFull)
        taskStrength = Math.max(taskStrength, ac.strength);
      else missedStrength = Math.max(missedStrength, ac.strength);
    });
    taskStrength = servedNeedStrength(taskStrength, missedStrength);
    // Only needs stated by a phrase (or more than once) make a story unfocused: a single word, or a phrase read as
    // its setting, is too often incidental ("…and she starts her *leave* in March").
    const needs = concepts.filter(
      (ac) => this.matcher.concepts[ac.index]?.kind === 'task' && ac.strength > QUERY_READING.wordStrength,
    ).length;
    const confidence = computeConfidence({
      knownAspectWeight: aspectTotal,
      contentWords: words.contentWords,
      explainedWords: words.explainedWords,
      topCoverages: top.slice(0, 3).map((h) => h.coverage),
      taskStrength,
      hitCount: top.length,
      needs,
      topScores: fit.topScores,
      fitCount: fit.fitCount,
      matchShare: fit.matchShare,
    });
    const goal = this.describeGoal(pq);
    const names = top.slice(0, 3).map((h) => this.docs[h.slot]?.name ?? '');
    return {
      hits,
      confidence,
      reasoning: buildReasoning(goal, pq, names, confidence, top.length),
      understood: { goal, constraints: pq.constraints, category: pq.category, pricing: pq.pricing, chips },
    };
  }

  /** Indexes `doc` in `slot` (its columns and lists); returns its breadth. */
  private indexDocument(doc: SearchDocument, slot: number): number {
    const fieldTexts: string[][] = [
      [doc.name],
      [doc.category],
      doc.tags.map((t) => t.replace(/[-_]/g, ' ')),
      doc.features,
      doc.useCases,
      [doc.description],
      doc.longDescription ? [doc.longDescription] : [],
    ];
    // The listing's words, in scratch arrays reused for every listing: per token (a boundary between texts) its
    // phrase key, stem key, flags and field, `seq` (term ids, -1 between texts) and `docTerms` (distinct term ids).
    let scanLength = 0;
    let seqLength = 0;
    // Per-term packed field frequencies of this listing, in scratch arrays indexed by term id (no per-term objects).
    let docTermCount = 0;
    // `MAY_BE_EU` of the words of the texts `isInEu` reads (tags, features, descriptions).
    let euWords = 0;
    for (let f = 0; f < FIELD_COUNT; f++) {
      const shift = f * 4;
      const prose = f !== 0 ? 1 : 0;
      const euMask = EU_FIELDS[f] === 1 ? MAY_BE_EU : 0;
      let len = 0;
      for (const text of fieldTexts[f] ?? []) {
        const count = this.surfaceIds.scan(normalize(text));
        const ids = this.surfaceIds.ids;
        // Words never seen first (in the order seen, as their ids and terms are given), so that no call grows the
        // columns the loop below reads from locals.
        for (let k = 0; k < count; k++) if (ids[k] === this.surfaceRegistered) this.registerSurface(ids[k] as number);
        this.growDocumentScratch(scanLength + count + 1);
        const { surfaceCount, surfaceProse, surfaceKey, surfaceStemKey, surfaceFlags, surfaceTerm, seenAt, tfScratch } = this;
        const { keysScratch, stemsScratch, flagsScratch, fieldScratch, seqScratch, docTermsScratch } = this;
        for (let k = 0; k < count; k++) {
          const word = ids[k] as number;
          surfaceCount[word] = (surfaceCount[word] as number) + 1;
          surfaceProse[word] = (surfaceProse[word] as number) + prose;
          keysScratch[scanLength] = surfaceKey[word] as number;
          stemsScratch[scanLength] = surfaceStemKey[word] as number;
          const flags = surfaceFlags[word] as number;
          flagsScratch[scanLength] = flags & TOKEN_FLAGS;
          euWords |= flags & euMask;
          fieldScratch[scanLength] = f;
          scanLength++;
          const id = surfaceTerm[word] as number;
          if (id < 0) continue;
          seqScratch[seqLength++] = id;
          if (seenAt[id] !== slot) {
            seenAt[id] = slot;
            tfScratch[id] = 0;
            docTermsScratch[docTermCount++] = id;
          }
          const packed = tfScratch[id] as number;
          if (((packed >>> shift) & 0xf) < 15) tfScratch[id] = packed + (1 << shift);
          len++;
        }
        this.seqScratch[seqLength++] = -1;
        this.keysScratch[scanLength] = -1;
        this.stemsScratch[scanLength] = -1;
        this.flagsScratch[scanLength] = TOKEN_BOUNDARY;
        this.fieldScratch[scanLength] = f;
        scanLength++;
      }
      this.lens[slot * FIELD_COUNT + f] = Math.min(65535, len);
      this.lenSum[f] = (this.lenSum[f] ?? 0) + len;
    }
    const fieldOf = this.fieldScratch;
    this.slotTerms.set(slot, this.docTermsScratch, docTermCount);
    const terms = this.docTermsScratch;
    const pending = this.pendingTfs;
    const { tfScratch, df } = this;
    if (pending) {
      // The listing's terms are kept (above): their scratch takes the packed frequencies, term by term, for `pending`.
      for (let k = 0; k < docTermCount; k++) {
        const id = terms[k] as number;
        terms[k] = tfScratch[id] as number;
        df[id] = (df[id] as number) + 1;
      }
      pending.set(slot, terms, docTermCount);
    } else {
      for (let k = 0; k < docTermCount; k++) {
        const id = terms[k] as number;
        let pl = this.postings[id];
        if (!pl) {
          pl = new PostingList();
          this.postings[id] = pl;
        }
        pl.push(slot, tfScratch[id] as number);
        df[id] = (df[id] as number) + 1;
      }
    }
    this.totalPostings += docTermCount;

    // Concept evidence: capability phrases the listing itself uses.
    // Per concept, in scratch arrays by concept index (a listing holds a few dozen hits, each read and written here):
    // the evidence summed over its hits, and the first one-word term's stem seen, or '' once a phrase or a second
    // different word grounds it; `order` lists the concepts in the order of their first hit.
    const raw = this.conceptRaw;
    const firstWord = this.conceptFirstWord;
    const order = this.conceptOrder;
    order.length = 0;
    const matcher = this.matcher;
    const stemsOf = this.stemsScratch;
    const hitCount = matcher.matchColumns(scanLength, { keys: this.keysScratch, stems: stemsOf, flags: this.flagsScratch }, true);
    const hitConcepts = matcher.hitConcepts;
    const hitLengths = matcher.hitLengths;
    for (let h = 0; h < hitCount; h++) {
      const first = matcher.hitFirst(h);
      // A verbatim phrase of stop words alone has no position: it counts in the field of the listing's first word.
      const f = fieldOf[first < 0 ? 0 : first] ?? 5;
      const ci = hitConcepts[h] as number;
      const phrase = (hitLengths[h] as number) > 1;
      const stem = phrase ? GROUNDED : (stemsOf[first] as number);
      const seen = firstWord[ci] as number;
      if (seen === UNSEEN) {
        order.push(ci);
        raw[ci] = 0;
        firstWord[ci] = stem;
      } else if (seen !== GROUNDED && seen !== stem) firstWord[ci] = GROUNDED;
      raw[ci] = (raw[ci] as number) + (LISTING_EVIDENCE.fieldWeight[f] ?? 1) * (phrase ? LISTING_EVIDENCE.phrase : 1);
    }
    // One common word alone ("languages" of a coding assistant) is incidental too often to rank as the capability.
    for (const ci of order) if (firstWord[ci] !== GROUNDED) raw[ci] = (raw[ci] as number) * LISTING_EVIDENCE.oneWord;
    // A capability tied to a medium counts only for a listing that names the medium (a video upscaler's "noise
    // reduction" is not photo enhancement).
    // The listing's stems (their keys: every required stem has one) are marked only for a listing that holds such a
    // concept (two of the lexicon's concepts).
    let marked = false;
    let kept = 0;
    for (const ci of order) {
      firstWord[ci] = UNSEEN;
      const required = matcher.requiredKeys[ci];
      if (required) {
        if (!marked) {
          marked = true;
          this.stemStamp++;
          for (let i = 0; i < scanLength; i++) {
            const key = stemsOf[i] as number;
            if (key >= 0) this.stemSeen[key] = this.stemStamp;
          }
        }
        if (!required.some((key) => this.stemSeen[key] === this.stemStamp)) continue;
      }
      order[kept++] = ci;
    }
    order.length = kept;
    const concepts = this.conceptScratch;
    let general = 0;
    let tasks = 0;
    let c = 0;
    for (const ci of order) {
      const r = raw[ci] as number;
      const ev = r / (r + LISTING_EVIDENCE.saturation);
      concepts[c++] = ci;
      if (ci === this.generalAssistantConcept) general = ev;
      if (this.generalistTask[ci] && ev > LISTING_EVIDENCE.breadthTask) tasks++;
      const cp = this.conceptPostings[ci];
      if (cp) {
        cp.push(slot, ev);
        cp.df++;
      }
    }

    this.pricing[slot] = doc.pricingType ? PRICING_CODE[doc.pricingType] : 0;
    let categoryCode = this.categoryCodes.get(doc.category);
    if (categoryCode === undefined) {
      categoryCode = this.categoryCodes.size;
      this.categoryCodes.set(doc.category, categoryCode);
    }
    this.categoryOf[slot] = categoryCode;
    this.prior[slot] = listingPrior(doc);

    const catKey = normalize(doc.category).trim();
    const cat = this.categoryCounts.get(catKey);
    if (cat) cat.count++;
    else this.categoryCounts.set(catKey, { name: doc.category, count: 1 });

    // Breadth: a listing classified as an assistant by its tags, that calls itself a general-purpose one and whose
    // text spans several text tasks (a BI tool with "a conversational assistant" inside is not one).
    const breadth = general > 0 && taggedAsAssistant(doc.tags) ? general * Math.min(1, tasks / LISTING_EVIDENCE.fullBreadth) : 0;
    this.slotConcepts.set(slot, concepts, kept);
    this.seqs.set(slot, this.seqScratch, seqLength);
    this.breadth[slot] = breadth;
    this.inEu[slot] = isInEu(doc, euWords !== 0) ? 1 : 0;
    return breadth;
  }

  private termId(s: string): number {
    let id = this.termIds.get(s);
    if (id === undefined) {
      id = this.termStems.length;
      this.termIds.set(s, id);
      this.termStems.push(s);
      if (id >= this.df.length) {
        const next = new Int32Array(this.df.length * 2);
        next.set(this.df);
        this.df = next;
        const seen = new Int32Array(next.length).fill(-1);
        seen.set(this.seenAt);
        this.seenAt = seen;
        const scratch = new Uint32Array(next.length);
        scratch.set(this.tfScratch);
        this.tfScratch = scratch;
      }
    }
    return id;
  }

  /** Counts one occurrence of a lexicon word (as prose). */
  private addSurface(w: string): void {
    const id = this.surfaceIds.intern(w);
    if (id === this.surfaceRegistered) this.registerSurface(id);
    this.surfaceCount[id] = (this.surfaceCount[id] as number) + 1;
    this.surfaceProse[id] = (this.surfaceProse[id] as number) + 1;
  }

  /**
   * Gives the new surface word `id` of `surfaceIds` its term, phrase key, stem key and flags (ids are dense and in the
   * order first seen, so it is the next one), with no occurrence counted yet.
   */
  private registerSurface(id: number): void {
    const w = this.surfaceIds.word(id);
    const token = fullToken(w);
    this.growSurface(id + 1);
    this.surfaceRegistered++;
    this.surfaceTerm[id] = token.stop ? -1 : this.termId(token.stem);
    this.surfaceKey[id] = this.matcher.phraseKey(token.stem);
    this.surfaceStemKey[id] = this.matcher.stemKey(token.stem);
    this.surfaceFlags[id] = this.surfaceFlagsOf(token);
    this.typos.add(w);
  }

  /** A surface word's `tokenFlags`, with `MAY_BE_EU` when it holds "eu" or "gdpr". */
  private surfaceFlagsOf(token: FullToken): number {
    const w = token.word;
    return this.matcher.tokenFlags(token) | (w.includes('eu') || w.includes('gdpr') ? MAY_BE_EU : 0);
  }

  private growSurface(n: number): void {
    if (n <= this.surfaceTerm.length) return;
    const cap = Math.max(n, this.surfaceTerm.length * 2);
    const grow = (a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> => {
      const b = new Int32Array(cap);
      b.set(a);
      return b;
    };
    this.surfaceTerm = grow(this.surfaceTerm);
    this.surfaceCount = grow(this.surfaceCount);
    this.surfaceProse = grow(this.surfaceProse);
    this.surfaceKey = grow(this.surfaceKey);
    this.surfaceStemKey = grow(this.surfaceStemKey);
    this.surfaceFlags = grow(this.surfaceFlags);
  }

  /** How often the surface word `w` occurs in the listings and the lexicon (0 when never). */
  private surfaceCountOf(w: string): number {
    const id = this.surfaceIds.idOf(w);
    return id < 0 ? 0 : (this.surfaceCount[id] as number);
  }

  /** Room in `indexDocument`'s scratch arrays for `n` tokens. */
  private growDocumentScratch(n: number): void {
    if (n <= this.keysScratch.length) return;
    const cap = Math.max(n, this.keysScratch.length * 2);
    const keys = new Int32Array(cap);
    keys.set(this.keysScratch);
    this.keysScratch = keys;
    const stems = new Int32Array(cap);
    stems.set(this.stemsScratch);
    this.stemsScratch = stems;
    const flags = new Uint8Array(cap);
    flags.set(this.flagsScratch);
    this.flagsScratch = flags;
    const fields = new Uint8Array(cap);
    fields.set(this.fieldScratch);
    this.fieldScratch = fields;
    const seq = new Int32Array(cap);
    seq.set(this.seqScratch);
    this.seqScratch = seq;
    const docTerms = new Int32Array(cap);
    docTerms.set(this.docTermsScratch);
    this.docTermsScratch = docTerms;
  }

  /**
   * Lays out the postings the constructor's listings left in `pendingTfs`: each term's, in listing order, in views
   * of two shared arrays (as `restoreState` does, but with room to grow); a later upsert moves a term's list to
   * arrays of its own once that room is used. The same postings in the same order as pushing them one by one.
   */
  private layOutPostings(): void {
    const pending = this.pendingTfs;
    if (!pending) return;
    this.pendingTfs = null;
    const termCount = this.termStems.length;
    const counts = new Int32Array(termCount);
    const lists = this.slotTerms;
    for (let s = 0; s < this.docs.length; s++) {
      const terms = lists.array(s);
      const end = lists.start(s) + lists.length(s);
      for (let k = lists.start(s); k < end; k++) {
        const t = terms[k] as number;
        counts[t] = (counts[t] as number) + 1;
      }
    }
    // Each term's list has room for a sixteenth more postings after its own: a later upsert adds a listing's few
    // hundred postings in place, where a list laid out to its exact length was copied whole (tens of thousands of
    // postings for a common word) the first time it grew.
    const starts = new Int32Array(termCount + 1);
    for (let t = 0; t < termCount; t++) {
      const count = counts[t] as number;
      starts[t + 1] = (starts[t] as number) + count + (count >> 4);
    }
    const slotsFlat = new Int32Array(starts[termCount] as number);
    const tfsFlat = new Uint32Array(starts[termCount] as number);
    const cursor = starts.slice(0, termCount);
    for (let s = 0; s < this.docs.length; s++) {
      const terms = lists.array(s);
      const start = lists.start(s);
      const end = start + lists.length(s);
      const tfs = pending.array(s);
      const tfsStart = pending.start(s) - start;
      for (let k = start; k < end; k++) {
        const t = terms[k] as number;
        const to = cursor[t] as number;
        slotsFlat[to] = s;
        tfsFlat[to] = tfs[tfsStart + k] as number;
        cursor[t] = to + 1;
      }
    }
    for (let t = 0; t < termCount; t++) {
      const from = starts[t] as number;
      const to = from + (counts[t] as number);
      if (from === to) continue;
      const pl = this.postings[t];
      if (pl && pl.length > 0) {
        for (let i = from; i < to; i++) pl.push(slotsFlat[i] as number, tfsFlat[i] as number);
        continue;
      }
      const laidOut = new PostingList(0);
      laidOut.slots = slotsFlat.subarray(from, starts[t + 1]);
      laidOut.tfs = tfsFlat.subarray(from, starts[t + 1]);
      laidOut.length = to - from;
      this.postings[t] = laidOut;
    }
  }

  private ensureSlotCapacity(n: number): void {
    if (n <= this.alive.length) return;
    const cap = Math.max(n, this.alive.length * 2);
    const grow8 = (a: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> => {
      const b = new Uint8Array(cap);
      b.set(a);
      return b;
    };
    const growF = (a: Float32Array<ArrayBuffer>): Float32Array<ArrayBuffer> => {
      const b = new Float32Array(cap);
      b.set(a);
      return b;
    };
    const growU32 = (a: Uint32Array<ArrayBuffer>): Uint32Array<ArrayBuffer> => {
      const b = new Uint32Array(cap);
      b.set(a);
      return b;
    };
    this.alive = grow8(this.alive);
    this.inEu = grow8(this.inEu);
    const breadth = new Float64Array(cap);
    breadth.set(this.breadth);
    this.breadth = breadth;
    this.pricing = grow8(this.pricing);
    const categoryOf = new Uint16Array(cap);
    categoryOf.set(this.categoryOf);
    this.categoryOf = categoryOf;
    this.touchedFlag = grow8(this.touchedFlag);
    this.touchedSlots = new Int32Array(cap);
    this.prior = growF(this.prior);
    this.acc = growF(this.acc);
    this.termMask = growU32(this.termMask);
    this.conceptMask = growU32(this.conceptMask);
    this.generalMask = growU32(this.generalMask);
    const l = new Uint16Array(cap * FIELD_COUNT);
    l.set(this.lens);
    this.lens = l;
  }

  private avgDrifted(): boolean {
    if (this.live === 0) return false;
    for (let f = 0; f < FIELD_COUNT; f++) {
      const avg = (this.lenSum[f] ?? 0) / this.live;
      const old = this.normAvg[f] ?? 0;
      if (Math.abs(avg - old) > 0.02 * Math.max(1, old)) return true;
    }
    return false;
  }

  /** Lazily recomputes length norms and compacts posting lists full of removed listings. */
  private refresh(): void {
    if (this.deadPostings > 0 && this.deadPostings > this.totalPostings * 0.25) {
      for (const pl of this.postings) if (pl) pl.compact(this.alive);
      for (const cp of this.conceptPostings) cp.compact(this.alive);
      this.totalPostings -= this.deadPostings;
      this.deadPostings = 0;
    }
    if (!this.normsStale) return;
    const live = Math.max(1, this.live);
    for (let f = 0; f < FIELD_COUNT; f++) this.normAvg[f] = (this.lenSum[f] ?? 0) / live;
    this.norms.ensure(this.docs.length);
    for (let s = 0; s < this.docs.length; s++) {
      if (this.alive[s] !== 1) continue;
      this.norms.set(s, this.lens.subarray(s * FIELD_COUNT, (s + 1) * FIELD_COUNT), this.normAvg);
    }
    this.normsStale = false;
  }

  private vocabulary(): Vocabulary {
    return {
      knows: (w) => this.surfaceIds.idOf(w) >= 0,
      hasStem: (s) => {
        const id = this.termIds.get(s);
        return id !== undefined && (this.df[id] ?? 0) > 0;
      },
      typos: this.typos,
      // Names are read by the name recogniser; a task query's word is never "corrected" into one.
      isProse: (w) => {
        const id = this.surfaceIds.idOf(w);
        return id >= 0 && (this.surfaceProse[id] as number) > 0;
      },
    };
  }

  private knownCategories(): KnownCategory[] {
    if (!this.categoriesCache) {
      this.categoriesCache = [...this.categoryCounts.values()]
        .filter((c) => c.count > 0)
        .map((c) => ({ name: c.name, stems: phraseStems(c.name) }))
        // Longer names first so "Customer Support" wins over a hypothetical "Support".
        .sort((a, b) => b.stems.length - a.stems.length);
    }
    return this.categoriesCache;
  }

  private associationSource(): AssociationSource {
    return {
      liveCount: this.live,
      documentFrequency: (t) => this.df[t] ?? 0,
      sampleSlots: (t, max) => {
        const pl = this.postings[t];
        const out: number[] = [];
        if (!pl) return out;
        // Evenly strided sample keeps the estimate unbiased by insertion order.
        const step = Math.max(1, Math.floor(pl.length / max));
        for (let i = 0; i < pl.length && out.length < max; i += step) {
          const slot = pl.slots[i] ?? 0;
          if (this.alive[slot] === 1) out.push(slot);
        }
        return out;
      },
      slotTerms: (slot) => this.slotTerms.view(slot),
    };
  }

  /** Sum of IDF-weighted bonuses for consecutive query words found next to each other in the listing. */
  private proximity(slot: number, origIds: number[], origIdf: number[]): number {
    if (origIds.length < 2) return 0;
    if (this.docs[slot] === undefined) return 0;
    // Only a listing holding two of the query's neighbouring words can earn a bonus (its term mask says which it holds).
    const tm = this.termMask[slot] ?? 0;
    if ((tm & (tm >>> 1)) === 0) return 0;
    const qpos = this.queryPositions(origIds);
    const seq = this.seqs.array(slot);
    const seqEnd = this.seqs.start(slot) + this.seqs.length(slot);
    let bonus = 0;
    // Pairs already credited, by their lower query position (< 32: the query's words are capped at 32).
    let found = 0;
    let prevQ = -1;
    let prev2Q = -1;
    for (let i = this.seqs.start(slot); i < seqEnd; i++) {
      const t = seq[i] ?? -1;
      const q = t >= 0 ? (qpos[t] ?? -1) : -1;
      if (q >= 0) {
        // The word before, then the one before it (a word may sit in between: "notes from meetings").
        for (let k = 0; k < 2; k++) {
          const p = k === 0 ? prevQ : prev2Q;
          if (p >= 0 && Math.abs(p - q) === 1) {
            const pair = 1 << Math.min(p, q);
            if ((found & pair) === 0) {
              found |= pair;
              bonus += ((origIdf[p] ?? 0) + (origIdf[q] ?? 0)) / 2;
            }
          }
        }
      }
      prev2Q = t < 0 ? -1 : prevQ;
      prevQ = q;
    }
    return bonus;
  }

  /**
   * Term id → the query position of that word (−1 elsewhere), for `proximity`: a scratch array filled for the query
   * once and reused for every candidate, instead of a map per candidate.
   */
  private queryPositions(origIds: number[]): Int32Array {
    if (this.qposFor !== origIds) {
      if (this.qpos.length < this.termStems.length)
        this.qpos = new Int32Array(Math.max(1024, this.termStems.length * 2)).fill(-1);
      for (const id of this.qposIds) this.qpos[id] = -1;
      origIds.forEach((id, i) => (this.qpos[id] = i));
      this.qposIds = origIds.slice();
      this.qposFor = origIds;
    }
    return this.qpos;
  }

  private generalistConcept(active: readonly { index: number }[], bit: number): number | null {
    if (bit < 0) return null;
    return active[bit]?.index ?? null;
  }

  private describeGoal(pq: ParsedQuery): string {
    const labels = pq.concepts
      .filter((c) => this.matcher.concepts[c.index]?.kind === 'task')
      .slice(0, 3)
      .map((c) => this.matcher.concepts[c.index]?.label ?? '');
    if (labels.length > 0) return labels.join(', ');
    return pq.terms.map((t) => t.word).join(' ');
  }
}

/** EU and EEA countries (and Switzerland, with an adequacy decision), as written at the end of a location. */
const EU_COUNTRIES: ReadonlySet<string> = new Set(
  (
    'austria,belgium,bulgaria,croatia,cyprus,czech republic,czechia,denmark,estonia,finland,france,germany,greece,hungary,' +
    'ireland,italy,latvia,lithuania,luxembourg,malta,netherlands,poland,portugal,romania,slovakia,slovenia,spain,sweden,' +
    'norway,iceland,liechtenstein,switzerland'
  ).split(','),
);
const EU_TEXT = /\b(gdpr|eu[\s-]hosted|hosted in the eu|eu data residency|european data centers?)\b/i;
/**
 * A surface word's flag (above `tokenFlags`' eight bits) when it holds "eu" or "gdpr". Every match of `EU_TEXT` holds
 * one of the two, and normalising keeps both (it only lower-cases ASCII letters, strips marks, apostrophes and "&"
 * around them, and the tags' "-" and "_" become spaces): a listing none of whose words in those texts holds either
 * cannot match, and `isInEu` skips the expression, which was run over 1.2 million texts of a 100,000-listing build.
 */
const MAY_BE_EU = 1 << 8;
/** The bits of `tokenFlags` (what the matcher reads of a surface word's flags). */
const TOKEN_FLAGS = 0xff;
/** Per field (see `FIELD_COUNT`'s order: name, category, tags, features, use cases, description, long description), 1 for the texts `isInEu` reads. */
const EU_FIELDS = Uint8Array.from([0, 0, 1, 1, 0, 1, 1]);

/**
 * True when a listing is made in the EU/EEA or says it complies with the GDPR or hosts data in the EU. `mayMatch`
 * false: no word of its tags, features or descriptions holds "eu" or "gdpr", so `EU_TEXT` matches none of them.
 */
function isInEu(doc: SearchDocument, mayMatch: boolean): boolean {
  const country = (doc.location ?? '').split(',').pop()?.trim().toLowerCase() ?? '';
  if (EU_COUNTRIES.has(country)) return true;
  if (!mayMatch) return false;
  return [doc.description, doc.longDescription ?? '', ...doc.features, ...doc.tags].some((text) => EU_TEXT.test(text));
}

/** The gentle popularity prior of a listing (visits, rating, saves and views: counters that change without an edit). */
function listingPrior(doc: SearchDocument): number {
  const P = LISTING_PRIOR;
  const pop = Math.min(1, Math.max(0, Math.log10(Math.max(0, doc.monthlyVisitors) + 1) / P.maxVisitorsLog10));
  const rating = doc.rating === null ? 0.5 : Math.min(1, Math.max(0, (doc.rating - P.ratingFloor) / P.ratingRange));
  const engagement = Math.min(1, Math.log10(1 + Math.max(0, doc.saveCount) * 5 + Math.max(0, doc.viewCount)) / 6);
  return P.popularity * pop + P.rating * rating + P.engagement * engagement;
}

function topK(slots: ArrayLike<number>, scores: Float32Array, k: number): number[] {
  if (slots.length <= k) return Array.from(slots);
  // Min-heap of the k best slots: O(n log k) without sorting every touched listing.
  const heap: number[] = [];
  const less = (a: number, b: number): boolean => (scores[a] ?? 0) < (scores[b] ?? 0);
  const siftDown = (i: number): void => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && less(heap[l] ?? 0, heap[m] ?? 0)) m = l;
      if (r < heap.length && less(heap[r] ?? 0, heap[m] ?? 0)) m = r;
      if (m === i) return;
      const t = heap[i] ?? 0;
      heap[i] = heap[m] ?? 0;
      heap[m] = t;
      i = m;
    }
  };
  // The smallest score in the heap once it is full: at catalogue scale most touched listings fall below it and are
  // passed over at one comparison.
  let floor = 0;
  for (let at = 0; at < slots.length; at++) {
    const s = slots[at] as number;
    if (heap.length < k) {
      heap.push(s);
      let i = heap.length - 1;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (!less(heap[i] ?? 0, heap[p] ?? 0)) break;
        const t = heap[i] ?? 0;
        heap[i] = heap[p] ?? 0;
        heap[p] = t;
        i = p;
      }
      if (heap.length === k) floor = scores[heap[0] ?? 0] ?? 0;
    } else if (floor < (scores[s] ?? 0)) {
      heap[0] = s;
      siftDown(0);
      floor = scores[heap[0] ?? 0] ?? 0;
    }
  }
  return heap;
}

function buildReasoning(goal: string, pq: ParsedQuery, names: string[], confidence: number, count: number): string {
  const what = goal ? `Understood you are looking for ${goal}` : 'Could not recognise a clear need in your request';
  const cons = pq.constraints.length > 0 ? ` (${pq.constraints.join('; ')})` : '';
  const readAs = new Map<string, string[]>();
  for (const t of pq.terms) if (t.correctedFrom) readAs.set(t.correctedFrom, [...(readAs.get(t.correctedFrom) ?? []), t.word]);
  const typo = [...readAs].map(([from, to]) => `“${from}” as “${to.join(' ')}”`);
  const typoNote = typo.length > 0 ? ` Read ${typo.join(', ')}.` : '';
  if (count === 0) return `${what}${cons}, but no app in the catalogue matches.${typoNote}`;
  const list = names.filter(Boolean);
  const shown = list.length > 1 ? `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}` : (list[0] ?? '');
  if (confidence < UNSURE_BELOW) {
    return `${what}${cons}. Nothing in the catalogue clearly fits; the closest partial matches are ${shown}.${typoNote}`;
  }
  return `${what}${cons}. Best fits: ${shown}.${typoNote}`;
}
