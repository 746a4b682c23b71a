import { AppNames, forWhom, type NamedQuery } from './app-names';
import { AppSimilarity, SIMILAR_KEPT, type KeptLists, type SimilarApp } from './app-similarity';
import type { QueryChip, ReasonEvidence } from '@shared/schemas/search';
import { readKnownProducts } from './known-products';
import { LANGUAGE_NAMES, readForeignQuery, type ForeignReading } from './languages/foreign-query';
import { chipsOf, setAside } from './query-chips';
import type { ParsedQuery } from './query-understanding';
import { SearchIndex, type PricingType, type SearchDocument, type SearchOptions } from './search-index';
import { descriptionQuote } from './evidence';
import type { EngineState } from './engine-snapshot';
import { stem, words } from './tokenize';
import { ANSWERS } from './weights';

/** How long `CatalogueSearch.build` works before it lets the event loop turn. */
const BUILD_SLICE_MS = 50;

/** One ranked app of an answer. */
export interface CatalogueHit {
  id: number;
  reason: string;
  /** The claims of `reason`, each with the listings' own words. */
  evidence: ReasonEvidence[];
}

/** What a query names: one app, alternatives to one, or a comparison. */
export interface CatalogueIntent {
  kind: 'app' | 'alternatives' | 'compare';
  ids: number[];
}

export interface CatalogueAnswer {
  hits: CatalogueHit[];
  /** What was read in the query, as removable chips. */
  chips: QueryChip[];
  confidence: number;
  reasoning: string;
  intent?: CatalogueIntent;
  /** Constraints of the query dropped because nothing satisfied them all. */
  relaxed?: string[];
}

export interface CatalogueSearchOptions {
  limit?: number;
  /** Explicit filters (the public API's); never relaxed. */
  pricing?: PricingType[];
  /** A category name. */
  category?: string;
  /** Chip ids of the understanding to set aside ("price", "app:12", "need:transcription"). */
  without?: ReadonlySet<string>;
  /** False for a query read from another language (no spelling correction or word repairs). */
  spelling?: boolean;
  /** The visitor's language when the need depends on it: listings that name it rank higher. */
  language?: string;
}

const LOW_COST: PricingType[] = ['free', 'freemium'];
/** Words after a name that ask about the app itself, not for another one ("notion pricing", "canva login"). */
const NAVIGATIONAL: ReadonlySet<string> = new Set(
  'pricing price prices cost costs login log sign signin signup download install review reviews rating ratings website site official account plans plan features feature tutorial help support update version api docs documentation status'.split(
    ' ',
  ),
);

/**
 * Words that name everybody or nobody in particular ("duolingo for adults", "like X for people who …"): a modifier of
 * only these says nothing about a job, so it prefers among X's substitutes rather than bringing in other apps.
 */
const GENERIC_WHO: ReadonlySet<string> = new Set(
  'adult adults people person persons everyone everybody grownups grownup seniors elderly users humans'.split(' '),
);

/** The need a modifier on a named app adds, as a share of the best app's score per app. */
interface ModifierNeed {
  scores: Map<number, { share: number; reason: string; evidence: ReasonEvidence[] }>;
  label: string;
  confidence: number;
  /** True when the modifier names nobody in particular and no need ("for adults"): it only prefers. */
  taskless: boolean;
}

/** The chip id of the query's language (removing it searches the words as typed). */
const LANGUAGE_CHIP_ID = 'language';

/**
 * Needs whose tools must handle the visitor's language (a German spell checker must check German): for these, the
 * language's English name joins the query, so listings that name the language rank higher.
 */
const LANGUAGE_BOUND: ReadonlySet<string> = new Set([
  'grammar',
  'paraphrase',
  'tone',
  'readability',
  'writing',
  'translation',
  'transcription',
  'subtitles',
  'voiceover',
  'dubbing',
  'language-learning',
  'pronunciation',
  'typing-assistant',
  'meeting-notes',
  'speech-api',
]);

/** True when the need of a foreign query depends on its language (see `LANGUAGE_BOUND`). */
function needsLanguage(foreign: ForeignReading, index: SearchIndex): boolean {
  return index.understand(foreign.english).concepts.some((ac) => LANGUAGE_BOUND.has(index.conceptId(ac.index)));
}

