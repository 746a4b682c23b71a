import type { ReasonEvidence } from '@shared/schemas/search';
import { GENERALIST_TASKS, normaliseTag, taggedAsAssistant } from './concept-lexicon';
import { ConceptMatcher, TOKEN_BOUNDARY, type ScanToken } from './concept-matcher';
import type { PricingType, SearchDocument } from './search-index';
import { BufferTable, type TableView } from './buffer-table';
import { conceptQuotes, descriptionQuote, pricingQuote } from './evidence';
import { fullToken, normalize } from './tokenize';
import { TypedArena } from './typed-arena';
import { WordInterner } from './word-interner';
import { SIMILARITY } from './weights';

/** One app that can replace another one, with why. */
export interface SimilarApp {
  id: number;
  /** 0..1, higher is a closer substitute. */
  score: number;
  reason: string;
  /** The claims of `reason`, each with both listings' own words. */
  evidence: ReasonEvidence[];
}

/**
 * Kept lists, flat (what `keptLists` gives and a snapshot stores): per source app (`sources`, app ids) the number of
 * its entries (`lengths`), then the entries of every source end to end, best first: the substitutes' ids and their
 * exact scores. Four arrays instead of an object per entry (3.2 million at 100,000 apps).
 */
export interface KeptLists {
  sources: Int32Array;
  lengths: Int32Array;
  ids: Int32Array;
  scores: Float64Array;
}

/**
 * What is expensive to compute of the similarity model (decision 0025, whole-engine snapshot): each profile's
 * stems and their values from tokenising and matching its listing, its capabilities and its retrieval keys, in
 * profile order (`ids`); per-profile arrays are concatenated, with their lengths. Since session 13 also what keying
 * computed from the whole catalogue's rarities (key, tag and capability weights, BM25 query weights and saturation):
 * computing them again took most of a restore (8 of 11 s at 100,000 apps), and the snapshot is only loaded for the
 * very catalogue and code that computed them.
 */
export interface SimilarityState {
  stems: string[];
  ids: Int32Array;
  stemCount: Int32Array;
  termIds: Int32Array;
  termVals: Float32Array;
  weightVals: Float64Array;
  lexTf: Float32Array;
  lexLen: Int32Array;
  conceptCount: Int32Array;
  conceptOrder: Int32Array;
  conceptMain: Float64Array;
  conceptHas: Float64Array;
  conceptIds: Int32Array;
  conceptVals: Float32Array;
  breadth: Float64Array;
  keyCount: Int32Array;
  keys: Int32Array;
  /** Per profile, its stem keys sorted (the keys ≥ 0) with their weights (`REF.keyIds`, `REF.keyW`). */
  keyIds: Int32Array;
  keyW: Float64Array;
  /** Aligned with `conceptIds`: the capability keys' weights (`REF.ckeyW`). */
  ckeyW: Float64Array;
  /** Per profile, the number of its tags (a check) and their weights (`REF.tagWeights`). */
  tagCount: Int32Array;
  tagWeights: Float64Array;
  /** Aligned with `termIds`: `REF.lexQ` and `REF.lexSat`. */
  lexQ: Float64Array;
  lexSat: Float32Array;
  /** Per profile, `KEYED_SCALARS` numbers: tagTotal, keyTotal, ckeyTotal, textShare, lexSelf. */
  keyed: Float64Array;
}

/** Numbers per profile in `SimilarityState.keyed`. */
const KEYED_SCALARS = 5;

/** How many substitutes are kept per app (the page shows 24; the margin absorbs removals without a recompute). */
export const SIMILAR_KEPT = 32;
/** Values per stem in `AppSimilarity.dense`. */
const DENSE = 4;
/** Values per concept in `AppSimilarity.conceptDense`. */
const CONCEPT_DENSE = 2;
/**
 * A candidate's side of a scored pair, per slot in `AppSimilarity.cands`: for each of its arrays the index of the
 * buffer holding it in `AppSimilarity.table` and where it starts there (`REF`), then the arrays' lengths and the
 * numbers a pair reads. A pair reads one record and the table's shared views instead of the profile, its vectors, its
 * document and a dozen typed-array views, each a separate object in memory (decision 0025, session 15).
 */
const REF = {
  termIds: 0,
  termVals: 2,
  lexSat: 4,
  lexQ: 6,
  conceptIds: 8,
  conceptVals: 10,
  ckeyW: 12,
  keyIds: 14,
  keyW: 16,
  tagIds: 18,
  tagWeights: 20,
} as const;
const STEMS = 22;
const CONCEPTS = 23;
const KEYS = 24;
const TAGS = 25;
const KEY_TOTAL = 26;
const CKEY_TOTAL = 27;
const LEX_SELF = 28;
const TAG_TOTAL = 29;
const BREADTH = 30;
const PRIOR = 31;
const CATEGORY = 32;
const TRY_FREE = 33;
/** Numbers per slot in `AppSimilarity.cands`. */
const CAND = 34;
/**
 * Where a profile's arrays that a pair does not read are (as `REF`), per slot in `AppSimilarity.owned`: apart from
 * the pair's records, which stay 34 numbers (with these in them a pair's lists took 8% more time at 100,000 apps).
 */
const OWN = {
  lexTf: 0,
  weightVals: 2,
  conceptMain: 4,
  conceptHas: 6,
} as const;
/** Numbers per slot in `AppSimilarity.owned`. */
const OWNED = 8;
/** Below this many kept entries a list is recomputed on its next read (removals emptied it). */
const SIMILAR_MIN = 24;
const {
  profileTerms: PROFILE_TERMS,
  shortlist: SHORTLIST,
  retrievalCap: RETRIEVAL_CAP,
  tagRetrieval: TAG_RETRIEVAL,
  assistantsScored: ASSISTANTS_SCORED,
  mainFeatures: MAIN_FEATURES,
  fieldWeight: FIELD_WEIGHT,
  presenceWeight: PRESENCE_WEIGHT,
  shares: W,
  lexical: LEX,
} = SIMILARITY;

interface Profile {
  doc: SearchDocument;
  /** Dense index of the app, so retrieval accumulates into a typed array instead of a map per source. */
  slot: number;
  /**
   * The listing's capabilities (concept indexes) in the order the matcher found them. Their main-job weights and
   * saturated presences in (0, 1), aligned (`OWN.conceptMain`, `OWN.conceptHas`), and the main-job weight of each
   * stem of `vec.termIds` (what this app is for, used when it is a source: `OWN.weightVals`), as the stems' presences
   * and counts (`REF.termVals`, `OWN.lexTf`) and the capabilities' presences in id order (`REF.conceptVals`), are read
   * through the slot (`cands`, `owned`), not kept as views of their own (decision 0025, session 15, round 2). Arrays
   * rather than maps: 100,000 profiles meant 200,000 maps and a boxed number per entry for the collector to walk; the
   * order is the maps' insertion order, so every sum over them adds in the same order.
   */
  conceptOrder: Int32Array;
  /** How much the listing is a general-purpose assistant, in [0, 1]. */
  breadth: number;
  /** The listing's tags, normalised (case, hyphens and spaces), matched whole, each once, in the listing's order. */
  tags: string[];
  /** Source side: the sum of the tags' weights (each tag's rarity when the keys were chosen, by its place). */
  tagTotal: number;
  /**
   * The same tags as interned ids in `tags` order: a pair's tag coverage compares a few numbers instead of hashing
   * strings. Their weights, as every array computed when the profile is keyed, are read through its record (`REF`).
   */
  tagIds: Int32Array;
  /** Interned category, compared per scored pair. */
  categoryCode: number;
  prior: number;
  /**
   * The source's retrieval keys, chosen with the document frequencies at compute time: its strongest stems (stem
   * ids, ≥ 0) and its capabilities (concept c as -1 - c). Numbers, not strings: the driver index is built for
   * every app on a rebuild.
   */
  keys: number[];
  /** True once `setKeys` has registered the profile as a driver (of its keys and tags). */
  keyed: boolean;
  /** The same facts as sorted numeric vectors, so one pair scores in a merge of short arrays. */
  vec: ProfileVectors;
}

interface ProfileVectors {
  termIds: Int32Array;
  conceptIds: Int32Array;
  /**
   * Source side: the sums of the key stems' weights (main-job weight × rarity, fixed when the keys are chosen) and
   * of the capabilities' (`REF.ckeyW`, aligned with `conceptIds`). The keyed arrays themselves (key stems and
   * weights, capability and tag weights, `lexQ`, `lexSat`) are read through the profile's record by slot, not kept
   * as views: six typed-array objects fewer per profile for the collector to copy and hold (decision 0025, session
   * 15, round 2).
   */
  keyTotal: number;
  ckeyTotal: number;
  /**
   * Lexical "more like this" side: the stems (those of `termIds`) and the listing's length; their raw counts over
   * the whole listing (name excluded) are `OWN.lexTf`.
   */
  lexIds: Int32Array;
  lexLen: number;
  /**
   * Source side: the BM25 of the listing against itself (its stems' query weights, count × rarity, `REF.lexQ`, against
   * their saturated, length-normalised frequencies, `REF.lexSat`).
   */
  lexSelf: number;
  /** Source side: the share of its capability weight (`ckeyW`) in text tasks a general assistant can partly do. */
  textShare: number;
}

/** What keying computes as arrays (see `ProfileVectors`): kept only where the profile's record points. */
interface KeyedArrays {
  keyIds: Int32Array;
  keyW: Float64Array;
  /** Aligned with `conceptIds`. */
  ckeyW: Float64Array;
  /** Aligned with `tags`. */
  tagWeights: Float64Array;
  /** Aligned with `termIds`. */
  lexQ: Float64Array;
  lexSat: Float32Array;
}

/** A profile's arrays read through its record alone (see `Profile`), aligned with `termIds` or `conceptIds`. */
interface OwnArrays {
  termVals: Float32Array;
  weightVals: Float64Array;
  lexTf: Float32Array;
  conceptVals: Float32Array;
  /** Aligned with `conceptOrder`. */
  conceptMain: Float64Array;
  conceptHas: Float64Array;
}

const NO_IDS = new Int32Array(0);

/**
 * Zero, as the initial value of a field that will hold fractions. V8 gives an object literal's fields the kind of
 * their first values: a `0` written there is a small integer, and the first fraction stored changes the field's kind,
 * which V8 does by giving the object a new shape and deprecating the old one. The literal keeps making objects of
 * the old shape, so every profile changed shape when it was first weighed, and the property caches of `setKeys` were
 * reset once per profile: V8 never optimised it (its numbers boxed, a third of a build's allocations; decision 0025,
 * session 17). −0 is stored as a double from the start and equals 0 in every comparison and sum it enters.
 */
const DOUBLE_ZERO = -0;

/** A profile's vectors before they are filled (totals are set when the profile is keyed). */
function emptyVectors(): ProfileVectors {
  return {
    termIds: NO_IDS,
    conceptIds: NO_IDS,
    keyTotal: DOUBLE_ZERO,
    ckeyTotal: DOUBLE_ZERO,
    lexIds: NO_IDS,
    lexLen: 0,
    lexSelf: DOUBLE_ZERO,
    textShare: DOUBLE_ZERO,
  };
}

/** Sorted id → value arrays of distinct ids and their values, carved from `arena`. */
function sortedVector(
  keys: ArrayLike<number>,
  values: ArrayLike<number>,
  arena: TypedArena,
): { ids: Int32Array; vals: Float64Array } {
  const order = sortedOrder(keys);
  const ids = arena.i32(keys.length);
  const vals = arena.f64(keys.length);
  for (let i = 0; i < order.length; i++) {
    ids[i] = keys[order[i] as number] as number;
    vals[i] = values[order[i] as number] as number;
  }
  return { ids, vals };
}

