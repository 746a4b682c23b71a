import { AppNames, type NamedQuery } from './app-names';
import { AppSimilarity, SIMILAR_KEPT, type SimilarApp } from './app-similarity';
import { SearchIndex, type PricingType, type SearchDocument, type SearchOptions } from './search-index';
import { stem } from './tokenize';

/** One ranked app of an answer. */
export interface CatalogueHit {
  id: number;
  reason: string;
}

/** What a query names: one app, alternatives to one, or a comparison. */
export interface CatalogueIntent {
  kind: 'app' | 'alternatives' | 'compare';
  ids: number[];
}

export interface CatalogueAnswer {
  hits: CatalogueHit[];
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
}

const LOW_COST: PricingType[] = ['free', 'freemium'];
/**
 * Platforms that decide whether an app can be used at all (a phone, a desktop, a browser, self-hosting) filter;
 * the others ("for my team" reads as chat-app integrations, "api") only favour the apps that state them.
 */
const HARD_PLATFORMS: ReadonlySet<string> = new Set(['mobile', 'desktop', 'browser-extension', 'open-source']);
/** Named-app answers are as sure as the name match; a typo'd name a little less. */
const NAMED_CONFIDENCE = 0.9;
const CORRECTED_CONFIDENCE = 0.8;

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

  constructor(docs: Iterable<SearchDocument> = []) {
    const all = [...docs];
    this.index = new SearchIndex(all);
    this.similarity = new AppSimilarity(all);
    this.names = new AppNames(
      (word, exceptId) => this.similarity.usedBy(stem(word), exceptId),
      (word, id) => this.similarity.holds(id, stem(word)),
    );
    for (const doc of all) this.addDoc(doc);
  }

  get size(): number {
    return this.docs.size;
  }

  /** Adds or replaces one app everywhere (index, similarity lists, names). */
  upsert(doc: SearchDocument): void {
    this.index.upsert(doc);
    this.similarity.upsert(doc);
    this.addDoc(doc);
  }

  remove(id: number): void {
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
    return (wanted ? list.filter((entry) => this.docs.get(entry.id)?.pricingType === wanted) : list).slice(0, options.limit ?? SIMILAR_KEPT);
  }

  /** Answers a visitor query. */
  search(query: string, options: CatalogueSearchOptions = {}): CatalogueAnswer {
    const limit = Math.max(1, Math.min(200, options.limit ?? 12));
    const named = this.names.parse(query);
    if (named) return this.namedSearch(named, options, limit);
    return this.taskSearch(query, options, limit);
  }

  // ───────────────────────────────────────────── internals ─────────────────────────────────────────────

  private addDoc(doc: SearchDocument): void {
    this.docs.set(doc.id, doc);
    this.names.upsert(doc.id, doc.name, doc.monthlyVisitors, doc.company);
  }

  private taskSearch(query: string, options: CatalogueSearchOptions, limit: number, exclude?: ReadonlySet<number>): CatalogueAnswer {
    const base: SearchOptions = { limit, pricing: options.pricing, category: options.category, exclude };
    const first = this.index.search(query, base);
    if (first.hits.length > 0) return { hits: first.hits.map(({ id, matchReason }) => ({ id, reason: matchReason })), confidence: first.confidence, reasoning: first.reasoning };

    // Nothing satisfies every constraint: drop the query's own constraints one at a time, narrowest first.
    const relax: NonNullable<SearchOptions['relax']> = {};
    const relaxed: string[] = [];
    const steps: { when: boolean; apply: () => void; label: string }[] = [
      { when: first.understood.category !== null && !options.category, apply: () => (relax.category = true), label: `category: ${first.understood.category ?? ''}` },
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
        hits: outcome.hits.map(({ id, matchReason }) => ({ id, reason: matchReason })),
        // An answer that broke a stated constraint is a weaker answer.
        confidence: Math.min(outcome.confidence, 0.6),
        reasoning: `No ${missing}app${where} matches “${query.trim()}” exactly; ${instead}: ${joinNames(names)}.`,
        relaxed,
      };
    }
    return { hits: [], confidence: Math.min(first.confidence, 0.1), reasoning: first.reasoning };
  }

  private constraintsOf(rest: string, options: CatalogueSearchOptions): Constraints {
    const pq = this.index.understand(rest);
    const fromQuery = pq.pricing ?? (pq.prefersLowCost ? LOW_COST : null);
    const pricing = options.pricing && fromQuery ? options.pricing.filter((p) => fromQuery.includes(p)) : (options.pricing ?? fromQuery);
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

  /** Candidates from the similarity lists of the sources, best first, with every constraint that can be kept. */
  private rankAlternatives(sources: number[], c: Constraints, limit: number): { hits: CatalogueHit[]; relaxed: string[] } {
    const best = new Map<number, { score: number; reason: string }>();
    for (const source of sources) {
      for (const entry of this.similarity.similar(source, SIMILAR_KEPT)) {
        if (sources.includes(entry.id)) continue;
        let score = entry.score;
        // What the visitor adds ("for my team", "for automating workflows") favours the apps that state it.
        for (const concept of c.preferred) if (this.index.hasConcept(entry.id, concept)) score *= 1.1;
        const current = best.get(entry.id);
        if (!current || current.score < score) best.set(entry.id, { score, reason: entry.reason });
      }
    }
    const ranked = [...best].sort((a, b) => b[1].score - a[1].score || a[0] - b[0]);
    const relax = new Set<string>();
    const relaxed: string[] = [];
    const steps: { key: string; when: boolean; label: string }[] = [
      { key: 'platform', when: c.platforms.length > 0, label: `platform: ${c.platforms.map((p) => this.index.conceptLabel(p)).join(', ')}` },
      { key: 'category', when: c.categoryFromQuery, label: `category: ${c.category ?? ''}` },
      { key: 'pricing', when: c.pricingFromQuery, label: 'free' },
    ];
    const pick = () => ranked.filter(([id]) => this.passes(id, c, relax)).slice(0, limit);
    let chosen = pick();
    for (const step of steps) {
      if (chosen.length > 0) break;
      if (!step.when) continue;
      relax.add(step.key);
      relaxed.push(step.label);
      chosen = pick();
    }
    return { hits: chosen.map(([id, { reason }]) => ({ id, reason })), relaxed };
  }

  private namedSearch(named: NamedQuery, options: CatalogueSearchOptions, limit: number): CatalogueAnswer {
    const ids = named.mentions.map((m) => m.id);
    const nameOf = (id: number) => this.docs.get(id)?.name ?? '';
    const corrected = named.mentions.some((m) => m.corrected);
    const confidence = corrected ? CORRECTED_CONFIDENCE : NAMED_CONFIDENCE;
    const c = this.constraintsOf(named.rest, options);
    const priceWord = c.pricing && !c.pricing.includes('paid') ? 'Free ' : '';
    const qualifiers = [c.category ? ` in ${c.category}` : '', ...c.platforms.map((p) => ` (${this.index.conceptLabel(p)})`)].join('');

    if (named.kind === 'alternatives') {
      const source = ids[0] as number;
      const { hits, relaxed } = this.rankAlternatives([source], c, limit);
      const shown = joinNames(hits.slice(0, 3).map((hit) => nameOf(hit.id)));
      let reasoning: string;
      if (hits.length === 0) reasoning = `${nameOf(source)} is in the catalogue, but no other app does the same job.`;
      else if (relaxed.length > 0) {
        const instead = relaxed.includes('free') ? 'these have paid plans' : `ignoring ${relaxed.join(', ')}, the closest are`;
        reasoning = `No ${priceWord.toLowerCase()}alternative to ${nameOf(source)}${qualifiers} matches exactly; ${instead}: ${shown}.`;
      } else reasoning = `${priceWord ? 'Free alternatives' : 'Alternatives'} to ${nameOf(source)}${qualifiers}: ${shown}.`;
      return {
        hits,
        confidence: hits.length === 0 ? 0.3 : relaxed.length > 0 ? Math.min(confidence, 0.6) : confidence,
        reasoning: withCorrections(reasoning, named, nameOf),
        intent: { kind: 'alternatives', ids: [source] },
        ...(relaxed.length > 0 ? { relaxed } : {}),
      };
    }

    if (named.kind === 'compare') {
      const { hits } = this.rankAlternatives(ids, c, Math.max(0, limit - ids.length));
      const namedHits = ids.map((id) => ({ id, reason: this.describe(id) }));
      const others = hits.slice(0, 3).map((hit) => nameOf(hit.id));
      const reasoning = `Comparing ${joinNames(ids.map(nameOf))} side by side${others.length > 0 ? `; close alternatives: ${joinNames(others)}` : ''}.`;
      return {
        hits: [...namedHits, ...hits].slice(0, limit),
        confidence,
        reasoning: withCorrections(reasoning, named, nameOf),
        intent: { kind: 'compare', ids },
      };
    }

    const id = ids[0] as number;
    const exclude = new Set([id]);
    const hasTask = this.index.understand(named.rest).terms.length > 0;
    // "canva for a birthday invitation": the app first, then what else does that task; a bare name: its alternatives.
    const rest = hasTask ? this.taskSearch(named.rest, { ...options, limit: limit - 1 }, limit - 1, exclude).hits : this.rankAlternatives([id], c, limit - 1).hits;
    const others = rest.slice(0, 3).map((hit) => nameOf(hit.id));
    const reasoning = `${nameOf(id)} is in the catalogue${others.length > 0 ? `; ${hasTask ? 'other apps for this' : 'apps that do the same job'}: ${joinNames(others)}` : ''}.`;
    return {
      hits: [{ id, reason: this.describe(id) }, ...rest].slice(0, limit),
      confidence,
      reasoning: withCorrections(reasoning, named, nameOf),
      intent: { kind: 'app', ids: [id] },
    };
  }

  /** The reason shown for an app the visitor named: what it is for. */
  private describe(id: number): string {
    const doc = this.docs.get(id);
    if (!doc) return '';
    const first = doc.description.split(/(?<=[.!?])\s/)[0] ?? doc.description;
    return `You named ${doc.name}: ${first.length > 140 ? `${first.slice(0, first.lastIndexOf(' ', 140))}…` : first}`;
  }
}

function joinNames(names: string[]): string {
  const list = names.filter(Boolean);
  return list.length > 1 ? `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}` : (list[0] ?? '');
}

function withCorrections(reasoning: string, named: NamedQuery, nameOf: (id: number) => string): string {
  const notes = named.mentions.filter((m) => m.corrected).map((m) => `“${nameOf(m.id)}”`);
  return notes.length > 0 ? `${reasoning} Read your spelling as ${notes.join(', ')}.` : reasoning;
}