/** Words beyond which a query that names an app without comparing with it is a story, not a request about it. */
const STORY_WORDS = 10;

/**
 * True when a long query mentions an app in passing ("… my students paste everything into chatgpt and hand it in …"): the app
 * is part of the situation, not what the visitor asks about, and the words are searched as a task.
 */
function mentionedInPassing(named: NamedQuery, query: string): boolean {
  if (named.kind !== 'app') return false;
  const first = named.mentions[0];
  return first !== undefined && first.start > 0 && words(query).length > STORY_WORDS;
}

/** The chip id of a well-known product outside the catalogue read as its job. */
const PRODUCT_CHIP_ID = 'app:known-product';

/** The chip id of an app named in the query. */
function appChipId(id: number): string {
  return `app:${id}`;
}

/**
 * True when the words around a name change what is asked: a price, a platform, a turn ("but"), a need or words the
 * app's own listing does not use, other than navigational ones ("pricing", "login").
 */
function hasModifier(
  read: ParsedQuery,
  c: Constraints,
  own: { holds(stem: string): boolean; has(concept: number): boolean; category: string | undefined },
): boolean {
  if (c.pricing || c.platforms.length > 0 || read.prefersLowCost || /\bbut\b/.test(read.raw)) return true;
  // A category word the app is not in ("midjourney for video") asks for apps of that kind.
  if (c.categoryFromQuery && c.category !== own.category) return true;
  // "otter for teams", "notion ai for my kids": whom it is for asks which substitutes suit them, even when X's own
  // listing mentions them.
  if (forWhom(read.raw)) return true;
  // Words of the app's own listing describe it ("quokka ledger bookkeeping"); anything else changes the ask.
  if (read.concepts.some((ac) => !own.has(ac.index))) return true;
  return read.terms.some((t) => !NAVIGATIONAL.has(t.word) && !own.holds(t.stem));
}
/**
 * Platforms that decide whether an app can be used at all (a phone, a desktop, a browser, self-hosting) filter;
 * the others ("for my team" reads as chat-app integrations, "api") only favour the apps that state them.
 */
const HARD_PLATFORMS: ReadonlySet<string> = new Set(['mobile', 'desktop', 'browser-extension', 'open-source']);

interface Constraints {
  pricing: PricingType[] | null;
  /** True when the pricing came from the query (and may be relaxed); false for the API's filter. */
  pricingFromQuery: boolean;
  category: string | null;
  categoryFromQuery: boolean;
  platforms: number[];
  /** Tasks and audiences the visitor adds ("for my team", "for automating workflows"): preferences, not filters. */
  preferred: number[];
}

/**
 * The catalogue's search brain for one instance: the task search index, the app-to-app similarity model and the
 * app-name recogniser, kept in step. It answers task queries, named apps, "alternatives to X" (with every other
 * constraint of the query applied) and "X vs Y", and relaxes constraints one at a time rather than answer nothing.
 */
export class CatalogueSearch {
  readonly index: SearchIndex;
  readonly similarity: AppSimilarity;
  private readonly names: AppNames;
  private readonly docs = new Map<number, SearchDocument>();
  /** Moves with every upsert and removal: answers computed at another revision may differ. */
  revision = 0;

  /**
   * `similarity`: a model the caller built from these very `docs` (the bench times that build alone), used instead of
   * building one here.
   */
  constructor(docs: Iterable<SearchDocument> = [], similarity?: AppSimilarity) {
    const all = [...docs];
    this.index = new SearchIndex(all);
    this.similarity = similarity ?? new AppSimilarity(all);
    this.names = new AppNames(
      (word, exceptId) => this.similarity.usedBy(stem(word), exceptId),
      (word, id) => this.similarity.holds(id, stem(word)),
    );
    for (const doc of all) this.addDoc(doc);
  }

  /**
   * Builds the same search as the constructor in slices of about 50 ms, awaiting `pause` between them so that the
   * process keeps answering (its health check, the change feed's ping) while a large catalogue builds. `lists`: the
   * similarity lists of a snapshot of this very catalogue, used instead of computing them (see
   * `AppSimilarity.rebuildSteps`).
   */
  static async build(
    docs: readonly SearchDocument[],
    options: { lists?: KeptLists; pause?: () => Promise<void> } = {},
  ): Promise<CatalogueSearch> {
    const pause = slicedPause(options.pause);
    const search = new CatalogueSearch();
    for (let i = 0; i < docs.length; i++) {
      search.index.upsert(docs[i] as SearchDocument);
      if (i % 50 === 49) await pause();
    }
    for (const _ of search.similarity.rebuildSteps(docs, options.lists, 50)) await pause();
    for (let i = 0; i < docs.length; i++) {
      search.addDoc(docs[i] as SearchDocument);
      if (i % 500 === 499) await pause();
    }
    return search;
  }