/** The positions of distinct `keys` in increasing order of key. */
function sortedOrder(keys: ArrayLike<number>): number[] {
  const order: number[] = new Array(keys.length);
  // By insertion: a profile's capabilities or key stems are a few dozen, where a sort through a comparator (and its
  // copy of the array) cost more than the comparisons; distinct keys have one order, so it is the sort's.
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as number;
    let at = i;
    while (at > 0 && (keys[order[at - 1] as number] as number) > key) {
      order[at] = order[at - 1] as number;
      at--;
    }
    order[at] = i;
  }
  return order;
}

/**
 * Puts `id` and `value` at `at` of the `length` best kept so far (at most `cap`), moving the later ones down (the last
 * falls off when full); returns the new length. A loop, not `copyWithin`: a few numbers move, where the built-in's
 * call cost more.
 */
function insertKept(
  ids: Int32Array,
  values: Float64Array,
  length: number,
  cap: number,
  at: number,
  id: number,
  value: number,
): number {
  const kept = Math.min(length + 1, cap);
  for (let k = kept - 1; k > at; k--) {
    ids[k] = ids[k - 1] as number;
    values[k] = values[k - 1] as number;
  }
  ids[at] = id;
  values[at] = value;
  return kept;
}

/** The value aligned with `key` (values from `valuesAt`) in a short unsorted list of distinct keys (0 when absent). */
function valueOf(keys: Int32Array, values: Float64Array, valuesAt: number, key: number): number {
  for (let i = 0; i < keys.length; i++) if (keys[i] === key) return values[valuesAt + i] as number;
  return 0;
}

/**
 * The share of one listing's tags (`own`, by rarity: `weights`, summing to `total`) that another has too (`theirs`);
 * each array from its start index, as `AppSimilarity.score` reads them from profiles and candidate records.
 */
function tagCoverage(
  own: Int32Array,
  ownAt: number,
  weights: Float64Array,
  weightsAt: number,
  count: number,
  total: number,
  theirs: Int32Array,
  theirsAt: number,
  theirCount: number,
): number {
  if (total === 0) return 0;
  let got = 0;
  for (let i = 0; i < count; i++) {
    const tag = own[ownAt + i] as number;
    // A listing has a handful of tags: a scan beats a set.
    for (let j = 0; j < theirCount; j++) {
      if (theirs[theirsAt + j] === tag) {
        got += weights[weightsAt + i] as number;
        break;
      }
    }
  }
  return got / total;
}

/**
 * The share of one listing's weighted capabilities (sorted `keys` with weights `keyW`, summing to `total`) that
 * another holds (sorted `ids` with presences `vals`; a general assistant of `breadth` partly holds every text task);
 * each array from its start index, as `tagCoverage`.
 */
function conceptCoverage(
  keys: Int32Array,
  keysAt: number,
  keyW: Float64Array,
  keyWAt: number,
  count: number,
  total: number,
  ids: Int32Array,
  idsAt: number,
  vals: Float32Array,
  valsAt: number,
  idCount: number,
  breadth: number,
  generalistTask: readonly boolean[],
): number {
  let got = 0;
  let j = 0;
  for (let i = 0; i < count; i++) {
    const x = keys[keysAt + i] as number;
    while (j < idCount && (ids[idsAt + j] as number) < x) j++;
    let has = j < idCount && ids[idsAt + j] === x ? (vals[valsAt + j] as number) : 0;
    if (has === 0 && generalistTask[x]) has = W.generalist * breadth;
    got += (keyW[keyWAt + i] as number) * has;
  }
  return total > 0 ? got / total : 0;
}

const sharedMatcher = new ConceptMatcher();

/**
 * The app-to-app similarity model: for every app, the apps that can replace it for its main job, ranked by how
 * much of the source's profile (main-job words and capabilities, weighted by where the listing states them) each
 * candidate covers. Directional by construction: a broad assistant covers a narrow tool's job, not the reverse.
 * Lists are kept up to date incrementally: an inverted index from stems and capabilities to the apps that hold
 * them, and from stems to the sources whose lists they drive, bounds the work of one change.
 */
export class AppSimilarity {
  private readonly matcher = sharedMatcher;
  private readonly profiles = new Map<number, Profile>();
  /** Where the profiles' typed arrays are carved from (a new one per rebuild, so the old profiles' chunks can go). */
  private arena = new TypedArena();
  /** The buffers of the candidates' arrays (a new one per rebuild and restore, as the arena), and the records. */
  private table = new BufferTable();
  private cands = new Float64Array(0);
  /** Per slot, where the profile's arrays that a pair does not read are (`OWN`). */
  private owned = new Float64Array(0);
  /**
   * Stem id → slots of the apps whose listing holds it, in the order they were added. Arrays, not sets: a rebuild
   * adds some 150 stems per app, and a removal (one app's stems) can afford the scan.
   */
  private holders: (number[] | undefined)[] = [];
  /** Concept → slots of the apps whose listing holds it. */
  private readonly conceptHolders = new Map<number, number[]>();
  /** Tag → slots of the apps carrying it (how many: its rarity). */
  private readonly tagHolders = new Map<string, number[]>();
  /** Tag → sources whose list it drives (each source's own tags). */
  private readonly tagDrivers = new Map<string, number[]>();
  /** Slot → app id (-1 when free), the free slots, and the retrieval accumulator indexed by slot. */
  private slotIds: number[] = [];
  /** Slot → profile, so scoring a shortlist of slots looks nothing up by id. */
  private slotProfiles: (Profile | undefined)[] = [];
  private freeSlots: number[] = [];
  private accumulator = new Float64Array(0);
  /** `shortlist`'s scratch: the slots `accumulate` touched for the first time, in order, and their number. */
  private touchedSlots = new Int32Array(1024);
  private touchedCount = 0;
  /** Retrieval key (see `Profile.keys`) → sources whose list is driven by it. */
  private readonly drivers = new Map<number, number[]>();
  /** Slots of the general-purpose assistants. */
  private readonly generalists = new Set<number>();
  /** Ids of the broadest general-purpose assistants, broadest first (recomputed after a change to `generalists`). */
  private broadest: number[] | null = null;
  /**
   * Kept lists without reasons (a reason is written when a list is read, not for every list computed), by the
   * source's slot: `SIMILAR_KEPT` places per slot for the substitutes' ids and exact scores, best first, and the
   * number kept (-1: no list). Typed arrays rather than an object per entry: at 100,000 apps 3.2 million objects
   * with a boxed score each were ≈ 180 MB for the collector to walk, these are 38 MB it never looks into. Which lists
   * hold an app is found by a scan when the app is removed (a few milliseconds) rather than kept in a map of arrays.
   */
  private listIds = new Int32Array(0);
  private listScores = new Float64Array(0);
  private listLength = new Int8Array(0);
  /** Scratch of `best` and `keysOf`: the slots or stems kept so far, and the stems' values. */
  private readonly bestSlots = new Int32Array(Math.max(SHORTLIST, PROFILE_TERMS));
  private readonly bestValues = new Float64Array(PROFILE_TERMS);
  /** Scratch of `computeList`: the best scored candidates so far, their ids and scores. */
  private readonly keptIds = new Int32Array(SIMILAR_KEPT);
  private readonly keptScores = new Float64Array(SIMILAR_KEPT);
  private readonly dirty = new Set<number>();
  private readonly generalistTask: boolean[];
  private readonly generalAssistant: number;
  private readonly stemIds = new Map<string, number>();
  private readonly stemNames: string[] = [];
  /**
   * The listings' words, read from their text without a string per word, and by a word's id its token and stem id
   * (-1 for stop words and numbers): one lookup per word of a listing instead of three (token cache, number test,
   * stem id). A `Map` keyed by each word's new string was a tenth of a 100,000-app build (decision 0025, session 15).
   * Grows like `stemIds`, with the vocabulary.
   */
  private readonly words = new WordInterner();
  private readonly wordTokens: ScanToken[] = [];
  private readonly wordStems: number[] = [];
  /** By a word's id, the matcher's columns of its token (`TokenColumns`: phrase key, stem key, flags). */
  private readonly wordKeys: number[] = [];
  private readonly wordStemKeys: number[] = [];
  private readonly wordFlags: number[] = [];
  /**
   * The listing being profiled (`readText`): its tokens, as the matcher's columns, with each token's field values
   * (`w` and `has`), its length in tokens, its stems in order of first use and their count (the listing's length).
   */
  private readonly scanTokens: ScanToken[] = [];
  private scanColumns = {
    keys: new Int32Array(1024),
    stems: new Int32Array(1024),
    flags: new Uint8Array(1024),
    weight: new Float64Array(1024),
    has: new Float64Array(1024),
  };
  private scanLength = 0;
  private readonly docStems: number[] = [];
  private docLength = 0;
  /** By concept: the listing that last held it (`scratchMark`), its sums there, and the concepts in order of first hit. */
  private readonly conceptScratch: { seen: Int32Array; raw: Float64Array; has: Float64Array; order: Int32Array };
  private readonly tagIdOf = new Map<string, number>();
  private readonly categoryCodes = new Map<string, number>();
  /** The source whose values are scattered in `dense` (see `prepare`). */
  private prepared: Profile | null = null;
  /**
   * The prepared source's values by stem id, interleaved (`DENSE` per stem: key weight, lexical query weight,
   * lexical saturation, presence) so a candidate's stem reads one cache line rather than four arrays.
   */
  private dense = new Float64Array(0);
  /**
   * The prepared source's capabilities by concept, interleaved (`CONCEPT_DENSE` per concept): its capability key's
   * weight (0 when it has none), and what a candidate's capability finds in it: its presence there, or for a text
   * task it does not state, the share a general assistant of its breadth holds (`conceptCoverage`'s `has`).
   */
  private readonly conceptDense: Float64Array;
  /** The concepts a general-purpose assistant partly does (`generalistTask`), as a list. */
  private readonly generalistConcepts: number[] = [];
  /** Building scratch indexed by stem id: the listing that last used the stem (`scratchMark`) and its sums there. */
  private scratch = {
    seen: new Int32Array(1024),
    presence: new Float64Array(1024),
    weight: new Float64Array(1024),
    tf: new Float64Array(1024),
  };
  private scratchMark = 0;
  /**
   * The stems' and concepts' rarities (`idfById`, `conceptIdf`) computed for `idfN` profiles, NaN where not yet
   * asked: while the holders do not change (the keys and lists of a build, the scoring of an update) each is one
   * logarithm instead of one per profile and stem (15 million at 100,000 apps). Forgotten whenever the holders change.
   */
  private idfStems = new Float64Array(0);
  private readonly idfConcepts: Float64Array;
  private idfN = -1;
  /** Sum of listing lengths, for BM25's average length. */
  private totalLen = 0;

  constructor(docs?: Iterable<SearchDocument>) {
    this.generalistTask = this.matcher.concepts.map((entry) => GENERALIST_TASKS.has(entry.id));
    this.generalistTask.forEach((task, concept) => {
      if (task) this.generalistConcepts.push(concept);
    });
    this.conceptDense = new Float64Array(this.matcher.concepts.length * CONCEPT_DENSE);
    this.idfConcepts = new Float64Array(this.matcher.concepts.length);
    const concepts = this.matcher.concepts.length;
    this.conceptScratch = {
      seen: new Int32Array(concepts),
      raw: new Float64Array(concepts),
      has: new Float64Array(concepts),
      order: new Int32Array(concepts),
    };
    this.generalAssistant = this.matcher.conceptIndex('general-assistant');
    if (docs) this.rebuild(docs);
  }

