import {
  FIELD_COUNT,
  FieldNorms,
  PostingList,
  idf,
  saturate,
  weightedTf,
} from './bm25f';
import { GENERALIST_TASKS } from './concept-lexicon';
import { computeConfidence } from './confidence';
import { ConceptMatcher, type ScanToken } from './concept-matcher';
import type { QueryChip, ReasonEvidence } from '../../../../shared/schemas/search';
import { explainMatch } from './match-reason';
import { chipsOf, setAside } from './query-chips';
import { repairWords } from './word-repair';
import { understandQuery, type KnownCategory, type ParsedQuery, type PricingType, type Vocabulary } from './query-understanding';
import { TermAssociations, type AssociationSource } from './term-associations';
import { TypoIndex, fullToken, isEnglishWord, normalize, phraseStems, words, type FullToken } from './tokenize';

export type { PricingType } from './query-understanding';

/** A listing as the engine sees it. */
export interface SearchDocument {
  id: number;
  name: string;
  description: string;
  longDescription: string | null;
  category: string;
  tags: string[];
  features: string[];
  useCases: string[];
  pricingType: PricingType | null;
  monthlyVisitors: number;
  /** 1–50. */
  rating: number | null;
  viewCount: number;
  saveCount: number;
  company: string | null;
  /** Where the maker is based ("Berlin, Germany"); decides an "EU / GDPR" request. */
  location?: string | null;
}

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
}

/**
 * Ranking weights. Chosen from first principles and checked against a held-out split of the public queries; they
 * are deliberately round numbers rather than fitted values.
 */
const W = {
  /** Weight of a visitor word that a recognised concept already explains. */
  coveredTerm: 0.6,
  /** Query-term weight for stems contributed by a recognised concept's capability vocabulary. */
  conceptExpansion: 0.35,
  /** Query-term weight for stems associated with the visitor's words in the catalogue. */
  association: 0.2,
  /** Weight of a concept match on a listing (phrase-level evidence), relative to BM25F. */
  concept: 2.2,
  /** Bonus for visitor words that appear next to each other in a listing. */
  proximity: 0.6,
  /** Share of the score that does not depend on covering every aspect of the query. */
  coverageFloor: 0.3,
  /** Gentle popularity/rating prior. */
  prior: 0.12,
  /** Multiplier range for a requested platform (browser extension, mobile …). */
  platform: 0.35,
  /** Audience and platform concepts weigh less than tasks as query aspects. */
  softAspect: 0.5,
  /**
   * Evidence a general-purpose assistant gets for a text task its listing does not name, relative to a listing that
   * names it, and the share of that aspect it covers: it can help, but a dedicated tool does the job better.
   */
  generalist: 0.4,
  generalistCoverage: 0.5,
  /** Multiplier for a listing made in the EU (or GDPR-compliant) when the visitor asks for that. */
  region: 0.6,
  candidates: 300,
} as const;

/** How much a concept phrase found in each field counts as evidence that the listing has that capability. */
const CONCEPT_FIELD_WEIGHT = [0.5, 0.8, 1.5, 1.2, 1.0, 1.0, 0.45];
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

interface SlotData {
  doc: SearchDocument;
  /** Term ids in reading order; -1 separates list items and fields so phrases never straddle them. */
  seq: Int32Array;
  /** Distinct term ids. */
  terms: Int32Array;
  /** Concept index → evidence in (0, 1). */
  concepts: Map<number, number>;
  category: string;
  /** How much the listing is a general-purpose assistant, in [0, 1] (0 for most listings). */
  breadth: number;
  /** Made in the EU/EEA, or says it complies with the GDPR or hosts data in the EU. */
  inEu: boolean;
}

interface SurfaceWord {
  token: FullToken;
  termId: number;
  count: number;
  /** Occurrences outside listing names (lexicon words count here): 0 for a word only names use ("textio"). */
  prose: number;
}

/** Generalist-task concepts a listing must cover for its breadth to be full. */
const FULL_BREADTH = 4;