  /**
   * Restores a search from the state a snapshot saved (see `snapshotState`) for the same `docs`, in slices of about
   * 50 ms as `build`; throws when the state is not of these documents (the caller then builds). The same engine as
   * `build(docs)` gives: the saved parts are what a build computes from the listings' text, the rest is computed
   * again by the build's own code (rarities, key weights, names).
   */
  static async restore(
    docs: readonly SearchDocument[],
    state: EngineState,
    options: { pause?: () => Promise<void> } = {},
  ): Promise<CatalogueSearch> {
    const pause = slicedPause(options.pause);
    const search = new CatalogueSearch();
    for (const _ of search.index.restoreState(docs, state.index, 500)) await pause();
    for (const _ of search.similarity.restoreSteps(docs, state.similarity, state.lists, 500)) await pause();
    for (let i = 0; i < docs.length; i++) {
      search.addDoc(docs[i] as SearchDocument);
      if (i % 500 === 499) await pause();
    }
    return search;
  }

  /**
   * The state of a search just built (index, similarity model, lists), for a snapshot; null once it was changed
   * by an update (only a build's state is saved). Awaits `pause` between slices.
   */
  async snapshotState(pause: () => Promise<void>): Promise<EngineState | null> {
    const revision = this.revision;
    const index = this.index.snapshotState(2000);
    let step = index.next();
    while (!step.done) {
      await pause();
      step = index.next();
    }
    const similarity = this.similarity.snapshotState(2000);
    let next = similarity.next();
    while (!next.done) {
      await pause();
      next = similarity.next();
    }
    if (!step.value || !next.value || revision !== this.revision) return null;
    return { index: step.value, similarity: next.value, lists: this.similarity.keptLists() };
  }

  get size(): number {
    return this.docs.size;
  }

  /** Adds or replaces one app everywhere (index, similarity lists, names). */
  upsert(doc: SearchDocument): void {
    this.revision += 1;
    this.index.upsert(doc);
    this.similarity.upsert(doc);
    this.addDoc(doc);
  }

  remove(id: number): void {
    this.revision += 1;
    this.index.remove(id);
    this.similarity.remove(id);
    this.names.remove(id);
    this.docs.delete(id);
  }

  has(id: number): boolean {
    return this.docs.has(id);
  }

  /** The apps that can replace `id` for its main job, optionally only at one price. */
  alternatives(id: number, options: { limit?: number; pricing?: PricingType } = {}): SimilarApp[] {
    const list = this.similarity.similar(id, SIMILAR_KEPT);
    const wanted = options.pricing;
    return (wanted ? list.filter((entry) => this.docs.get(entry.id)?.pricingType === wanted) : list).slice(
      0,
      options.limit ?? SIMILAR_KEPT,
    );
  }

  /**
   * Answers a visitor query. A query in French, Spanish, German, Portuguese or Italian is read into English first
   * (`languages/foreign-query.ts`); the answer says how, with a chip that searches the words as typed.
   */
  search(query: string, options: CatalogueSearchOptions = {}): CatalogueAnswer {
    const foreign = options.without?.has(LANGUAGE_CHIP_ID) ? null : readForeignQuery(query);
    if (!foreign) return this.searchEnglish(query, options);
    const name = LANGUAGE_NAMES[foreign.language];
    const language = needsLanguage(foreign, this.index) ? name.toLowerCase() : undefined;
    const answer = this.searchEnglish(foreign.english, { ...options, spelling: false, language });
    const shown = foreign.readAs.slice(0, 6).map((entry) => `${entry.from} → ${entry.to}`);
    return {
      ...answer,
      // The answer is only as sure as the reading: words of the query the glossary did not know may have been the need.
      confidence:
        Math.round(answer.confidence * ANSWERS.readingPrior * (1 - ANSWERS.readingDoubt * (1 - foreign.coverage)) * 1000) / 1000,
      chips: [{ id: LANGUAGE_CHIP_ID, kind: 'language', label: `Read as ${name}` }, ...answer.chips],
      reasoning: `${answer.reasoning} Read in ${name}${shown.length > 0 ? `: ${shown.join(', ')}` : ''}.`,
    };
  }