  get size(): number {
    return this.profiles.size;
  }

  /** Replaces every app and recomputes every list. */
  rebuild(docs: Iterable<SearchDocument>): void {
    for (const _ of this.rebuildSteps(docs)) continue;
  }

  /**
   * `rebuild` in steps of about `step` apps, so a caller can let other work run between them (a large catalogue
   * takes seconds). Lists found in `kept` (a snapshot of the same catalogue, see `keptLists`) are taken as they
   * are instead of computed; a list naming an app that is not in `docs` is computed.
   */
  *rebuildSteps(docs: Iterable<SearchDocument>, kept?: KeptLists, step = 2000): Generator<void> {
    // The prepared source is cleared through the table's views: before the table is replaced.
    this.unprepare();
    this.forgetIdf(-1);
    this.holders = [];
    this.arena = new TypedArena();
    this.table = new BufferTable();
    for (const map of [this.profiles, this.conceptHolders, this.drivers, this.tagHolders, this.tagDrivers] as Map<
      unknown,
      unknown
    >[])
      map.clear();
    this.listLength.fill(-1);
    this.generalists.clear();
    this.broadest = null;
    this.slotIds = [];
    this.slotProfiles = [];
    this.freeSlots = [];
    this.dirty.clear();
    this.totalLen = 0;
    let done = 0;
    for (const doc of docs) {
      this.addProfile(doc);
      if (++done % step === 0) yield;
    }
    // Retrieval keys depend on document frequencies, so they are chosen once the whole catalogue is in.
    for (const profile of this.profiles.values()) {
      this.setKeys(profile);
      if (++done % step === 0) yield;
    }
    yield* this.listsSteps(kept, done, step);
  }

  /** Every profile's list: taken from `kept` when it names only apps of the model, computed otherwise. */
  private *listsSteps(kept: KeptLists | undefined, done: number, step: number): Generator<void> {
    const found = kept ? keptIndex(kept) : null;
    // Sources that share their strongest keys share most of their candidates: computed one after the other, those
    // candidates' arrays are still in the processor's cache. Each list depends on its source alone, so the order
    // changes the time, not the lists.
    const order = [...this.profiles.values()];
    order.sort((a, b) => (a.keys[0] ?? 0) - (b.keys[0] ?? 0) || (a.keys[1] ?? 0) - (b.keys[1] ?? 0) || a.slot - b.slot);
    for (const profile of order) {
      const source = found?.sourceOf.get(profile.doc.id);
      const restored =
        kept !== undefined && found !== null && source !== undefined && this.takeList(profile.slot, kept, source, found.starts);
      if (!restored) this.computeList(profile);
      if (++done % (restored ? step * 10 : step) === 0) yield;
    }
  }

  /** Stores the list of `kept`'s `source` as the list of `slot`, unless it names an app the model does not hold. */
  private takeList(slot: number, kept: KeptLists, source: number, starts: Float64Array): boolean {
    const start = starts[source] as number;
    const length = kept.lengths[source] as number;
    for (let k = 0; k < length; k++) if (!this.profiles.has(kept.ids[start + k] as number)) return false;
    this.reserveLists(slot);
    const base = slot * SIMILAR_KEPT;
    this.listIds.set(kept.ids.subarray(start, start + length), base);
    this.listScores.set(kept.scores.subarray(start, start + length), base);
    this.listLength[slot] = length;
    return true;
  }

  /** Makes room in the list store for `slot` (new places hold no list). */
  private reserveLists(slot: number): void {
    if (slot < this.listLength.length) return;
    const slots = Math.max(slot + 1, this.listLength.length * 2, 64);
    const ids = new Int32Array(slots * SIMILAR_KEPT);
    const scores = new Float64Array(slots * SIMILAR_KEPT);
    const length = new Int8Array(slots).fill(-1);
    ids.set(this.listIds);
    scores.set(this.listScores);
    length.set(this.listLength);
    this.listIds = ids;
    this.listScores = scores;
    this.listLength = length;
  }

  /** The ids of a listing's normalised tags (new tags get the next id), in an array carved from `arena`. */
  private internTags(tags: readonly string[], arena: TypedArena): Int32Array {
    const tagIds = arena.i32(tags.length);
    tags.forEach((tag, i) => {
      let id = this.tagIdOf.get(tag);
      if (id === undefined) {
        id = this.tagIdOf.size;
        this.tagIdOf.set(tag, id);
      }
      tagIds[i] = id;
    });
    return tagIds;
  }

  /** The code of a category name (a new name gets the next code). */
  private internCategory(category: string): number {
    let code = this.categoryCodes.get(category);
    if (code === undefined) {
      code = this.categoryCodes.size;
      this.categoryCodes.set(category, code);
    }
    return code;
  }
  /**
   * The model's state for a snapshot, or null once an app was replaced or removed (only a full build's state is
   * saved: its slots are the profiles' order). Yields every `step` profiles.
   */
  *snapshotState(step = 2000): Generator<void, SimilarityState | null> {
    const n = this.profiles.size;
    if (this.slotIds.length !== n || this.freeSlots.length > 0 || this.dirty.size > 0) return null;
    const ids = new Int32Array(n);
    const stemCount = new Int32Array(n);
    const lexLen = new Int32Array(n);
    const conceptCount = new Int32Array(n);
    const breadth = new Float64Array(n);
    const keyCount = new Int32Array(n);
    const tagCount = new Int32Array(n);
    let stems = 0;
    let concepts = 0;
    let keys = 0;
    let stemKeys = 0;
    let tags = 0;
    let slot = 0;
    for (const profile of this.profiles.values()) {
      if (profile.slot !== slot || !profile.keyed) return null;
      ids[slot] = profile.doc.id;
      stemCount[slot] = profile.vec.termIds.length;
      lexLen[slot] = profile.vec.lexLen;
      conceptCount[slot] = profile.conceptOrder.length;
      breadth[slot] = profile.breadth;
      keyCount[slot] = profile.keys.length;
      tagCount[slot] = profile.tags.length;
      stems += profile.vec.termIds.length;
      concepts += profile.conceptOrder.length;
      keys += profile.keys.length;
      stemKeys += this.cands[slot * CAND + KEYS] as number;
      tags += profile.tags.length;
      slot++;
    }
    const state: SimilarityState = {
      stems: [...this.stemNames],
      ids,
      stemCount,
      termIds: new Int32Array(stems),
      termVals: new Float32Array(stems),
      weightVals: new Float64Array(stems),
      lexTf: new Float32Array(stems),
      lexLen,
      conceptCount,
      conceptOrder: new Int32Array(concepts),
      conceptMain: new Float64Array(concepts),
      conceptHas: new Float64Array(concepts),
      conceptIds: new Int32Array(concepts),
      conceptVals: new Float32Array(concepts),
      breadth,
      keyCount,
      keys: new Int32Array(keys),
      keyIds: new Int32Array(stemKeys),
      keyW: new Float64Array(stemKeys),
      ckeyW: new Float64Array(concepts),
      tagCount,
      tagWeights: new Float64Array(tags),
      lexQ: new Float64Array(stems),
      lexSat: new Float32Array(stems),
      keyed: new Float64Array(n * KEYED_SCALARS),
    };
    let a = 0;
    let c = 0;
    let k = 0;
    let sk = 0;
    let t = 0;
    slot = 0;
    for (const profile of this.profiles.values()) {
      const v = profile.vec;
      const stems = v.termIds.length;
      const concepts = profile.conceptOrder.length;
      state.termIds.set(v.termIds, a);
      state.conceptOrder.set(profile.conceptOrder, c);
      state.conceptIds.set(v.conceptIds, c);
      state.keys.set(profile.keys, k);
      // The other arrays from the profile's record. A stem key is a stem of the listing (its weight is 0 otherwise),
      // so `keyIds` is the keys ≥ 0, sorted.
      const r = slot * CAND;
      const stemKeyCount = this.cands[r + KEYS] as number;
      const { i32, f32, f64 } = this.table;
      const copy = <T extends TableView>(into: T, at: number, views: T[], ref: number, length: number) => {
        const start = this.cands[r + ref + 1] as number;
        into.set((views[this.cands[r + ref] as number] as T).subarray(start, start + length), at);
      };
      copy(state.termVals, a, f32, REF.termVals, stems);
      const [weights, weightsAt] = this.own(profile, OWN.weightVals);
      state.weightVals.set(weights.subarray(weightsAt, weightsAt + stems), a);
      const [tfs, tfsAt] = this.own32(profile, OWN.lexTf);
      state.lexTf.set(tfs.subarray(tfsAt, tfsAt + stems), a);
      copy(state.conceptVals, c, f32, REF.conceptVals, concepts);
      const [main, mainAt] = this.own(profile, OWN.conceptMain);
      state.conceptMain.set(main.subarray(mainAt, mainAt + concepts), c);
      const [has, hasAt] = this.own(profile, OWN.conceptHas);
      state.conceptHas.set(has.subarray(hasAt, hasAt + concepts), c);
      copy(state.keyIds, sk, i32, REF.keyIds, stemKeyCount);
      copy(state.keyW, sk, f64, REF.keyW, stemKeyCount);
      copy(state.ckeyW, c, f64, REF.ckeyW, concepts);
      copy(state.tagWeights, t, f64, REF.tagWeights, profile.tags.length);
      copy(state.lexQ, a, f64, REF.lexQ, stems);
      copy(state.lexSat, a, f32, REF.lexSat, stems);
      state.keyed.set([profile.tagTotal, v.keyTotal, v.ckeyTotal, v.textShare, v.lexSelf], slot * KEYED_SCALARS);
      a += stems;
      c += concepts;
      k += profile.keys.length;
      sk += stemKeyCount;
      t += profile.tags.length;
      if (++slot % step === 0) yield;
    }
    return state;
  }