const sharedMatcher = new ConceptMatcher();

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

  private slots: (SlotData | undefined)[] = [];
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

  /** Every surface word seen (catalogue and lexicon): its token, term id (-1 for stop words) and frequency. */
  private readonly surface = new Map<string, SurfaceWord>();
  private readonly typos = new TypoIndex((w) => this.surface.get(w)?.count ?? 0);
  private readonly categoryCounts = new Map<string, { name: string; count: number }>();
  private categoriesCache: KnownCategory[] | null = null;
  private readonly associations = new TermAssociations();
  private readonly generalistTask: boolean[];
  private readonly generalAssistantConcept: number;
  /** Slots of live listings with a non-zero breadth. */
  private readonly generalists = new Set<number>();

  // Per-query scratch space, reused to avoid allocation on the hot path.
  private acc = new Float32Array(1024);
  private termMask = new Uint32Array(1024);
  private conceptMask = new Uint32Array(1024);
  private generalMask = new Uint32Array(1024);
  private touchedFlag = new Uint8Array(1024);

  constructor(docs?: Iterable<SearchDocument>) {
    this.conceptPostings = this.matcher.concepts.map(() => new ConceptPostings());
    this.generalistTask = this.matcher.concepts.map((entry) => GENERALIST_TASKS.has(entry.id));
    this.generalAssistantConcept = this.matcher.concepts.findIndex((entry) => entry.id === 'general-assistant');
    for (const w of this.matcher.surfaceWords) this.addSurface(w, true);
    // Load the English word list now rather than on the first misspelled query.
    isEnglishWord('');
    if (docs) for (const d of docs) this.upsert(d);
  }

  /** Number of live listings. */
  get size(): number {
    return this.live;
  }

  /** Adds a listing or replaces the listing with the same id; the next search sees the change. */
  upsert(doc: SearchDocument): void {
    if (this.idToSlot.has(doc.id)) this.remove(doc.id);
    const slot = this.slots.length;
    this.ensureSlotCapacity(slot + 1);
    const data = this.indexDocument(doc, slot);
    this.slots.push(data);
    if (data.breadth > 0) this.generalists.add(slot);
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
    const data = this.slots[slot];
    this.idToSlot.delete(id);
    this.generalists.delete(slot);
    this.alive[slot] = 0;
    this.live--;
    this.version++;
    this.categoriesCache = null;
    if (!data) return;
    for (let i = 0; i < data.terms.length; i++) {
      const t = data.terms[i] ?? 0;
      this.df[t] = (this.df[t] ?? 1) - 1;
    }
    this.deadPostings += data.terms.length;
    for (const ci of data.concepts.keys()) {
      const cp = this.conceptPostings[ci];
      if (cp) cp.df--;
    }
    for (let f = 0; f < FIELD_COUNT; f++) this.lenSum[f] = (this.lenSum[f] ?? 0) - (this.lens[slot * FIELD_COUNT + f] ?? 0);
    const cat = this.categoryCounts.get(data.category);
    if (cat) cat.count--;
    this.slots[slot] = undefined;
    if (this.avgDrifted()) this.normsStale = true;
  }

  /**
   * Ranks listings for a visitor query. Hard constraints (price, named category) filter while scoring, so the
   * returned list is always the best `limit` listings that satisfy them.
   */
  search(query: string, options: SearchOptions = {}): SearchOutcome {
    const limit = Math.max(1, Math.min(200, options.limit ?? 12));
    this.refresh();
    const read = understandQuery(query, this.vocabulary(), this.matcher, this.knownCategories());
    const chips = chipsOf(read, this.matcher);
    const pq = options.without ? setAside(read, options.without, this.matcher) : read;
    const n = Math.max(1, this.live);

    // ── weighted query terms ──
    const origIds: number[] = [];
    const origIdf: number[] = [];
    const weights = new Map<number, number>();
    let contentWords = 0;
    let explainedWords = 0;
    for (const t of pq.terms) {
      const id = this.termIds.get(t.stem);
      const known = id !== undefined && (this.df[id] ?? 0) > 0;
      contentWords++;
      explainedWords += t.correctedFrom ? 0.3 : known || t.inConcept ? 1 : 0;
      if (id === undefined || !known || weights.has(id)) continue;
      // A word a concept already explains is scored mostly through the concept, which also protects against
      // stemmer conflations ("integral" and "integrations" share a Porter stem).
      weights.set(id, (t.correctedFrom ? 0.85 : 1) * (t.inConcept ? W.coveredTerm : 1));
      if (origIds.length < 32) {
        origIds.push(id);
        origIdf.push(idf(this.df[id] ?? 0, n));
      }
    }
    const expansionIds = new Set<number>();
    for (const ac of pq.concepts) {
      for (const s of this.matcher.termStems[ac.index] ?? []) {
        const id = this.termIds.get(s);
        if (id === undefined || (this.df[id] ?? 0) <= 0) continue;
        const w = W.conceptExpansion * ac.strength;
        const cur = weights.get(id);
        if (cur === undefined || (!origIds.includes(id) && cur < w)) {
          weights.set(id, w);
          expansionIds.add(id);
        }
      }
    }
    const src = this.associationSource();
    for (const id of origIds) {
      // Only specific words have meaningful neighbours; "new" or "work" would drag in noise.
      if ((this.df[id] ?? 0) > n * 0.1) continue;
      for (const a of this.associations.associations(src, id, this.version, 4)) {
        const w = W.association * a.strength;
        const cur = weights.get(a.termId);
        if (cur === undefined || (!origIds.includes(a.termId) && cur < w)) {
          weights.set(a.termId, w);
          expansionIds.add(a.termId);
        }
      }
    }

    // ── filters applied inside the ranking ──
    const queryPricing = options.relax?.pricing ? null : pq.pricing;
    const pricingFilter = options.pricing && queryPricing ? options.pricing.filter((p) => queryPricing.includes(p)) : (options.pricing ?? queryPricing);
    const allowed = pricingFilter ? new Set(pricingFilter.map((p) => PRICING_CODE[p])) : null;
    const category = options.category ?? (options.relax?.category ? null : pq.category);
    const excluded = options.exclude ?? new Set<number>();
    // Filters read flat per-slot arrays only: this runs once per posting.
    let pricingMask = 0;
    if (allowed) for (const code of allowed) pricingMask |= 1 << code;
    // An empty allowed set (the API's filter and the query's disagree) admits nothing.
    if (allowed && allowed.size === 0) pricingMask = 1;
    const categoryCode = category === null ? -1 : (this.categoryCodes.get(category) ?? -2);
    const alive = this.alive;
    const pricing = this.pricing;
    const categories = this.categoryOf;
    const passes = (slot: number): boolean =>
      alive[slot] === 1 &&
      (pricingMask === 0 || (pricingMask & (1 << (pricing[slot] ?? 0))) !== 0) &&
      (categoryCode === -1 || categories[slot] === categoryCode) &&
      (excluded.size === 0 || !excluded.has(this.slots[slot]?.doc.id ?? -1));

    // ── first stage: accumulate over posting lists ──
    const touched: number[] = [];
    const touch = (slot: number): void => {
      if (this.touchedFlag[slot] === 0) {
        this.touchedFlag[slot] = 1;
        touched.push(slot);
      }
    };
    const normVals = this.norms.values;
    for (const [id, qw] of weights) {
      const pl = this.postings[id];
      if (!pl) continue;
      const w = qw * idf(this.df[id] ?? 0, n);
      const bit = origIds.indexOf(id);
      const mask = bit >= 0 ? 1 << bit : 0;
      const { slots, tfs, length } = pl;
      for (let i = 0; i < length; i++) {
        const slot = slots[i] ?? 0;
        if (!passes(slot)) continue;
        touch(slot);
        this.acc[slot] = (this.acc[slot] ?? 0) + w * saturate(weightedTf(tfs[i] ?? 0, normVals, slot));
        if (mask) this.termMask[slot] = (this.termMask[slot] ?? 0) | mask;
      }
    }
    const activeConcepts = pq.concepts.slice(0, 32);
    activeConcepts.forEach((ac, j) => {
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
      for (const slot of this.generalists) {
        if (!passes(slot) || ((this.conceptMask[slot] ?? 0) & (1 << j)) !== 0) continue;
        touch(slot);
        this.acc[slot] = (this.acc[slot] ?? 0) + w * W.generalist * (this.slots[slot]?.breadth ?? 0);
        this.generalMask[slot] = (this.generalMask[slot] ?? 0) | (1 << j);
      }
    });

    // ── bounded candidate set ──
    const candidates = topK(touched, this.acc, W.candidates);

    // ── aspects of the query, for coverage ──
    const aspects: { kind: 'term' | 'concept'; bit: number; weight: number }[] = [];
    const maxIdf = idf(0, n);
    activeConcepts.forEach((ac, j) => {
      const entry = this.matcher.concepts[ac.index];
      const soft = entry?.kind !== 'task';
      aspects.push({ kind: 'concept', bit: j, weight: ac.strength * (soft ? W.softAspect : 1) });
    });
    for (const t of pq.terms) {
      if (t.inConcept) continue;
      const id = this.termIds.get(t.stem);
      if (id === undefined) continue;
      const bit = origIds.indexOf(id);
      if (bit < 0) continue;
      if (aspects.some((a) => a.kind === 'term' && a.bit === bit)) continue;
      aspects.push({ kind: 'term', bit, weight: 0.8 * ((origIdf[bit] ?? 0) / maxIdf) });
    }
    const aspectTotal = aspects.reduce((s, a) => s + a.weight, 0);
    const platformBits = activeConcepts
      .map((ac, j) => (this.matcher.concepts[ac.index]?.kind === 'platform' ? j : -1))
      .filter((j) => j >= 0);

    // ── rescoring ──
    const scored: { slot: number; score: number; coverage: number; generalistFor: number }[] = [];
    for (const slot of candidates) {
      const base = this.acc[slot] ?? 0;
      const tm = this.termMask[slot] ?? 0;
      const cm = this.conceptMask[slot] ?? 0;
      const gm = this.generalMask[slot] ?? 0;
      let got = 0;
      for (const a of aspects) {
        const m = a.kind === 'term' ? tm : cm;
        if (m & (1 << a.bit)) got += a.weight;
        else if (a.kind === 'concept' && gm & (1 << a.bit)) got += a.weight * W.generalistCoverage;
      }
      const coverage = aspectTotal > 0 ? got / aspectTotal : 0;
      const prox = this.proximity(slot, origIds, origIdf);
      let score = (base + W.proximity * prox) * (W.coverageFloor + (1 - W.coverageFloor) * coverage);
      score *= 1 + W.prior * (this.prior[slot] ?? 0);
      if (platformBits.length > 0) {
        const has = platformBits.some((j) => cm & (1 << j));
        score *= has ? 1 + W.platform : 1;
      }
      if (pq.region === 'eu' && this.slots[slot]?.inEu) score *= 1 + W.region;
      if (pq.prefersLowCost) {
        const p = this.pricing[slot];
        if (p === 1 || p === 2) score *= 1.1;
      }
      // The strongest need this listing serves only as a general-purpose assistant (concepts are strongest first).
      const generalOnly = gm & ~cm;
      const generalistFor = generalOnly === 0 ? -1 : 31 - Math.clz32(generalOnly & -generalOnly);
      scored.push({ slot, score, coverage, generalistFor });
    }
    for (const slot of touched) {
      this.acc[slot] = 0;
      this.termMask[slot] = 0;
      this.conceptMask[slot] = 0;
      this.generalMask[slot] = 0;
      this.touchedFlag[slot] = 0;
    }
    scored.sort((a, b) => b.score - a.score);
    const top = scored.slice(0, limit);

    // ── explanations ──
    const termStems = new Set(origIds.map((id) => this.termStems[id] ?? ''));
    const reasonQuery = {
      termStems,
      concepts: activeConcepts.map((ac) => ({ index: ac.index, strength: ac.strength })),
      freeRequired: pq.pricing !== null,
    };
    const hits: SearchHit[] = top.map((h) => {
      const doc = this.slots[h.slot]?.doc;
      const explained = doc ? explainMatch(doc, reasonQuery, this.matcher, this.generalistConcept(activeConcepts, h.generalistFor)) : null;
      return {
        id: doc?.id ?? -1,
        score: Math.round(h.score * 1000) / 1000,
        matchReason: explained?.text ?? '',
        evidence: explained?.evidence ?? [],
      };
    });

    const topData = top[0] ? this.slots[top[0].slot] : undefined;
    let taskStrength = 0;
    for (const ac of activeConcepts) {
      if (this.matcher.concepts[ac.index]?.kind === 'task' && topData?.concepts.has(ac.index)) {
        taskStrength = Math.max(taskStrength, ac.strength);
      }
    }
    const confidence = computeConfidence({
      knownAspectWeight: aspectTotal,
      contentWords,
      explainedWords,
      topCoverages: top.slice(0, 3).map((h) => h.coverage),
      taskStrength,
      hitCount: top.length,
    });

    const goal = this.describeGoal(pq);
    const names = top.slice(0, 3).map((h) => this.slots[h.slot]?.doc.name ?? '');
    const reasoning = buildReasoning(goal, pq, names, confidence, top.length);
    return {
      hits,
      confidence,
      reasoning,
      understood: { goal, constraints: pq.constraints, category: pq.category, pricing: pq.pricing, chips },
    };
  }

  /** The query with split, run-together and half-typed words repaired (see `word-repair.ts`). */
  repaired(query: string): string {
    return repairWords(words(query), this.vocabulary())
      .map((entry) => entry.word)
      .join(' ');
  }

  /** What the engine understands of a query (price, category, capabilities), without ranking anything. */
  understand(query: string): ParsedQuery {
    return understandQuery(query, this.vocabulary(), this.matcher, this.knownCategories());
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
    return slot !== undefined && (this.slots[slot]?.concepts.has(concept) ?? false);
  }

  /** The category names listings are in (with at least one live listing). */
  categoryNames(): string[] {
    return this.knownCategories().map((category) => category.name);
  }

  // ───────────────────────────────────────────── internals ─────────────────────────────────────────────

  private indexDocument(doc: SearchDocument, slot: number): SlotData {
    const fieldTexts: string[][] = [
      [doc.name],
      [doc.category],
      doc.tags.map((t) => t.replace(/[-_]/g, ' ')),
      doc.features,
      doc.useCases,
      [doc.description],
      doc.longDescription ? [doc.longDescription] : [],
    ];
    const seq: number[] = [];
    const scan: ScanToken[] = [];
    const fieldOf: number[] = [];
    // Per-term packed field frequencies of this listing, in scratch arrays indexed by term id (no per-term objects).
    const docTerms: number[] = [];
    for (let f = 0; f < FIELD_COUNT; f++) {
      const shift = f * 4;
      let len = 0;
      for (const text of fieldTexts[f] ?? []) {
        for (const w of words(text)) {
          const known = this.addSurface(w, f !== 0);
          const tok = known.token;
          scan.push(tok);
          fieldOf.push(f);
          if (tok.stop) continue;
          const id = known.termId;
          seq.push(id);
          if (this.seenAt[id] !== slot) {
            this.seenAt[id] = slot;
            this.tfScratch[id] = 0;
            docTerms.push(id);
          }
          const packed = this.tfScratch[id] ?? 0;
          if (((packed >>> shift) & 0xf) < 15) this.tfScratch[id] = packed + (1 << shift);
          len++;
        }
        seq.push(-1);
        scan.push(null);
        fieldOf.push(f);
      }
      this.lens[slot * FIELD_COUNT + f] = Math.min(65535, len);
      this.lenSum[f] = (this.lenSum[f] ?? 0) + len;
    }
    const terms = Int32Array.from(docTerms);
    for (const id of docTerms) {
      let pl = this.postings[id];
      if (!pl) {
        pl = new PostingList();
        this.postings[id] = pl;
      }
      pl.push(slot, (this.tfScratch[id] ?? 0) >>> 0);
      this.df[id] = (this.df[id] ?? 0) + 1;
    }
    this.totalPostings += docTerms.length;

    // Concept evidence: capability phrases the listing itself uses.
    const raw = new Map<number, number>();
    for (const h of this.matcher.match(scan, true)) {
      const f = fieldOf[h.positions[0] ?? 0] ?? 5;
      raw.set(h.concept, (raw.get(h.concept) ?? 0) + (CONCEPT_FIELD_WEIGHT[f] ?? 1) * (h.length > 1 ? 1.2 : 1));
    }
    const concepts = new Map<number, number>();
    for (const [ci, r] of raw) {
      const ev = r / (r + 1.5);
      concepts.set(ci, ev);
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
    const pop = Math.min(1, Math.max(0, Math.log10(Math.max(0, doc.monthlyVisitors) + 1) / 9.5));
    const rating = doc.rating === null ? 0.5 : Math.min(1, Math.max(0, (doc.rating - 30) / 20));
    const engagement = Math.min(1, Math.log10(1 + Math.max(0, doc.saveCount) * 5 + Math.max(0, doc.viewCount)) / 6);
    this.prior[slot] = 0.55 * pop + 0.35 * rating + 0.1 * engagement;

    const catKey = normalize(doc.category).trim();
    const cat = this.categoryCounts.get(catKey);
    if (cat) cat.count++;
    else this.categoryCounts.set(catKey, { name: doc.category, count: 1 });

    // Breadth: a listing that calls itself a general-purpose assistant and whose text spans several text tasks.
    let breadth = 0;
    const general = concepts.get(this.generalAssistantConcept) ?? 0;
    if (general > 0) {
      let tasks = 0;
      for (const [ci, ev] of concepts) if (this.generalistTask[ci] && ev > 0.3) tasks++;
      breadth = general * Math.min(1, tasks / FULL_BREADTH);
    }
    return { doc, seq: Int32Array.from(seq), terms, concepts, category: doc.category, breadth, inEu: isInEu(doc) };
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

  private addSurface(w: string, prose: boolean): SurfaceWord {
    let known = this.surface.get(w);
    if (known === undefined) {
      const token = fullToken(w);
      known = { token, termId: token.stop ? -1 : this.termId(token.stem), count: 0, prose: 0 };
      this.surface.set(w, known);
      this.typos.add(w);
    }
    known.count++;
    if (prose) known.prose++;
    return known;
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
    this.pricing = grow8(this.pricing);
    const categoryOf = new Uint16Array(cap);
    categoryOf.set(this.categoryOf);
    this.categoryOf = categoryOf;
    this.touchedFlag = grow8(this.touchedFlag);
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
    this.norms.ensure(this.slots.length);
    for (let s = 0; s < this.slots.length; s++) {
      if (this.alive[s] !== 1) continue;
      this.norms.set(s, this.lens.subarray(s * FIELD_COUNT, (s + 1) * FIELD_COUNT), this.normAvg);
    }
    this.normsStale = false;
  }

  private vocabulary(): Vocabulary {
    return {
      knows: (w) => this.surface.has(w),
      hasStem: (s) => {
        const id = this.termIds.get(s);
        return id !== undefined && (this.df[id] ?? 0) > 0;
      },
      typos: this.typos,
      // Names are read by the name recogniser; a task query's word is never "corrected" into one.
      isProse: (w) => (this.surface.get(w)?.prose ?? 0) > 0,
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
      slotTerms: (slot) => this.slots[slot]?.terms ?? new Int32Array(0),
    };
  }

  /** Sum of IDF-weighted bonuses for consecutive query words found next to each other in the listing. */
  private proximity(slot: number, origIds: number[], origIdf: number[]): number {
    if (origIds.length < 2) return 0;
    const seq = this.slots[slot]?.seq;
    if (!seq) return 0;
    const qpos = new Map<number, number>();
    origIds.forEach((id, i) => qpos.set(id, i));
    let bonus = 0;
    const found = new Set<number>();
    let prevQ = -1;
    let prev2Q = -1;
    for (let i = 0; i < seq.length; i++) {
      const t = seq[i] ?? -1;
      const q = t >= 0 ? (qpos.get(t) ?? -1) : -1;
      if (q >= 0) {
        for (const p of [prevQ, prev2Q]) {
          if (p >= 0 && Math.abs(p - q) === 1) {
            const pair = Math.min(p, q);
            if (!found.has(pair)) {
              found.add(pair);
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
  ('austria,belgium,bulgaria,croatia,cyprus,czech republic,czechia,denmark,estonia,finland,france,germany,greece,hungary,' +
    'ireland,italy,latvia,lithuania,luxembourg,malta,netherlands,poland,portugal,romania,slovakia,slovenia,spain,sweden,' +
    'norway,iceland,liechtenstein,switzerland').split(','),
);
const EU_TEXT = /\b(gdpr|eu[\s-]hosted|hosted in the eu|eu data residency|european data centers?)\b/i;

/** True when a listing is made in the EU/EEA or says it complies with the GDPR or hosts data in the EU. */
function isInEu(doc: SearchDocument): boolean {
  const country = (doc.location ?? '').split(',').pop()?.trim().toLowerCase() ?? '';
  if (EU_COUNTRIES.has(country)) return true;
  return [doc.description, doc.longDescription ?? '', ...doc.features, ...doc.tags].some((text) => EU_TEXT.test(text));
}

function topK(slots: number[], scores: Float32Array, k: number): number[] {
  if (slots.length <= k) return slots.slice();
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
  for (const s of slots) {
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
    } else if (less(heap[0] ?? 0, s)) {
      heap[0] = s;
      siftDown(0);
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
  if (confidence < 0.35) {
    return `${what}${cons}. Nothing in the catalogue clearly fits; the closest partial matches are ${shown}.${typoNote}`;
  }
  return `${what}${cons}. Best fits: ${shown}.${typoNote}`;
}