  private searchEnglish(query: string, options: CatalogueSearchOptions): CatalogueAnswer {
    const limit = Math.max(1, Math.min(200, options.limit ?? 12));
    // Names are read after the word repairs, so "textto speech" is "text to speech", not a misspelled "Textio".
    const repaired = options.spelling === false ? query : this.index.repaired(query);
    const named = this.names.parse(repaired, { translated: options.spelling === false });
    if (named && !named.mentions.some((m) => options.without?.has(appChipId(m.id))) && !mentionedInPassing(named, repaired))
      return this.namedSearch(named, options, limit);
    const product = options.without?.has(PRODUCT_CHIP_ID)
      ? null
      : readKnownProducts(repaired, (name) => this.names.parse(name) !== null);
    if (product) {
      const answer = this.taskSearch(product.text, options, limit);
      const readAs = product.read.map((entry) => `“${entry.from}” as ${entry.to}`).join(', ');
      return {
        ...answer,
        chips: [
          { id: PRODUCT_CHIP_ID, kind: 'app', label: product.read.map((entry) => `like ${entry.from}`).join(', ') },
          ...answer.chips,
        ],
        reasoning: `${answer.reasoning} Read ${readAs}.`,
      };
    }
    // "written by chatgpt" tells that the text is AI-made: the need is about the text ("ai writing detection").
    return this.taskSearch(this.names.originsAsAi(repaired) ?? query, options, limit);
  }

  // ───────────────────────────────────────────── internals ─────────────────────────────────────────────

  private addDoc(doc: SearchDocument): void {
    this.docs.set(doc.id, doc);
    this.names.upsert(doc.id, doc.name, doc.monthlyVisitors, doc.company);
  }

  private taskSearch(
    query: string,
    options: CatalogueSearchOptions,
    limit: number,
    exclude?: ReadonlySet<number>,
  ): CatalogueAnswer {
    const partial: SearchOptions = {
      limit,
      pricing: options.pricing,
      category: options.category,
      exclude,
      without: options.without,
      spelling: options.spelling,
      language: options.language,
    };
    const base: SearchOptions = { ...partial, fitReference: this.fitReference(query, partial) };
    const first = this.index.search(query, base);
    const chips = first.understood.chips;
    if (first.hits.length > 0)
      return {
        hits: first.hits.map(({ id, matchReason, evidence }) => ({ id, reason: matchReason, evidence })),
        chips,
        confidence: first.confidence,
        reasoning: first.reasoning,
      };

    // Nothing satisfies every constraint: drop the query's own constraints one at a time, narrowest first.
    const relax: NonNullable<SearchOptions['relax']> = {};
    const relaxed: string[] = [];
    const steps: { when: boolean; apply: () => void; label: string }[] = [
      {
        when: first.understood.category !== null && !options.category,
        apply: () => (relax.category = true),
        label: `category: ${first.understood.category ?? ''}`,
      },
      { when: first.understood.pricing !== null, apply: () => (relax.pricing = true), label: 'free' },
    ];
    for (const step of steps) {
      if (!step.when) continue;
      step.apply();
      relaxed.push(step.label);
      const outcome = this.index.search(query, { ...base, relax });
      if (outcome.hits.length === 0) continue;
      const names = outcome.hits.slice(0, 3).map((hit) => this.docs.get(hit.id)?.name ?? '');
      const missing = first.understood.pricing !== null ? 'free ' : '';
      const where = first.understood.category && relax.category ? ` in ${first.understood.category}` : '';
      const instead = relax.pricing ? 'these are the closest, with paid plans' : 'these are the closest from other categories';
      return {
        hits: outcome.hits.map(({ id, matchReason, evidence }) => ({ id, reason: matchReason, evidence })),
        chips,
        // An answer that broke a stated constraint is a weaker answer.
        confidence: Math.min(outcome.confidence, ANSWERS.relaxedConfidence),
        reasoning: `No ${missing}app${where} matches “${query.trim()}” exactly; ${instead}: ${joinNames(names)}.`,
        relaxed,
      };
    }
    return { hits: [], chips, confidence: Math.min(first.confidence, ANSWERS.emptyConfidence), reasoning: first.reasoning };
  }