  /**
   * `rebuildSteps` from a snapshot's state instead of the listings' text: the same profiles (each restored in the
   * order a build adds them, with what a build registers), the same keys, then the saved lists. Throws when the state
   * is not of these `docs` (the same apps in the same order). Yields every `step` profiles.
   */
  *restoreSteps(docs: readonly SearchDocument[], state: SimilarityState, kept: KeptLists, step = 2000): Generator<void> {
    const n = docs.length;
    if (this.profiles.size > 0 || this.stemNames.length > 0) throw new Error('similarity snapshot: the model is not empty');
    const sum = (a: Int32Array) => a.reduce((x, y) => x + y, 0);
    if (
      state.ids.length !== n ||
      state.stemCount.length !== n ||
      state.lexLen.length !== n ||
      state.conceptCount.length !== n ||
      state.breadth.length !== n ||
      state.keyCount.length !== n ||
      sum(state.stemCount) !== state.termIds.length ||
      state.termVals.length !== state.termIds.length ||
      state.weightVals.length !== state.termIds.length ||
      state.lexTf.length !== state.termIds.length ||
      sum(state.conceptCount) !== state.conceptOrder.length ||
      [state.conceptMain, state.conceptHas, state.conceptIds, state.conceptVals].some(
        (a) => a.length !== state.conceptOrder.length,
      ) ||
      sum(state.keyCount) !== state.keys.length ||
      state.keyW.length !== state.keyIds.length ||
      state.ckeyW.length !== state.conceptIds.length ||
      state.tagCount.length !== n ||
      sum(state.tagCount) !== state.tagWeights.length ||
      state.lexQ.length !== state.termIds.length ||
      state.lexSat.length !== state.termIds.length ||
      state.keyed.length !== n * KEYED_SCALARS
    )
      throw new Error('similarity snapshot: inconsistent lengths');
    for (let i = 0; i < n; i++)
      if ((docs[i] as SearchDocument).id !== state.ids[i]) throw new Error('similarity snapshot: another catalogue');
    const stemTotal = state.stems.length;
    const conceptTotal = this.matcher.concepts.length;
    for (const id of state.termIds) if (id < 0 || id >= stemTotal) throw new Error('similarity snapshot: unknown stem');
    for (const concept of state.conceptOrder)
      if (concept < 0 || concept >= conceptTotal) throw new Error('similarity snapshot: unknown concept');
    let stemKeys = 0;
    for (const key of state.keys) {
      if (key >= stemTotal || -1 - key >= conceptTotal) throw new Error('similarity snapshot: unknown key');
      if (key >= 0) stemKeys++;
    }
    if (stemKeys !== state.keyIds.length) throw new Error('similarity snapshot: inconsistent lengths');
    for (const id of state.keyIds) if (id < 0 || id >= stemTotal) throw new Error('similarity snapshot: unknown stem');
    for (const stemmed of state.stems) this.stemId(stemmed);
    if (this.stemNames.length !== stemTotal) throw new Error('similarity snapshot: repeated stem');

    this.unprepare();
    this.forgetIdf(-1);
    this.holders = [];
    this.arena = new TypedArena();
    this.table = new BufferTable();
    for (let i = 0, a = 0, c = 0; i < n; i++) {
      const doc = docs[i] as SearchDocument;
      const stems = state.stemCount[i] as number;
      const concepts = state.conceptCount[i] as number;
      const termIds = state.termIds.subarray(a, a + stems);
      const conceptOrder = state.conceptOrder.subarray(c, c + concepts);
      const tags = [...new Set(doc.tags.map(normaliseTag).filter(Boolean))];
      const tagIds = this.internTags(tags, this.arena);
      const categoryCode = this.internCategory(doc.category);
      const breadth = state.breadth[i] as number;
      const lexLen = state.lexLen[i] as number;
      const profile: Profile = {
        doc,
        slot: i,
        conceptOrder,
        breadth,
        tags,
        tagTotal: DOUBLE_ZERO,
        tagIds,
        categoryCode,
        prior: profilePrior(doc),
        keys: [],
        keyed: false,
        vec: {
          termIds,
          conceptIds: state.conceptIds.subarray(c, c + concepts),
          keyTotal: DOUBLE_ZERO,
          ckeyTotal: DOUBLE_ZERO,
          // The same stems as the presence vector, in the same order: the ids are shared (as `addProfile` does).
          lexIds: termIds,
          lexLen,
          lexSelf: DOUBLE_ZERO,
          textShare: DOUBLE_ZERO,
        },
      };
      // What `addProfile` registers, in the same order.
      this.slotIds[i] = doc.id;
      this.totalLen += lexLen;
      this.profiles.set(doc.id, profile);
      this.slotProfiles[i] = profile;
      this.recordArrays(profile, {
        termVals: state.termVals.subarray(a, a + stems),
        weightVals: state.weightVals.subarray(a, a + stems),
        lexTf: state.lexTf.subarray(a, a + stems),
        conceptVals: state.conceptVals.subarray(c, c + concepts),
        conceptMain: state.conceptMain.subarray(c, c + concepts),
        conceptHas: state.conceptHas.subarray(c, c + concepts),
      });
      for (const tag of tags) pushTo(this.tagHolders, tag, i);
      for (const stem of termIds) {
        const holders = this.holders[stem];
        if (holders) holders.push(i);
        else this.holders[stem] = [i];
      }
      for (const concept of conceptOrder) pushTo(this.conceptHolders, concept, i);
      if (breadth > 0) {
        this.generalists.add(i);
        this.broadest = null;
      }
      a += stems;
      c += concepts;
      if ((i + 1) % step === 0) yield;
    }
    // The keys and what keying computed from them, as the build left them: only the registrations are made again.
    let done = 0;
    for (let i = 0, a = 0, c = 0, k = 0, sk = 0, t = 0; i < n; i++) {
      const profile = this.slotProfiles[i] as Profile;
      const stems = state.stemCount[i] as number;
      const concepts = state.conceptCount[i] as number;
      const count = state.keyCount[i] as number;
      const tags = state.tagCount[i] as number;
      if (tags !== profile.tags.length) throw new Error('similarity snapshot: another catalogue');
      // A loop, not `Array.from(subarray)`: that goes through the iterator protocol, 100,000 times.
      const keys: number[] = new Array(count);
      let stemKeyCount = 0;
      for (let j = 0; j < count; j++) {
        const key = state.keys[k + j] as number;
        keys[j] = key;
        if (key >= 0) stemKeyCount++;
      }
      this.registerKeys(profile, keys);
      const v = profile.vec;
      const at = i * KEYED_SCALARS;
      profile.tagTotal = state.keyed[at] as number;
      v.keyTotal = state.keyed[at + 1] as number;
      v.ckeyTotal = state.keyed[at + 2] as number;
      v.textShare = state.keyed[at + 3] as number;
      v.lexSelf = state.keyed[at + 4] as number;
      this.recordCandidate(profile, {
        keyIds: state.keyIds.subarray(sk, sk + stemKeyCount),
        keyW: state.keyW.subarray(sk, sk + stemKeyCount),
        ckeyW: state.ckeyW.subarray(c, c + concepts),
        tagWeights: state.tagWeights.subarray(t, t + tags),
        lexQ: state.lexQ.subarray(a, a + stems),
        lexSat: state.lexSat.subarray(a, a + stems),
      });
      a += stems;
      c += concepts;
      k += count;
      sk += stemKeyCount;
      t += tags;
      if (++done % step === 0) yield;
    }
    yield* this.listsSteps(kept, done, step);
  }

  /** Every kept list (its substitutes and scores, best first), in slot order, as a snapshot can save them. */
  keptLists(): KeptLists {
    for (const id of [...this.dirty]) this.similar(id, 0);
    let sources = 0;
    let entries = 0;
    for (let slot = 0; slot < this.slotIds.length; slot++) {
      const length = this.listLength[slot] ?? -1;
      if (length < 0) continue;
      sources++;
      entries += length;
    }
    const out: KeptLists = {
      sources: new Int32Array(sources),
      lengths: new Int32Array(sources),
      ids: new Int32Array(entries),
      scores: new Float64Array(entries),
    };
    for (let slot = 0, s = 0, e = 0; slot < this.slotIds.length; slot++) {
      const length = this.listLength[slot] ?? -1;
      if (length < 0) continue;
      const base = slot * SIMILAR_KEPT;
      out.sources[s] = this.slotIds[slot] as number;
      out.lengths[s] = length;
      out.ids.set(this.listIds.subarray(base, base + length), e);
      out.scores.set(this.listScores.subarray(base, base + length), e);
      s++;
      e += length;
    }
    return out;
  }

  /**
   * Adds or replaces one app: its own list is recomputed, and it enters (or leaves) the lists of the sources
   * whose main job it shares, found through the inverted indexes rather than by recomputing everything.
   */
  upsert(doc: SearchDocument): void {
    this.remove(doc.id);
    const candidate = this.addProfile(doc);
    this.setKeys(candidate);
    this.computeList(candidate);
    for (const source of this.sourcesReaching(candidate)) {
      if (source === doc.id) continue;
      const sourceProfile = this.profiles.get(source);
      const length = sourceProfile ? (this.listLength[sourceProfile.slot] ?? -1) : -1;
      if (!sourceProfile || length < 0) continue;
      const score = this.score(sourceProfile, candidate.slot);
      if (score <= 0) continue;
      const base = sourceProfile.slot * SIMILAR_KEPT;
      if (length >= SIMILAR_KEPT && (this.listScores[base + length - 1] as number) >= score) continue;
      // The list is sorted (higher score, then lower id first): the entry goes before the first one it ranks above, as
      // sorting the list with it would put it.
      let at = 0;
      while (at < length) {
        const other = this.listScores[base + at] as number;
        if (score > other || (score === other && doc.id < (this.listIds[base + at] as number))) break;
        at++;
      }
      const kept = Math.min(length + 1, SIMILAR_KEPT);
      this.listIds.copyWithin(base + at + 1, base + at, base + kept - 1);
      this.listScores.copyWithin(base + at + 1, base + at, base + kept - 1);
      this.listIds[base + at] = doc.id;
      this.listScores[base + at] = score;
      this.listLength[sourceProfile.slot] = kept;
    }
  }

  /** Removes one app from the model and from every list holding it. */
  remove(id: number): void {
    const profile = this.profiles.get(id);
    if (!profile) return;
    this.unprepare();
    this.forgetIdf(-1);
    this.profiles.delete(id);
    for (const tag of profile.tags) {
      removeFrom(this.tagHolders, tag, profile.slot);
      removeFrom(this.tagDrivers, tag, id);
    }
    this.totalLen -= profile.vec.lexLen;
    for (const stem of profile.vec.termIds) removeFromList(this.holders[stem], profile.slot);
    for (const concept of profile.conceptOrder) removeFrom(this.conceptHolders, concept, profile.slot);
    for (const key of profile.keys) removeFrom(this.drivers, key, id);
    if (this.generalists.delete(profile.slot)) this.broadest = null;
    this.slotIds[profile.slot] = -1;
    this.slotProfiles[profile.slot] = undefined;
    this.freeSlots.push(profile.slot);
    this.listLength[profile.slot] = -1;
    this.dirty.delete(id);
    // The lists holding the app, by a scan of the store (3.2 million numbers at 100,000 apps): the typed array's own
    // indexOf, a native loop, finds each occurrence; one past a list's length is a left-over, not an entry.
    const ids = this.listIds;
    for (let found = ids.indexOf(id); found >= 0;) {
      const slot = Math.floor(found / SIMILAR_KEPT);
      const base = slot * SIMILAR_KEPT;
      const at = found - base;
      const length = this.listLength[slot] ?? -1;
      found = ids.indexOf(id, base + SIMILAR_KEPT);
      if (at >= length) continue;
      ids.copyWithin(base + at, base + at + 1, base + length);
      this.listScores.copyWithin(base + at, base + at + 1, base + length);
      this.listLength[slot] = length - 1;
      // A full list that lost entries may now miss apps that ranked just below the kept ones.
      if (length - 1 < SIMILAR_MIN && length >= SIMILAR_KEPT) this.dirty.add(this.slotIds[slot] as number);
    }
  }

  /** The apps that can replace `id` for its main job, best first; empty for an unknown app. */
  similar(id: number, limit = SIMILAR_KEPT): SimilarApp[] {
    const source = this.profiles.get(id);
    if (!source) return [];
    if (this.dirty.delete(id)) this.computeList(source);
    const length = this.listLength[source.slot] ?? -1;
    const base = source.slot * SIMILAR_KEPT;
    const out: SimilarApp[] = [];
    for (let k = 0; k < Math.min(limit, length); k++) {
      const candidate = this.profiles.get(this.listIds[base + k] as number);
      if (candidate)
        out.push({ id: candidate.doc.id, score: this.listScores[base + k] as number, ...this.reason(source, candidate) });
    }
    return out;
  }

  /** True when a listing other than `exceptId` uses this stem (outside names). */
  usedBy(stem: string, exceptId: number): boolean {
    const id = this.stemIds.get(stem);
    const holders = id === undefined ? undefined : this.holders[id];
    if (!holders) return false;
    const except = this.profiles.get(exceptId)?.slot ?? -1;
    return holders.length > (holders.includes(except) ? 1 : 0);
  }

  /** True when the app's own listing uses this stem (outside its name). */
  holds(id: number, stem: string): boolean {
    const profile = this.profiles.get(id);
    const stemId = this.stemIds.get(stem);
    return profile !== undefined && stemId !== undefined && indexOfSorted(profile.vec.termIds, stemId) >= 0;
  }

  /** How close `candidate` comes to replacing `source` (0 when either is unknown). */
  similarity(source: number, candidate: number): number {
    const a = this.profiles.get(source);
    const b = this.profiles.get(candidate);
    return a && b && source !== candidate ? this.score(a, b.slot) : 0;
  }

  /** Why `candidate` can replace `source`, in one sentence. */
  explain(source: number, candidate: number): string {
    const a = this.profiles.get(source);
    const b = this.profiles.get(candidate);
    return a && b ? this.reason(a, b).reason : '';
  }

  // ───────────────────────────────────────────── internals ─────────────────────────────────────────────

  /**
   * Reads one text of the listing being profiled into the scan (its tokens, their columns and the field's values, then
   * a boundary) and the per-stem sums. `w`: how much the field states the main job (source side); `has`: how much it
   * shows a capability (candidate side).
   */
  private readText(text: string, w: number, has: number, mark: number): void {
    const count = this.words.scan(normalize(text));
    const wordIds = this.words.ids;
    const scan = this.scanColumns;
    if (this.scanLength + count + 1 > scan.keys.length) {
      const size = (this.scanLength + count + 1) * 2;
      const grow = <T extends Int32Array | Uint8Array | Float64Array>(from: T, to: T): T => {
        to.set(from);
        return to;
      };
      this.scanColumns = {
        keys: grow(scan.keys, new Int32Array(size)),
        stems: grow(scan.stems, new Int32Array(size)),
        flags: grow(scan.flags, new Uint8Array(size)),
        weight: grow(scan.weight, new Float64Array(size)),
        has: grow(scan.has, new Float64Array(size)),
      };
    }
    const { keys, stems, flags, weight, has: shows } = this.scanColumns;
    const tokens = this.scanTokens;
    let at = this.scanLength;
    for (let k = 0; k < count; k++) {
      const word = wordIds[k] as number;
      let token = this.wordTokens[word];
      if (token === undefined) {
        const surface = this.words.word(word);
        token = fullToken(surface);
        this.wordTokens[word] = token;
        this.wordStems[word] = token.stop || /^[0-9]+$/.test(surface) ? -1 : this.stemId(token.stem);
        this.wordKeys[word] = this.matcher.phraseKey(token.stem);
        this.wordStemKeys[word] = this.matcher.stemKey(token.stem);
        this.wordFlags[word] = this.matcher.tokenFlags(token);
      }
      tokens.push(token);
      keys[at] = this.wordKeys[word] as number;
      stems[at] = this.wordStemKeys[word] as number;
      flags[at] = this.wordFlags[word] as number;
      weight[at] = w;
      shows[at] = has;
      at++;
      const id = this.wordStems[word] as number;
      if (id < 0) continue;
      // Read here: a new stem above may have grown the scratch.
      const sc = this.scratch;
      if (sc.seen[id] !== mark) {
        sc.seen[id] = mark;
        sc.presence[id] = 0;
        sc.weight[id] = 0;
        sc.tf[id] = 0;
        this.docStems.push(id);
      }
      sc.tf[id] = (sc.tf[id] as number) + 1;
      this.docLength++;
      sc.presence[id] = (sc.presence[id] as number) + has;
      sc.weight[id] = (sc.weight[id] as number) + w;
    }
    tokens.push(null);
    keys[at] = -1;
    stems[at] = -1;
    flags[at] = TOKEN_BOUNDARY;
    weight[at] = 0;
    shows[at] = 0;
    this.scanLength = at + 1;
  }

  private addProfile(doc: SearchDocument): Profile {
    // New stems may lie beyond the dense arrays of the prepared source.
    this.unprepare();
    this.forgetIdf(-1);
    // Per-stem sums of this listing in scratch arrays indexed by stem id (no maps keyed by stem per listing); ids are
    // given in order of first use, as a map's keys would be.
    const docStems = this.docStems;
    docStems.length = 0;
    this.scanTokens.length = 0;
    this.scanLength = 0;
    this.docLength = 0;
    const mark = ++this.scratchMark;
    this.readText(doc.category, FIELD_WEIGHT.category, PRESENCE_WEIGHT.category, mark);
    for (const tag of doc.tags) this.readText(tag.replace(/[-_]/g, ' '), FIELD_WEIGHT.tags, PRESENCE_WEIGHT.tags, mark);
    for (let i = 0; i < doc.features.length; i++)
      this.readText(
        doc.features[i] as string,
        i < MAIN_FEATURES ? FIELD_WEIGHT.firstFeatures : FIELD_WEIGHT.features,
        PRESENCE_WEIGHT.features,
        mark,
      );
    for (const useCase of doc.useCases) this.readText(useCase, FIELD_WEIGHT.useCases, PRESENCE_WEIGHT.useCases, mark);
    this.readText(doc.description, FIELD_WEIGHT.description, PRESENCE_WEIGHT.description, mark);
    if (doc.longDescription)
      this.readText(doc.longDescription, FIELD_WEIGHT.longDescription, PRESENCE_WEIGHT.longDescription, mark);
    const len = this.docLength;

    // Strict terms, as for queries: a one-word capability term must be the listing's own word, not a Porter
    // conflation ("produces" is not "producers", "brand" is not "branding"). The listing's tokens as the matcher's
    // columns, remembered per word (the same scan as `match`, without a lookup per token nor an object per hit); each
    // capability's sums in scratch by concept, in the order of its first hit (as a map's entries were).
    const scan = this.scanColumns;
    const hits = this.matcher.matchColumns(this.scanLength, scan, true, true, this.scanTokens);
    const hitConcepts = this.matcher.hitConcepts;
    const hitLengths = this.matcher.hitLengths;
    const cs = this.conceptScratch;
    let found = 0;
    for (let h = 0; h < hits; h++) {
      const concept = hitConcepts[h] as number;
      const first = this.matcher.hitFirst(h);
      const at = first < 0 ? 0 : first;
      const phrase = (hitLengths[h] as number) > 1 ? 1.2 : 1;
      if (cs.seen[concept] !== mark) {
        cs.seen[concept] = mark;
        cs.raw[concept] = 0;
        cs.has[concept] = 0;
        cs.order[found++] = concept;
      }
      cs.raw[concept] = (cs.raw[concept] as number) + (scan.weight[at] as number) * phrase;
      cs.has[concept] = (cs.has[concept] as number) + (scan.has[at] as number) * phrase;
    }
    const arena = this.arena;
    const conceptOrder = arena.i32(found);
    const conceptHas = arena.f64(found);
    const conceptMain = arena.f64(found);
    for (let c = 0; c < found; c++) {
      const concept = cs.order[c] as number;
      const has = cs.has[concept] as number;
      conceptOrder[c] = concept;
      conceptHas[c] = has / (has + 1.5);
      // Sublinear: a capability named five times is the main job, but not five times more than one named twice.
      conceptMain[c] = Math.log1p(cs.raw[concept] as number);
    }

    const tags = [...new Set(doc.tags.map(normaliseTag).filter(Boolean))];
    let breadth = 0;
    const general = valueOf(conceptOrder, conceptHas, 0, this.generalAssistant);
    if (general > 0) {
      let tasks = 0;
      for (let i = 0; i < conceptOrder.length; i++)
        if (this.generalistTask[conceptOrder[i] as number] && (conceptHas[i] as number) > 0.3) tasks++;
      if (taggedAsAssistant(doc.tags)) breadth = general * Math.min(1, tasks / 4);
    }
    const slot = this.freeSlots.pop() ?? this.slotIds.length;
    this.slotIds[slot] = doc.id;
    const tagIds = this.internTags(tags, arena);
    const categoryCode = this.internCategory(doc.category);
    const profile: Profile = {
      doc,
      slot,
      conceptOrder,
      breadth,
      tags,
      tagTotal: DOUBLE_ZERO,
      tagIds,
      categoryCode,
      prior: profilePrior(doc),
      keys: [],
      keyed: false,
      vec: emptyVectors(),
    };
    const sc = this.scratch;
    const termIds = arena.i32From(docStems).sort();
    const conceptOrdered = sortedOrder(conceptOrder);
    const conceptIds = arena.i32(conceptOrdered.length);
    const conceptVals = arena.f32(conceptOrdered.length);
    conceptOrdered.forEach((at, i) => {
      conceptIds[i] = conceptOrder[at] as number;
      conceptVals[i] = conceptHas[at] as number;
    });
    // Filled by hand: `TypedArray.from(ids, fn)` calls its function through the iterator protocol, ten times slower
    // on V8 than a loop (a third of the profiles' and keys' time at 100,000 apps); the values stored are the same.
    const stemCount = termIds.length;
    const termVals = arena.f32(stemCount);
    const weightVals = arena.f64(stemCount);
    const lexTf = arena.f32(stemCount);
    for (let i = 0; i < stemCount; i++) {
      const id = termIds[i] as number;
      const presence = sc.presence[id] as number;
      termVals[i] = presence / (presence + 1);
      weightVals[i] = Math.log1p(sc.weight[id] as number);
      lexTf[i] = sc.tf[id] as number;
    }
    profile.vec.termIds = termIds;
    profile.vec.conceptIds = conceptIds;
    // The same stems as the presence vector, in the same order: the ids are shared.
    profile.vec.lexIds = termIds;
    profile.vec.lexLen = len;
    this.totalLen += len;
    this.profiles.set(doc.id, profile);
    this.slotProfiles[slot] = profile;
    this.recordArrays(profile, { termVals, weightVals, lexTf, conceptVals, conceptMain, conceptHas });
    for (const tag of profile.tags) pushTo(this.tagHolders, tag, slot);
    for (const stem of termIds) {
      const holders = this.holders[stem];
      if (holders) holders.push(slot);
      else this.holders[stem] = [slot];
    }
    for (const concept of conceptOrder) pushTo(this.conceptHolders, concept, slot);
    if (breadth > 0) {
      this.generalists.add(slot);
      this.broadest = null;
    }
    return profile;
  }

  /** Makes `keys` the profile's retrieval keys and registers it as a driver of them and of its tags. */
  private registerKeys(profile: Profile, keys: number[]): void {
    profile.keyed = true;
    profile.keys = keys;
    for (const key of keys) pushTo(this.drivers, key, profile.doc.id);
    for (const tag of profile.tags) pushTo(this.tagDrivers, tag, profile.doc.id);
  }