  /**
   * The best score any listing reaches for this need with no price or category filter: under the filters, a hit far
   * below it matched the filters, not the need (see `TASK_RANKING.fitShare`). Undefined when nothing filters.
   */
  private fitReference(query: string, base: SearchOptions): number | undefined {
    const read = this.index.understand(query);
    const filtered = base.pricing !== undefined || base.category !== undefined || read.pricing !== null || read.category !== null;
    if (!filtered) return undefined;
    return this.index.search(query, {
      limit: 1,
      exclude: base.exclude,
      without: base.without,
      relax: { pricing: true, category: true },
    }).hits[0]?.score;
  }

  private constraintsOf(rest: string, options: CatalogueSearchOptions): Constraints {
    const read = this.index.understand(rest);
    const pq = options.without ? setAside(read, options.without, this.index.matcher) : read;
    const fromQuery = pq.pricing ?? (pq.prefersLowCost ? LOW_COST : null);
    const pricing =
      options.pricing && fromQuery ? options.pricing.filter((p) => fromQuery.includes(p)) : (options.pricing ?? fromQuery);
    const platforms: number[] = [];
    const preferred: number[] = [];
    for (const concept of pq.concepts) {
      const kind = this.index.conceptKind(concept.index);
      if (kind === 'platform' && HARD_PLATFORMS.has(this.index.conceptId(concept.index))) platforms.push(concept.index);
      else preferred.push(concept.index);
    }
    return {
      pricing,
      pricingFromQuery: !options.pricing && fromQuery !== null,
      category: options.category ?? pq.category,
      categoryFromQuery: !options.category && pq.category !== null,
      platforms,
      preferred,
    };
  }

  private passes(id: number, c: Constraints, relax: ReadonlySet<string>): boolean {
    const doc = this.docs.get(id);
    if (!doc) return false;
    if (c.pricing && !relax.has('pricing') && !(doc.pricingType !== null && c.pricing.includes(doc.pricingType))) return false;
    if (c.category && !relax.has('category') && doc.category !== c.category) return false;
    if (!relax.has('platform')) for (const platform of c.platforms) if (!this.index.hasConcept(id, platform)) return false;
    return true;
  }