  /** Chooses the profile's retrieval keys and weighs them, its tags and its words by their rarity in the catalogue. */
  private setKeys(profile: Profile): void {
    this.unprepare();
    // A new profile drives nothing yet: scanning its tags' driver lists for it (lists as long as the tag is common,
    // once per app) made a rebuild quadratic in the catalogue.
    if (profile.keyed) {
      for (const key of profile.keys) removeFrom(this.drivers, key, profile.doc.id);
      for (const tag of profile.tags) removeFrom(this.tagDrivers, tag, profile.doc.id);
    }
    this.registerKeys(profile, this.keysOf(profile));
    const n = Math.max(1, this.profiles.size);
    const stemKeys: number[] = [];
    const stemKeyWeights: number[] = [];
    for (const key of profile.keys) {
      if (key < 0) continue;
      stemKeys.push(key);
      stemKeyWeights.push(this.weightOf(profile, key) * this.idfById(key, n));
    }
    // A listing's first tag is its primary classification: the k-th counts 1/k (and each by its rarity).
    const tagWeights = this.arena.f64(profile.tags.length);
    let tagTotal = 0;
    for (let i = 0; i < profile.tags.length; i++) {
      const w = Math.log(1 + n / Math.max(1, this.tagHolders.get(profile.tags[i] as string)?.length ?? 0)) / (1 + i);
      tagWeights[i] = w;
      tagTotal += w;
    }
    profile.tagTotal = tagTotal;
    const keys = sortedVector(stemKeys, stemKeyWeights, this.arena);
    // The capability keys are the capabilities sorted, as `conceptIds` (built by the same order): the ids are shared
    // rather than copied, one array fewer per profile for a scored pair to fetch.
    const conceptSorted = sortedOrder(profile.conceptOrder);
    const ckeyW = this.arena.f64(conceptSorted.length);
    const [main, mainAt] = this.own(profile, OWN.conceptMain);
    for (let i = 0; i < conceptSorted.length; i++) {
      const at = conceptSorted[i] as number;
      ckeyW[i] = (main[mainAt + at] as number) * this.conceptIdf(profile.conceptOrder[at] as number, n);
    }
    // Loops rather than `reduce` (a call per value, and its boxed sum): the same additions in the same order.
    let keyTotal = 0;
    for (let i = 0; i < keys.vals.length; i++) keyTotal += keys.vals[i] as number;
    let ckeyTotal = 0;
    for (let i = 0; i < ckeyW.length; i++) ckeyTotal += ckeyW[i] as number;
    profile.vec.keyTotal = keyTotal;
    profile.vec.ckeyTotal = ckeyTotal;
    let textWeight = 0;
    for (let i = 0; i < ckeyW.length; i++)
      if (this.generalistTask[profile.vec.conceptIds[i] as number]) textWeight += ckeyW[i] as number;
    profile.vec.textShare = profile.vec.ckeyTotal > 0 ? textWeight / profile.vec.ckeyTotal : 0;
    const v = profile.vec;
    const avgLen = this.totalLen / n;
    const norm = LEX.k1 * (1 - LEX.b + (LEX.b * v.lexLen) / Math.max(1, avgLen));
    // Loops rather than `TypedArray.from(…, fn)` (see `addProfile`).
    const lexQ = this.arena.f64(v.lexIds.length);
    const lexSat = this.arena.f32(v.lexIds.length);
    const [lexTf, lexTfAt] = this.own32(profile, OWN.lexTf);
    for (let i = 0; i < lexQ.length; i++) {
      const tf = lexTf[lexTfAt + i] as number;
      lexQ[i] = tf * this.idfById(v.lexIds[i] as number, n);
      lexSat[i] = (tf * (LEX.k1 + 1)) / (tf + norm);
    }
    let self = 0;
    for (let i = 0; i < v.lexIds.length; i++) self += (lexQ[i] as number) * (lexSat[i] as number);
    v.lexSelf = self;
    this.recordCandidate(profile, { keyIds: keys.ids, keyW: keys.vals, ckeyW, tagWeights, lexQ, lexSat });
  }

  /**
   * Writes where a new profile's arrays are into its slot's record (see `REF` and `OWN`); `own` are kept only there.
   * The keyed arrays are added by `recordCandidate`.
   */
  private recordArrays(profile: Profile, own: OwnArrays): void {
    const c = this.recordOf(profile.slot);
    const r = profile.slot * CAND;
    const v = profile.vec;
    this.refer(this.cands, r + REF.termIds, v.termIds);
    this.refer(this.cands, r + REF.termVals, own.termVals);
    this.refer(this.cands, r + REF.conceptIds, v.conceptIds);
    this.refer(this.cands, r + REF.conceptVals, own.conceptVals);
    this.refer(this.cands, r + REF.tagIds, profile.tagIds);
    const o = profile.slot * OWNED;
    this.refer(this.owned, o + OWN.lexTf, own.lexTf);
    this.refer(this.owned, o + OWN.weightVals, own.weightVals);
    this.refer(this.owned, o + OWN.conceptMain, own.conceptMain);
    this.refer(this.owned, o + OWN.conceptHas, own.conceptHas);
    c[r + STEMS] = v.termIds.length;
    c[r + CONCEPTS] = v.conceptIds.length;
    c[r + TAGS] = profile.tagIds.length;
  }

  /** The records, with room for `slot`'s; before any record changes, the prepared source is cleared through its own. */
  private recordOf(slot: number): Float64Array {
    this.unprepare();
    if ((slot + 1) * CAND > this.cands.length) {
      const grown = new Float64Array(Math.max(slot + 1, (this.cands.length / CAND) * 2, 64) * CAND);
      grown.set(this.cands);
      this.cands = grown;
      const owned = new Float64Array((grown.length / CAND) * OWNED);
      owned.set(this.owned);
      this.owned = owned;
    }
    return this.cands;
  }

  /** Notes at `at` in the records where `view` is: its buffer's index in the table and its start there. */
  private refer(into: Float64Array, at: number, view: TableView): void {
    into[at] = this.table.bufferOf(view);
    into[at + 1] = BufferTable.startOf(view);
  }

  /**
   * Writes the keyed profile's record (see `REF`) into its slot's place: the `keyed` arrays just computed (or
   * restored), which only the record keeps, and the numbers a pair reads.
   */
  private recordCandidate(profile: Profile, keyed: KeyedArrays): void {
    const c = this.recordOf(profile.slot);
    const r = profile.slot * CAND;
    const v = profile.vec;
    this.refer(this.cands, r + REF.lexSat, keyed.lexSat);
    this.refer(this.cands, r + REF.lexQ, keyed.lexQ);
    this.refer(this.cands, r + REF.ckeyW, keyed.ckeyW);
    this.refer(this.cands, r + REF.keyIds, keyed.keyIds);
    this.refer(this.cands, r + REF.keyW, keyed.keyW);
    this.refer(this.cands, r + REF.tagWeights, keyed.tagWeights);
    c[r + KEYS] = keyed.keyIds.length;
    c[r + KEY_TOTAL] = v.keyTotal;
    c[r + CKEY_TOTAL] = v.ckeyTotal;
    c[r + LEX_SELF] = v.lexSelf;
    c[r + TAG_TOTAL] = profile.tagTotal;
    c[r + BREADTH] = profile.breadth;
    c[r + PRIOR] = profile.prior;
    c[r + CATEGORY] = profile.categoryCode;
    const pricing = profile.doc.pricingType;
    c[r + TRY_FREE] = pricing === 'free' || pricing === 'freemium' ? W.tryFree : 0;
  }

  private stemId(stem: string): number {
    let id = this.stemIds.get(stem);
    if (id === undefined) {
      id = this.stemIds.size;
      this.stemIds.set(stem, id);
      this.stemNames.push(stem);
      if (id >= this.scratch.seen.length) {
        const size = this.scratch.seen.length * 2;
        const grow = <T extends Float64Array | Int32Array>(a: T, b: T): T => {
          b.set(a);
          return b;
        };
        this.scratch = {
          seen: grow(this.scratch.seen, new Int32Array(size)),
          presence: grow(this.scratch.presence, new Float64Array(size)),
          weight: grow(this.scratch.weight, new Float64Array(size)),
          tf: grow(this.scratch.tf, new Float64Array(size)),
        };
      }
    }
    return id;
  }