  /**
   * Candidates from the similarity lists of the sources, best first, with every constraint that can be kept. With a
   * modifier need, the apps that serve it join the candidates and the ranking fuses both: an app that does the
   * source's job AND the visitor's twist ranks above one that does only either.
   */
  private rankAlternatives(
    sources: number[],
    c: Constraints,
    limit: number,
    need: ModifierNeed | null = null,
  ): { hits: CatalogueHit[]; relaxed: string[]; fitShare: number } {
    const best = new Map<number, { score: number; reason: string; evidence: ReasonEvidence[] }>();
    for (const source of sources) {
      for (const entry of this.similarity.similar(source, SIMILAR_KEPT)) {
        if (sources.includes(entry.id)) continue;
        let score = entry.score;
        // What the visitor adds ("for my team", "for automating workflows") favours the apps that state it.
        for (const concept of c.preferred) if (this.index.hasConcept(entry.id, concept)) score *= ANSWERS.preferred;
        const current = best.get(entry.id);
        if (!current || current.score < score) best.set(entry.id, { score, reason: entry.reason, evidence: entry.evidence });
      }
    }
    if (need) {
      const topSimilarity = Math.max(1e-9, ...[...best.values()].map((entry) => entry.score));
      const fused = new Map<number, { score: number; reason: string; evidence: ReasonEvidence[] }>();
      // "duolingo for adults" asks which of Duolingo's substitutes suit adults: a modifier without a task of its own
      // brings in no app that does another job.
      const ids = new Set([...best.keys(), ...(need.taskless ? [] : need.scores.keys())]);
      for (const id of ids) {
        if (sources.includes(id)) continue;
        const similar = best.get(id);
        const serves = need.scores.get(id);
        const similarShare = similar
          ? similar.score / topSimilarity
          : sources.reduce((max, source) => Math.max(max, this.similarity.similarity(source, id)), 0) / topSimilarity;
        const needShare = serves?.share ?? 0;
        // A modifier without a task only prefers among the substitutes, as a stated preference does.
        const score = need.taskless
          ? similarShare * (1 + (ANSWERS.preferred - 1) * needShare)
          : (1 - ANSWERS.modifier) * similarShare + ANSWERS.modifier * needShare;
        // The reason names what the app is chosen for: the modifier when that is its stronger side.
        const why =
          serves && (!similar || needShare > similarShare)
            ? { reason: serves.reason, evidence: serves.evidence }
            : similar
              ? { reason: similar.reason, evidence: similar.evidence }
              : null;
        if (why) fused.set(id, { score, ...why });
      }
      best.clear();
      for (const [id, entry] of fused) best.set(id, entry);
    }
    const ranked = [...best].sort((a, b) => b[1].score - a[1].score || a[0] - b[0]);
    const relax = new Set<string>();
    const relaxed: string[] = [];
    const steps: { key: string; when: boolean; label: string }[] = [
      {
        key: 'platform',
        when: c.platforms.length > 0,
        label: `platform: ${c.platforms.map((p) => this.index.conceptLabel(p)).join(', ')}`,
      },
      { key: 'category', when: c.categoryFromQuery, label: `category: ${c.category ?? ''}` },
      { key: 'pricing', when: c.pricingFromQuery, label: 'free' },
    ];
    // A filter keeps only substitutes that still do the job: the tail of a similarity list that happens to run on
    // the asked platform ("otter alternative for iphone" → a sales tool with an app) is no answer, and relaxing the
    // filter, said as such, is the better one.
    const floor = (ranked[0]?.[1].score ?? 0) * ANSWERS.filteredSubstituteFloor;
    const filters = steps.filter((step) => step.when).length;
    const pick = () => {
      // The floor holds while a filter still narrows the list; a fused modifier ranking weighs similarity already.
      const floored = need === null && relax.size < filters;
      return ranked.filter(([id, entry]) => this.passes(id, c, relax) && (!floored || entry.score >= floor)).slice(0, limit);
    };
    let chosen = pick();
    for (const step of steps) {
      if (chosen.length > 0) break;
      if (!step.when) continue;
      relax.add(step.key);
      relaxed.push(step.label);
      chosen = pick();
    }
    // How close the best substitute that passes the filters comes to the best substitute of all (at most 1): a filter
    // that keeps only distant ones ("notion ai but open source" → a chat model) answers less surely.
    const fitShare = (chosen[0]?.[1].score ?? 0) / Math.max(1e-9, ranked[0]?.[1].score ?? 0);
    return { hits: chosen.map(([id, { reason, evidence }]) => ({ id, reason, evidence })), relaxed, fitShare };
  }

  private namedSearch(named: NamedQuery, options: CatalogueSearchOptions, limit: number): CatalogueAnswer {
    const ids = named.mentions.map((m) => m.id);
    const nameOf = (id: number) => this.docs.get(id)?.name ?? '';
    const corrected = named.mentions.some((m) => m.corrected);
    const confidence = corrected ? ANSWERS.correctedConfidence : ANSWERS.namedConfidence;
    const c = this.constraintsOf(named.rest, options);
    const fullRead = this.index.understand(named.rest);
    const chips: QueryChip[] = [
      ...named.mentions.map((m) => ({ id: appChipId(m.id), kind: 'app' as const, label: nameOf(m.id) })),
      ...chipsOf(fullRead, this.index.matcher),
    ];
    const restRead = options.without ? setAside(fullRead, options.without, this.index.matcher) : fullRead;
    const priceWord = c.pricing && !c.pricing.includes('paid') ? 'Free ' : '';
    const qualifiers = [
      c.category ? ` in ${c.category}` : '',
      ...c.platforms.map((p) => ` (${this.index.conceptLabel(p)})`),
    ].join('');

    if (named.kind === 'compare') {
      const { hits } = this.rankAlternatives(ids, c, Math.max(0, limit - ids.length));
      const namedHits = ids.map((id) => this.describe(id));
      const others = hits.slice(0, 3).map((hit) => nameOf(hit.id));
      const reasoning = `Comparing ${joinNames(ids.map(nameOf))} side by side${others.length > 0 ? `; close alternatives: ${joinNames(others)}` : ''}.`;
      return {
        hits: [...namedHits, ...hits].slice(0, limit),
        chips,
        confidence,
        reasoning: withCorrections(reasoning, named, nameOf),
        intent: { kind: 'compare', ids },
      };
    }

    const source = ids[0] as number;
    // A bare name (or one with only navigational words: "notion pricing") asks for the app itself; any modifier
    // ("but cheaper", "for kids", "like X for video") asks for the apps that do its job the way the visitor wants.
    // A task counts as the app's own job only when its description or tags state it: "chatgpt for coding" asks for
    // coding assistants even though ChatGPT's features mention code. Platforms and audiences count wherever stated.
    let headline: Set<number> | undefined;
    const own = {
      holds: (stem: string) => this.similarity.holds(source, stem),
      has: (concept: number) =>
        this.index.hasConcept(source, concept) &&
        (this.index.conceptKind(concept) !== 'task' || (headline ??= this.headlineConcepts(source)).has(concept)),
      category: this.docs.get(source)?.category,
    };
    // "descript for windows" asks whether Descript runs there: when it does and nothing else is asked, the app itself
    // comes first, with the substitutes that run there too.
    const onItsPlatform =
      c.platforms.length > 0 &&
      this.passes(source, c, new Set()) &&
      !hasModifier({ ...restRead, terms: restRead.terms.filter((t) => !t.inConcept) }, { ...c, platforms: [] }, own);
    const modified = named.kind === 'alternatives' || (hasModifier(restRead, c, own) && !onItsPlatform);
    if (!modified) {
      const { hits: rest } = this.rankAlternatives([source], c, limit - 1);
      const others = rest.slice(0, 3).map((hit) => nameOf(hit.id));
      const there = onItsPlatform ? qualifiers : '';
      const reasoning = `${nameOf(source)}${there} is in the catalogue${others.length > 0 ? `; apps that do the same job${there}: ${joinNames(others)}` : ''}.`;
      return {
        hits: [this.describe(source), ...rest].slice(0, limit),
        chips,
        confidence,
        reasoning: withCorrections(reasoning, named, nameOf),
        intent: { kind: 'app', ids: [source] },
      };
    }

    // "X alternatives for my online store", "games like X": the wording asks for X's substitutes, and the rest narrows
    // them (a preference). Without that wording ("X but for screenwriters", "X for teenagers"), or when the words after
    // the name ask for a task X does not do, or say "but" ("like Grammarly but for writing code", "apps like Duolingo
    // for learning to code"), the rest is a twist on X's job, searched as a need of its own and fused with X's
    // substitutes.
    const need =
      named.kind === 'app' || this.twistsAfterName(named, source)
        ? this.modifierNeed(named.rest, restRead, source, options)
        : null;
    const { hits, relaxed, fitShare } = this.rankAlternatives([source], c, limit, need);
    const shown = joinNames(hits.slice(0, 3).map((hit) => nameOf(hit.id)));
    const focus = need ? ` for ${need.label}` : '';
    let reasoning: string;
    if (hits.length === 0) reasoning = `${nameOf(source)} is in the catalogue, but no other app does the same job.`;
    else if (relaxed.length > 0) {
      const instead = relaxed.includes('free') ? 'these have paid plans' : `ignoring ${relaxed.join(', ')}, the closest are`;
      reasoning = `No ${priceWord.toLowerCase()}alternative to ${nameOf(source)}${qualifiers}${focus} matches exactly; ${instead}: ${shown}.`;
    } else reasoning = `${priceWord ? 'Free alternatives' : 'Alternatives'} to ${nameOf(source)}${qualifiers}${focus}: ${shown}.`;
    return {
      hits,
      chips,
      confidence:
        hits.length === 0
          ? ANSWERS.noAlternativesConfidence
          : relaxed.length > 0
            ? Math.min(confidence, ANSWERS.relaxedConfidence)
            : need || c.preferred.length > 0
              ? Math.min(confidence, ANSWERS.twistedConfidence, ANSWERS.noAlternativesConfidence + (need?.confidence ?? 1))
              : Math.round(confidence * fitShare * 1000) / 1000,
      reasoning: withCorrections(reasoning, named, nameOf),
      intent: { kind: 'alternatives', ids: [source] },
      ...(relaxed.length > 0 ? { relaxed } : {}),
    };
  }