  /** The stems (by main-job weight × rarity) and capabilities that retrieve a source's candidates. */
  private keysOf(profile: Profile): number[] {
    const n = Math.max(1, this.profiles.size);
    const ids = profile.vec.termIds;
    const names = this.stemNames;
    // The PROFILE_TERMS first by value, then stem (a total order), by insertion into the few kept: what sorting every
    // stem and cutting gave, without an object per stem.
    const kept = this.bestSlots;
    const values = this.bestValues;
    const [weights, weightsAt] = this.own(profile, OWN.weightVals);
    let length = 0;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i] as number;
      const v = (weights[weightsAt + i] as number) * this.idfById(id, n);
      let at = length;
      while (at > 0) {
        const w = values[at - 1] as number;
        if (v > w || (v === w && (names[id] as string) < (names[kept[at - 1] as number] as string))) at--;
        else break;
      }
      if (at < PROFILE_TERMS) length = insertKept(kept, values, length, PROFILE_TERMS, at, id, v);
    }
    const concepts = profile.conceptOrder;
    const keys: number[] = new Array(length + concepts.length);
    for (let i = 0; i < length; i++) keys[i] = kept[i] as number;
    for (let i = 0; i < concepts.length; i++) keys[length + i] = conceptKey(concepts[i] as number);
    return keys;
  }

  /** One of the profile's `Float64Array`s read through `owned` (`OWN`), and where it starts there. */
  private own(profile: Profile, ref: number): [Float64Array, number] {
    const o = profile.slot * OWNED;
    return [this.table.f64[this.owned[o + ref] as number] as Float64Array, this.owned[o + ref + 1] as number];
  }

  /** One of the profile's `Float32Array`s read through `owned`, and where it starts there. */
  private own32(profile: Profile, ref: number): [Float32Array, number] {
    const o = profile.slot * OWNED;
    return [this.table.f32[this.owned[o + ref] as number] as Float32Array, this.owned[o + ref + 1] as number];
  }

  /** A profile's main-job weight of a stem (0 when its listing does not hold it). */
  private weightOf(profile: Profile, stem: number): number {
    const at = indexOfSorted(profile.vec.termIds, stem);
    if (at < 0) return 0;
    const [weights, weightsAt] = this.own(profile, OWN.weightVals);
    return weights[weightsAt + at] as number;
  }

  private idfById(id: number, n: number): number {
    if (n !== this.idfN) this.forgetIdf(n);
    const known = this.idfStems[id];
    if (known !== undefined && !Number.isNaN(known)) return known;
    const df = this.holders[id]?.length ?? 0;
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    if (id < this.idfStems.length) this.idfStems[id] = idf;
    return idf;
  }

  private conceptIdf(concept: number, n: number): number {
    if (n !== this.idfN) this.forgetIdf(n);
    const known = this.idfConcepts[concept];
    if (known !== undefined && !Number.isNaN(known)) return known;
    const df = this.conceptHolders.get(concept)?.length ?? 0;
    const idf = Math.log(1 + n / Math.max(1, df));
    if (concept < this.idfConcepts.length) this.idfConcepts[concept] = idf;
    return idf;
  }

  /** Empties the rarities remembered (`idfStems`), for `n` profiles from now on (-1: until the next read). */
  private forgetIdf(n: number): void {
    this.idfN = n;
    if (n < 0) return;
    if (this.idfStems.length < this.stemNames.length) this.idfStems = new Float64Array(this.stemNames.length * 2);
    this.idfStems.fill(Number.NaN);
    this.idfConcepts.fill(Number.NaN);
  }

  /**
   * The apps sharing a retrieval key with the source (plus the general assistants for text tasks), cut to the best
   * SHORTLIST by an additive estimate of forward coverage accumulated over the inverted indexes, so the exact score
   * runs on a bounded set whatever the catalogue size. Keys held by more than RETRIEVAL_CAP apps say little about
   * which app is the substitute and would make retrieval grow with the catalogue: they still count in the exact
   * score, but do not retrieve (unless the source has nothing rarer).
   */
  private shortlist(source: Profile): number[] {
    const n = Math.max(1, this.profiles.size);
    if (this.accumulator.length < this.slotIds.length) this.accumulator = new Float64Array(this.slotIds.length * 2);
    const acc = this.accumulator;
    this.touchedCount = 0;
    let rarest: { set: number[]; w: number } | null = null;
    const [main, mainAt] = this.own(source, OWN.conceptMain);
    for (const key of source.keys) {
      const concept = key < 0 ? -1 - key : -1;
      const set = concept >= 0 ? this.conceptHolders.get(concept) : this.holders[key];
      if (!set) continue;
      const w =
        concept >= 0
          ? 2 * valueOf(source.conceptOrder, main, mainAt, concept) * this.conceptIdf(concept, n)
          : this.weightOf(source, key) * this.idfById(key, n);
      if (set.length <= RETRIEVAL_CAP) this.accumulate(set, w);
      else if (!rarest || set.length < rarest.set.length) rarest = { set, w };
    }
    // Shared tags weigh in the score, so they retrieve too: an art generator filed under Entertainment shares few
    // words with a Design suite whose first tag is its own.
    const r = source.slot * CAND;
    const tagWeights = this.table.f64[this.cands[r + REF.tagWeights] as number] as Float64Array;
    const tagWeightsAt = this.cands[r + REF.tagWeights + 1] as number;
    for (let i = 0; i < source.tags.length; i++) {
      const set = this.tagHolders.get(source.tags[i] as string);
      if (set && set.length <= RETRIEVAL_CAP) this.accumulate(set, TAG_RETRIEVAL * (tagWeights[tagWeightsAt + i] as number));
    }
    if (this.touchedCount <= 1 && rarest) this.accumulate(rarest.set, rarest.w);
    const touched = this.touchedSlots;
    let count = this.touchedCount;
    for (let i = 0; i < count; i++) {
      if (touched[i] !== source.slot) continue;
      for (let k = i; k < count - 1; k++) touched[k] = touched[k + 1] as number;
      count--;
      break;
    }
    acc[source.slot] = 0;
    let out: number[];
    if (count > SHORTLIST) out = this.best(touched, count);
    else {
      out = new Array(count);
      for (let i = 0; i < count; i++) out[i] = touched[i] as number;
    }
    for (let i = 0; i < count; i++) acc[touched[i] as number] = 0;
    // The assistants share few rare words with a text tool, so the estimate above may cut them; they are few.
    if (source.vec.textShare > 0) {
      for (const id of this.broadestAssistants()) {
        const slot = this.profiles.get(id)?.slot;
        if (slot !== undefined && id !== source.doc.id && !out.includes(slot)) out.push(slot);
      }
    }
    return out;
  }

  /** Adds `w` to the first RETRIEVAL_CAP slots' estimates, noting the slots touched for the first time. */
  private accumulate(slots: readonly number[], w: number): void {
    const acc = this.accumulator;
    const end = Math.min(slots.length, RETRIEVAL_CAP);
    if (this.touchedCount + end > this.touchedSlots.length) {
      const grown = new Int32Array((this.touchedCount + end) * 2);
      grown.set(this.touchedSlots);
      this.touchedSlots = grown;
    }
    const touched = this.touchedSlots;
    let count = this.touchedCount;
    for (let i = 0; i < end; i++) {
      const slot = slots[i] as number;
      if (acc[slot] === 0) touched[count++] = slot;
      // A zero weight still retrieves: keep the slot marked as touched.
      acc[slot] = (acc[slot] as number) + w + Number.MIN_VALUE;
    }
    this.touchedCount = count;
  }

  /**
   * The SHORTLIST first of `slots` by highest retrieval estimate, then lower app id: what sorting them all and cutting
   * gave (the order is total), by insertion into the few kept. A source touches hundreds of slots; sorting them all
   * through a comparator was a tenth of the lists' time.
   */
  private best(slots: Int32Array, count: number): number[] {
    const acc = this.accumulator;
    const ids = this.slotIds;
    const kept = this.bestSlots;
    let length = 0;
    for (let i = 0; i < count; i++) {
      const slot = slots[i] as number;
      const v = acc[slot] as number;
      const id = ids[slot] as number;
      let at = length;
      // Past the last kept one when full: most slots stop at this first comparison.
      while (at > 0) {
        const other = kept[at - 1] as number;
        const w = acc[other] as number;
        if (v > w || (v === w && id < (ids[other] as number))) at--;
        else break;
      }
      if (at >= SHORTLIST) continue;
      if (length < SHORTLIST) length++;
      for (let k = length - 1; k > at; k--) kept[k] = kept[k - 1] as number;
      kept[at] = slot;
    }
    const out: number[] = new Array(length);
    for (let i = 0; i < length; i++) out[i] = kept[i] as number;
    return out;
  }

  /** The ASSISTANTS_SCORED broadest general-purpose assistants, broadest first. */
  private broadestAssistants(): number[] {
    if (!this.broadest) {
      this.broadest = [...this.generalists]
        .map((slot) => this.profiles.get(this.slotIds[slot] as number) as Profile)
        .sort((a, b) => b.breadth - a.breadth || a.doc.id - b.doc.id)
        .slice(0, ASSISTANTS_SCORED)
        .map((profile) => profile.doc.id);
    }
    return this.broadest;
  }

  /** Sources whose list `candidate` may enter: those it can be retrieved for (see `shortlist`). */
  private sourcesReaching(candidate: Profile): Set<number> {
    const out = new Set<number>();
    const reach = (key: number | undefined, holders: number[] | undefined) => {
      if (key === undefined || !holders || holders.length > RETRIEVAL_CAP) return;
      for (const id of this.drivers.get(key) ?? []) out.add(id);
    };
    for (const stem of candidate.vec.termIds) reach(stem, this.holders[stem]);
    for (const concept of candidate.conceptOrder) reach(conceptKey(concept), this.conceptHolders.get(concept));
    for (const tag of candidate.tags) {
      if ((this.tagHolders.get(tag)?.length ?? 0) <= RETRIEVAL_CAP) for (const id of this.tagDrivers.get(tag) ?? []) out.add(id);
    }
    if (this.broadestAssistants().includes(candidate.doc.id)) {
      for (const [id, profile] of this.profiles) if (profile.vec.textShare > 0) out.add(id);
    }
    return out;
  }

  /** Computes the source's list into its place in the store. */
  private computeList(source: Profile): void {
    // The SIMILAR_KEPT first by higher score, then lower app id (a total order: a shortlist holds each app once), by
    // insertion into the few kept: what sorting every scored candidate and cutting gave, without the sort's copy and
    // comparator calls (a twentieth of the lists' time).
    const ids = this.keptIds;
    const scores = this.keptScores;
    let length = 0;
    for (const slot of this.shortlist(source)) {
      const id = this.slotIds[slot] ?? -1;
      if (id < 0) continue;
      const score = this.score(source, slot);
      if (score <= 0) continue;
      let at = length;
      while (at > 0) {
        const other = scores[at - 1] as number;
        if (score > other || (score === other && id < (ids[at - 1] as number))) at--;
        else break;
      }
      if (at < SIMILAR_KEPT) length = insertKept(ids, scores, length, SIMILAR_KEPT, at, id, score);
    }
    this.reserveLists(source.slot);
    const base = source.slot * SIMILAR_KEPT;
    for (let k = 0; k < length; k++) {
      this.listIds[base + k] = ids[k] as number;
      this.listScores[base + k] = scores[k] as number;
    }
    this.listLength[source.slot] = length;
  }

  /**
   * How much of the source's main job the candidate (by slot) covers, with a little of the reverse, category and
   * prior. The candidate is read from its record (`REF`) and the table's views, not from its profile.
   */
  private score(source: Profile, slot: number): number {
    this.prepare(source);
    const a = source.vec;
    const d = this.dense;
    const c = this.cands;
    const r = slot * CAND;
    const { i32, f32, f64 } = this.table;
    // One pass over the candidate's stems (its term and lexical vectors share their ids) gives the forward term
    // coverage and both directions of BM25; the source's values were scattered into dense arrays by `prepare`.
    let forwardGot = 0;
    let forwardLex = 0;
    let reverseLex = 0;
    const stems = c[r + STEMS] as number;
    const ids = i32[c[r + REF.termIds] as number] as Int32Array;
    const idsAt = c[r + REF.termIds + 1] as number;
    const vals = f32[c[r + REF.termVals] as number] as Float32Array;
    const valsAt = c[r + REF.termVals + 1] as number;
    const sat = f32[c[r + REF.lexSat] as number] as Float32Array;
    const satAt = c[r + REF.lexSat + 1] as number;
    const q = f64[c[r + REF.lexQ] as number] as Float64Array;
    const qAt = c[r + REF.lexQ + 1] as number;
    for (let j = 0; j < stems; j++) {
      const at = (ids[idsAt + j] as number) * DENSE;
      forwardGot += (d[at] as number) * (vals[valsAt + j] as number);
      forwardLex += (d[at + 1] as number) * (sat[satAt + j] as number);
      reverseLex += (q[qAt + j] as number) * (d[at + 2] as number);
    }
    const forwardTerms = a.keyTotal > 0 ? forwardGot / a.keyTotal : 0;
    const concepts = c[r + CONCEPTS] as number;
    const cIds = i32[c[r + REF.conceptIds] as number] as Int32Array;
    const cIdsAt = c[r + REF.conceptIds + 1] as number;
    const cVals = f32[c[r + REF.conceptVals] as number] as Float32Array;
    const cValsAt = c[r + REF.conceptVals + 1] as number;
    const cW = f64[c[r + REF.ckeyW] as number] as Float64Array;
    const cWAt = c[r + REF.ckeyW + 1] as number;
    const breadth = c[r + BREADTH] as number;
    // Both capability coverages in one pass over the candidate's capabilities (its capability keys, sorted as the
    // source's), reading the source's weight and presence by concept from `conceptDense` (see `prepare`): the same
    // products added in the same order as the two merges of `conceptCoverage`, the source's absent capabilities
    // adding +0. A merge of two sorted lists per direction mispredicted its branches on every step (≈ 40 % of a pair).
    const cd = this.conceptDense;
    let forwardHas = 0;
    let reverseGot = 0;
    for (let j = 0; j < concepts; j++) {
      const at = (cIds[cIdsAt + j] as number) * CONCEPT_DENSE;
      forwardHas += (cd[at] as number) * (cVals[cValsAt + j] as number);
      reverseGot += (cW[cWAt + j] as number) * (cd[at + 1] as number);
    }
    const s = source.slot * CAND;
    // A general assistant partly holds the source's text tasks it does not state: the merge, for these few.
    const forwardConcepts =
      breadth > 0
        ? conceptCoverage(
            a.conceptIds,
            0,
            f64[c[s + REF.ckeyW] as number] as Float64Array,
            c[s + REF.ckeyW + 1] as number,
            a.conceptIds.length,
            a.ckeyTotal,
            cIds,
            cIdsAt,
            cVals,
            cValsAt,
            concepts,
            breadth,
            this.generalistTask,
          )
        : a.ckeyTotal > 0
          ? forwardHas / a.ckeyTotal
          : 0;
    if (forwardTerms === 0 && forwardConcepts === 0) return 0;
    let reverseTermsGot = 0;
    const keys = c[r + KEYS] as number;
    const keyIds = i32[c[r + REF.keyIds] as number] as Int32Array;
    const keyIdsAt = c[r + REF.keyIds + 1] as number;
    const keyW = f64[c[r + REF.keyW] as number] as Float64Array;
    const keyWAt = c[r + REF.keyW + 1] as number;
    for (let i = 0; i < keys; i++)
      reverseTermsGot += (keyW[keyWAt + i] as number) * (d[(keyIds[keyIdsAt + i] as number) * DENSE + 3] as number);
    const keyTotal = c[r + KEY_TOTAL] as number;
    const reverseTerms = keyTotal > 0 ? reverseTermsGot / keyTotal : 0;
    const ckeyTotal = c[r + CKEY_TOTAL] as number;
    const reverseConcepts = ckeyTotal > 0 ? reverseGot / ckeyTotal : 0;
    const terms = (1 - W.reverse) * forwardTerms + W.reverse * reverseTerms;
    const conceptShare = (1 - W.reverse) * forwardConcepts + W.reverse * reverseConcepts;
    const coverageCore = a.ckeyTotal > 0 ? W.terms * terms + W.concepts * conceptShare : terms;
    // Each listing's BM25 against itself scales its lexical score to [0, 1], so a pair's score does not depend on
    // the other candidates and the incremental update can compare it with the kept lists.
    const lexical = (1 - W.reverse) * shareOf(forwardLex, a.lexSelf) + W.reverse * shareOf(reverseLex, c[r + LEX_SELF] as number);
    const core = (1 - W.lexical) * coverageCore + W.lexical * lexical;
    const sameCategory = source.categoryCode === c[r + CATEGORY] ? W.category : 0;
    const tagCount = c[r + TAGS] as number;
    const tagIds = i32[c[r + REF.tagIds] as number] as Int32Array;
    const tagIdsAt = c[r + REF.tagIds + 1] as number;
    const forwardTags = tagCoverage(
      source.tagIds,
      0,
      f64[c[s + REF.tagWeights] as number] as Float64Array,
      c[s + REF.tagWeights + 1] as number,
      source.tagIds.length,
      source.tagTotal,
      tagIds,
      tagIdsAt,
      tagCount,
    );
    const reverseTags = tagCoverage(
      tagIds,
      tagIdsAt,
      f64[c[r + REF.tagWeights] as number] as Float64Array,
      c[r + REF.tagWeights + 1] as number,
      tagCount,
      c[r + TAG_TOTAL] as number,
      source.tagIds,
      0,
      source.tagIds.length,
    );
    const tags = (1 - W.reverse) * forwardTags + W.reverse * reverseTags;
    const assistant = W.assistant * breadth * a.textShare;
    const tryFree = c[r + TRY_FREE] as number;
    return Math.min(
      1,
      (core + W.tags * tags + sameCategory + W.prior * (c[r + PRIOR] as number) + assistant + tryFree) /
        (1 + W.tags + W.category + W.prior + W.tryFree),
    );
  }

  /**
   * Scatters the source's stem values into dense arrays indexed by stem id, so each candidate is scored in one
   * pass over its own stems instead of four sorted merges. Kept until another source is prepared or a profile
   * changes (`unprepare`).
   */
  private prepare(source: Profile): void {
    if (this.prepared === source) return;
    this.unprepare();
    const size = this.stemNames.length * DENSE;
    if (this.dense.length < size) this.dense = new Float64Array(Math.max(size, this.dense.length * 2, 1024 * DENSE));
    this.scatter(source, true);
    this.prepared = source;
  }

  private unprepare(): void {
    if (this.prepared) this.scatter(this.prepared, false);
    this.prepared = null;
  }

  private scatter(source: Profile, on: boolean): void {
    const d = this.dense;
    const v = source.vec;
    const c = this.cands;
    const r = source.slot * CAND;
    const { i32, f32, f64 } = this.table;
    const keys = c[r + KEYS] as number;
    const keyIds = i32[c[r + REF.keyIds] as number] as Int32Array;
    const keyIdsAt = c[r + REF.keyIds + 1] as number;
    const keyW = f64[c[r + REF.keyW] as number] as Float64Array;
    const keyWAt = c[r + REF.keyW + 1] as number;
    for (let i = 0; i < keys; i++) d[(keyIds[keyIdsAt + i] as number) * DENSE] = on ? (keyW[keyWAt + i] as number) : 0;
    const q = f64[c[r + REF.lexQ] as number] as Float64Array;
    const qAt = c[r + REF.lexQ + 1] as number;
    const sat = f32[c[r + REF.lexSat] as number] as Float32Array;
    const satAt = c[r + REF.lexSat + 1] as number;
    const vals = f32[c[r + REF.termVals] as number] as Float32Array;
    const valsAt = c[r + REF.termVals + 1] as number;
    for (let i = 0; i < v.lexIds.length; i++) {
      const at = (v.lexIds[i] as number) * DENSE;
      d[at + 1] = on ? (q[qAt + i] as number) : 0;
      d[at + 2] = on ? (sat[satAt + i] as number) : 0;
      d[at + 3] = on ? (vals[valsAt + i] as number) : 0;
    }
    const cd = this.conceptDense;
    const fallback = W.generalist * source.breadth;
    for (const concept of this.generalistConcepts) cd[concept * CONCEPT_DENSE + 1] = on ? fallback : 0;
    const ckeyW = f64[c[r + REF.ckeyW] as number] as Float64Array;
    const ckeyWAt = c[r + REF.ckeyW + 1] as number;
    const cVals = f32[c[r + REF.conceptVals] as number] as Float32Array;
    const cValsAt = c[r + REF.conceptVals + 1] as number;
    for (let i = 0; i < v.conceptIds.length; i++) {
      const concept = v.conceptIds[i] as number;
      const at = concept * CONCEPT_DENSE;
      const has = cVals[cValsAt + i] as number;
      cd[at] = on ? (ckeyW[ckeyWAt + i] as number) : 0;
      cd[at + 1] = !on ? 0 : has !== 0 ? has : this.generalistTask[concept] ? fallback : 0;
    }
  }

  /**
   * "Both cover image generation from a description; Leonardo.ai has a free plan". A shared capability is claimed
   * only when both listings state it in their own words (the evidence quotes both).
   */
  private reason(source: Profile, candidate: Profile): { reason: string; evidence: ReasonEvidence[] } {
    const n = Math.max(1, this.profiles.size);
    const evidence: ReasonEvidence[] = [];
    const ranked: { concept: number; v: number }[] = [];
    const [main, mainAt] = this.own(source, OWN.conceptMain);
    const [has, hasAt] = this.own(candidate, OWN.conceptHas);
    for (let i = 0; i < source.conceptOrder.length; i++) {
      const concept = source.conceptOrder[i] as number;
      const held = valueOf(candidate.conceptOrder, has, hasAt, concept);
      if (this.matcher.concepts[concept]?.kind !== 'task' || held <= 0) continue;
      ranked.push({ concept, v: (main[mainAt + i] as number) * this.conceptIdf(concept, n) * held });
    }
    ranked.sort((a, b) => b.v - a.v);
    const shared: string[] = [];
    for (const { concept } of ranked) {
      if (shared.length === 2) break;
      const fromSource = conceptQuotes(source.doc, concept, this.matcher, 1);
      const fromCandidate = conceptQuotes(candidate.doc, concept, this.matcher, 1);
      if (fromSource.length === 0 || fromCandidate.length === 0) continue;
      const label = this.matcher.concepts[concept]?.label ?? '';
      shared.push(label);
      evidence.push({ claim: `Both cover ${label}`, quotes: [...fromSource, ...fromCandidate] });
    }
    let what: string;
    if (shared.length > 0) what = `Both cover ${shared.join(' and ')}`;
    else if (candidate.breadth > 0 && source.conceptOrder.some((concept) => this.generalistTask[concept] === true)) {
      what = `${candidate.doc.name} is a general-purpose assistant that can do this job`;
      const quotes = conceptQuotes(candidate.doc, this.generalAssistant, this.matcher, 1);
      evidence.push({
        claim: `${candidate.doc.name} is a general-purpose assistant`,
        quotes: quotes.length > 0 ? quotes : [descriptionQuote(candidate.doc)],
      });
    } else if (source.doc.category === candidate.doc.category) {
      what = `Both are ${source.doc.category} tools`;
      evidence.push({
        claim: what,
        quotes: [
          { app: source.doc.name, field: 'category', text: source.doc.category },
          { app: candidate.doc.name, field: 'category', text: candidate.doc.category },
        ],
      });
    } else {
      what = `${candidate.doc.name} covers a similar job`;
      evidence.push({ claim: what, quotes: [descriptionQuote(source.doc), descriptionQuote(candidate.doc)] });
    }
    const price = pricingNote(candidate.doc.name, candidate.doc.pricingType, source.doc.pricingType);
    const priceQuote = pricingQuote(candidate.doc);
    if (price && priceQuote) evidence.push({ claim: price, quotes: [priceQuote] });
    return { reason: price ? `${what}; ${price}` : what, evidence };
  }
}

/** Source app id → its index in `kept`, and where each source's entries start. */
function keptIndex(kept: KeptLists): { sourceOf: Map<number, number>; starts: Float64Array } {
  const sourceOf = new Map<number, number>();
  const starts = new Float64Array(kept.sources.length);
  for (let s = 0, start = 0; s < kept.sources.length; s++) {
    sourceOf.set(kept.sources[s] as number, s);
    starts[s] = start;
    start += kept.lengths[s] as number;
  }
  return { sourceOf, starts };
}

/** A listing's prior as a candidate: visits and rating, counters that may change without an edit of the listing. */
function profilePrior(doc: SearchDocument): number {
  const popularity = Math.min(1, Math.max(0, Math.log10(Math.max(0, doc.monthlyVisitors) + 1) / 9.5));
  const rating = doc.rating === null ? 0.5 : Math.min(1, Math.max(0, (doc.rating - 30) / 20));
  return 0.7 * popularity + 0.3 * rating;
}

/** A BM25 score as a share of the listing's score against itself. */
function shareOf(got: number, self: number): number {
  return self > 0 ? Math.min(1, got / self) : 0;
}

/** The retrieval key of a capability (stems use their ids, ≥ 0). */
function conceptKey(concept: number): number {
  return -1 - concept;
}

function pricingNote(name: string, pricing: PricingType | null, sourcePricing: PricingType | null): string | null {
  if (pricing === 'free') return `${name} is free`;
  if (pricing === 'freemium') return `${name} has a free plan`;
  if (pricing === 'paid' && sourcePricing !== 'paid') return `${name} is paid`;
  return null;
}

/** Where `value` is in a sorted array, or -1. */
function indexOfSorted(sorted: Int32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = sorted[mid] as number;
    if (at === value) return mid;
    if (at < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Removes `value` from a list, keeping the order of the others. */
function removeFromList(list: number[] | undefined, value: number): void {
  const at = list ? list.indexOf(value) : -1;
  if (list && at >= 0) list.splice(at, 1);
}

/** Appends `value` to the array under `key`, creating it. */
function pushTo<K>(map: Map<K, number[]>, key: K, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Removes `value` from the array under `key`, keeping the order of the others (and the key once empty). */
function removeFrom<K>(map: Map<K, number[]>, key: K, value: number): void {
  const list = map.get(key);
  const at = list ? list.indexOf(value) : -1;
  if (list && at >= 0) list.splice(at, 1);
}

/** Adds `value` to the set under `key`, creating it. */
export function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(value);
}