  /**
   * What a modifier on a named app asks for beyond the app's own job ("for screenwriters", "for editing clips",
   * "for kids"): the task search of those words, as a score per app, or null when they name no need the engine
   * knows (price and platform words are constraints, handled as filters).
   */
  private modifierNeed(rest: string, read: ParsedQuery, source: number, options: CatalogueSearchOptions): ModifierNeed | null {
    const needs = read.concepts.filter((ac) => this.index.conceptKind(ac.index) !== 'platform');
    const words = read.terms.filter((t) => !t.inConcept && !NAVIGATIONAL.has(t.word));
    if (needs.length === 0 && words.length === 0) return null;
    const outcome = this.index.search(rest, {
      limit: ANSWERS.modifierCandidates,
      exclude: new Set([source]),
      relax: { pricing: true, category: true },
      without: options.without,
    });
    if (outcome.hits.length === 0 || outcome.confidence < ANSWERS.modifierMinConfidence) return null;
    const top = outcome.hits[0]?.score ?? 1;
    const scores = new Map<number, { share: number; reason: string; evidence: ReasonEvidence[] }>();
    for (const hit of outcome.hits)
      scores.set(hit.id, { share: hit.score / top, reason: hit.matchReason, evidence: hit.evidence });
    const label = needs.map((ac) => this.index.conceptLabel(ac.index)).filter(Boolean)[0] ?? words.map((t) => t.word).join(' ');
    const taskless = needs.length === 0 && words.every((t) => GENERIC_WHO.has(t.word));
    return { scores, label, confidence: outcome.confidence, taskless };
  }

  /** True when the words after a substitute request's name ask for another task ("like X but for dubbing"). */
  private twistsAfterName(named: NamedQuery, source: number): boolean {
    if (named.kind !== 'alternatives' || named.after === '') return false;
    const tasks = this.index.understand(named.after).concepts.filter((ac) => this.index.conceptKind(ac.index) === 'task');
    const stated = /^but\b/.test(named.after);
    return tasks.some((ac) => stated || !this.index.hasConcept(source, ac.index));
  }

  /** The concepts an app's description and tags state: its main job, as opposed to what its features add. */
  private headlineConcepts(id: number): Set<number> {
    const doc = this.docs.get(id);
    if (!doc) return new Set();
    const tags = doc.tags.map((tag) => tag.replace(/[-_]/g, ' ')).join(', ');
    return new Set(this.index.understand(`${doc.description} ${tags}`).concepts.map((ac) => ac.index));
  }

  /** The hit of an app the visitor named: what it is for, in its own words. */
  private describe(id: number): CatalogueHit {
    const doc = this.docs.get(id);
    if (!doc) return { id, reason: '', evidence: [] };
    const quote = descriptionQuote(doc);
    const first = quote.text;
    const reason = `You named ${doc.name}: ${first.length > 140 ? `${first.slice(0, first.lastIndexOf(' ', 140))}…` : first}`;
    return { id, reason, evidence: [{ claim: `You named ${doc.name}`, quotes: [quote] }] };
  }
}

/**
 * A pause that lets the event loop turn once `BUILD_SLICE_MS` have passed since the last turn. Slices of time, not of
 * listings: 1,000 listings took 0.6–0.8 s at 100,000 apps on a busy machine, and a stretch over 2 s timed out the
 * change feed's LISTEN ping (and with it a query of the duplicate scanner).
 */
function slicedPause(given?: () => Promise<void>): () => Promise<void> {
  const turn = given ?? (() => new Promise<void>((resolve) => setImmediate(resolve)));
  let sliceStarted = performance.now();
  return async (): Promise<void> => {
    if (performance.now() - sliceStarted < BUILD_SLICE_MS) return;
    await turn();
    sliceStarted = performance.now();
  };
}

function joinNames(names: string[]): string {
  const list = names.filter(Boolean);
  return list.length > 1 ? `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}` : (list[0] ?? '');
}

function withCorrections(reasoning: string, named: NamedQuery, nameOf: (id: number) => string): string {
  const notes = named.mentions.filter((m) => m.corrected).map((m) => `“${nameOf(m.id)}”`);
  return notes.length > 0 ? `${reasoning} Read your spelling as ${notes.join(', ')}.` : reasoning;
}
