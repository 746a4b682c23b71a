import { setImmediate } from 'node:timers/promises';
import { SEARCH_RESULT_LIMIT, type PricingType } from '@shared/constants';
import {
  alternativesPath,
  comparePath,
  type AlternativeApp,
  type AlternativesQuery,
  type AlternativesResponse,
  type CompareQuery,
  type CompareResponse,
  type SearchIntent,
} from '@shared/schemas/alternatives';
import type { App, SearchResponse, SearchResultApp } from '@shared/schemas/app';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { Env } from '../../env';
import type { ChangeFeed } from '../../lib/change-feed';
import { presentApp } from '../apps/apps.presenter';
import { AppRecordsService } from '../apps/apps.records.service';
import { isListedApp, type AppWithCategory } from '../../db/catalogue';
import { rerankWithAi, type RerankCandidate } from './ai-reranker';
import { alignRows } from './engine/align-rows';
import type { KeptLists } from './engine/app-similarity';
import { CatalogueSearch, type CatalogueAnswer, type CatalogueIntent } from './engine/catalogue-search';
import { markOwners } from './compare-claims';
import { UNSURE_BELOW } from './engine/weights';
import { CONCEPTS } from './engine/concept-lexicon';
import { SIMILARITY_SNAPSHOT_FORMAT, decodeSimilarityLists, encodeSimilarityLists } from './engine/similarity-snapshot';
import { decodeEngineState, encodeEngineState, engineSnapshotFormat, type EngineState } from './engine/engine-snapshot';
import { toSearchDocument } from './search-documents';
import { SearchAnswerCache, searchCacheKey } from './search.cache';
import { SearchRepository } from './search.repository';

/** How many local candidates an AI re-ranker may choose from. */
const AI_CANDIDATES = 30;
/** How often an instance double-checks that its index matches the database. */
const RESYNC_INTERVAL_MS = 60_000;
/** Search events are written in batches: one insert per second instead of one per search. */
const RECORD_FLUSH_MS = 1000;

/**
 * A refresh of many apps (a large import) updates the index in slices of at most this long, so
 * requests are answered between slices instead of waiting for thousands of apps.
 */
const REFRESH_SLICE_MS = 50;
/** Apps a refresh reads per query. */
const REFRESH_READ = 1000;
/** Apps presented between two turns of the event loop when a rebuild swaps in its new index. */
const REBUILD_SLICE = 5000;
/** The row of `search_snapshots` holding the alternatives lists. */
const SNAPSHOT_NAME = 'similarity-lists';
/** The log message of a saved engine state. */
export const ENGINE_STATE_SAVED = 'Search engine state saved';

/** The manifest row of the whole engine's snapshot; its pieces are `engine-state/<save id>/<n>` (decision 0025). */
const ENGINE_SNAPSHOT_NAME = 'engine-state';

/** How many ranked apps a task page may draw on. */
const TASK_CANDIDATES = 200;

/** A task concept of the engine: its id (the task page's slug) and its human label. */
export interface TaskConcept {
  id: string;
  label: string;
}

/** Options of `search` for the public API and MCP (the screen's POST /api/search passes none). */
export interface SearchServiceOptions {
  pricing?: PricingType;
  /** A category slug or name. */
  category?: string;
  limit?: number;
  /** Chip ids of an earlier answer's understanding to set aside. */
  without?: readonly string[];
}

/**
 * What the search reads of the instance's context. A part of it, not AppContext, because the context holds this
 * service: naming AppContext here would tie the two files in a circle.
 */
export interface SearchContext {
  env: Env;
  db: Db;
  changes: ChangeFeed;
  log: FastifyBaseLogger;
}

/**
 * The search of one server instance (`ctx.search`): an in-memory index of the public apps, their
 * app-to-app similarity lists and their names, kept consistent with the database by the change feed
 * (local writes and LISTEN/NOTIFY from other instances), with a periodic fingerprint check as a
 * safety net. A restart rebuilds it from the database.
 */
export class SearchService {
  private index = new CatalogueSearch();
  /** The presented public apps, beside the index, so a search needs no database round trip. */
  private presented = new Map<number, App>();
  /** `categorySlug/nameSlug` → id of the public apps. */
  private bySlug = new Map<string, number>();
  private pendingRecords: { query: string; resultCount: number }[] = [];
  private flushTimer: NodeJS.Timeout | undefined;
  private readonly apps: AppRecordsService;
  private readonly repository: SearchRepository;
  private fingerprint = '';
  private timer: NodeJS.Timeout | undefined;
  private unsubscribers: (() => void)[] = [];
  private started = false;
  /** Answers of the local engine, for the catalogue state they were computed from. */
  readonly answers: SearchAnswerCache<SearchResponse>;
  /** The task concept each query is about (a search answer's task link), for the same states. */
  private readonly queryTasks: SearchAnswerCache<{ id: string | null }>;
  /** Rebuilds and refreshes run one after the other: a refresh yields between slices, and a rebuild in between would be overwritten by its older rows. */
  private updates: Promise<void> = Promise.resolve();
  private isWarming = true;
  private ready: Promise<void> = Promise.resolve();
  private snapshotUsed = false;
  private engineRestored = false;
  /** True when the saved engine state carried this version but could not be loaded (then a build saves it anew). */
  private engineSnapshotUnusable = false;
  private timings: { rowsMs: number; snapshotMs: number; engineMs: number; totalMs: number } | null = null;
  private builds = 0;
  /** The snapshot being saved, awaited by `stop` (a server stopped right after its first build still saves it). */
  private saving: Promise<void> = Promise.resolve();

  constructor(private readonly ctx: SearchContext) {
    this.apps = new AppRecordsService(ctx.db);
    this.repository = new SearchRepository(ctx.db);
    this.answers = new SearchAnswerCache(ctx.changes);
    this.queryTasks = new SearchAnswerCache(ctx.changes);
  }

  /**
   * Builds the index and starts following changes; resolves once the first build is done (`warming` until then).
   * Changes heard while warming are applied after the build, in order.
   */
  start(): Promise<void> {
    if (this.started) return this.ready;
    this.started = true;
    const afterWarmUp =
      <T>(handler: (payload: T) => Promise<void>) =>
      async (payload: T): Promise<void> => {
        if (this.warming) await this.ready;
        await handler(payload);
      };
    this.unsubscribers.push(
      this.ctx.changes.subscribe(
        'apps.changed',
        afterWarmUp(({ ids }) => this.refresh(ids)),
      ),
      // Categories only added (an import's) hold only the apps `apps.changed` brings: no full rebuild.
      this.ctx.changes.subscribe(
        'categories.changed',
        afterWarmUp(async ({ onlyAdded }) => (onlyAdded ? undefined : this.rebuild())),
      ),
      this.ctx.changes.subscribe(
        'resync',
        afterWarmUp(() => this.rebuild()),
      ),
    );
    this.ready = this.warmUp();
    return this.ready;
  }

  /** True until the first build of the index is done: the instance cannot answer searches completely yet. */
  get warming(): boolean {
    return this.isWarming;
  }

  /** Resolves once the first build is done. */
  whenReady(): Promise<void> {
    return this.ready;
  }

  /** The first build: from the saved snapshot when it matches the database, retried until the database answers. */
  private async warmUp(): Promise<void> {
    for (let attempt = 0; this.started; attempt++) {
      try {
        await this.rebuild();
        break;
      } catch (error) {
        this.ctx.log.error({ err: error }, 'search index build failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, Math.min(30_000, 1000 * 2 ** attempt)));
      }
    }
    this.isWarming = false;
    if (!this.started) return;
    this.timer = setInterval(() => void this.resyncIfStale(), RESYNC_INTERVAL_MS);
    this.timer.unref();
    this.flushTimer = setInterval(() => void this.flushRecords(), RECORD_FLUSH_MS);
    this.flushTimer.unref();
  }

  /** Stops following changes and writes the searches not yet recorded. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.ready;
    await this.saving;
    clearInterval(this.timer);
    clearInterval(this.flushTimer);
    await this.flushRecords();
    for (const unsubscribe of this.unsubscribers) unsubscribe();
    this.unsubscribers = [];
  }

  get size(): number {
    return this.index.size;
  }

  /**
   * Reloads the whole index from the database. The alternatives lists come from the saved snapshot when it was
   * computed from this very catalogue by this engine version (decision 0025), at start-up and on every later
   * rebuild (a resync after the change feed reconnected usually finds the catalogue unchanged); a build that
   * computed them saves them for the next instance.
   */
  async rebuild(): Promise<void> {
    return this.serially(async () => {
      const timings = { rowsMs: 0, snapshotMs: 0, engineMs: 0, totalMs: 0 };
      const started = performance.now();
      const fingerprint = await this.repository.fingerprint();
      const engineVersion = { format: engineSnapshotFormat(), fingerprint };
      const [rows, engineState] = await Promise.all([
        this.apps.allPublic().then((result) => ((timings.rowsMs = performance.now() - started), result)),
        this.readEngineSnapshot(engineVersion).then((result) => ((timings.snapshotMs = performance.now() - started), result)),
      ]);
      const docs = rows.map(toSearchDocument);
      const engineStarted = performance.now();
      let index: CatalogueSearch | null = null;
      if (engineState) {
        try {
          index = await CatalogueSearch.restore(docs, engineState);
        } catch (error) {
          // A snapshot that passed its checks and still does not fit these listings: built instead, and saved anew.
          this.engineSnapshotUnusable = true;
          this.ctx.log.warn({ err: error }, 'the saved search engine state does not fit the catalogue; building it');
        }
      }
      const restored = index !== null;
      const version = { format: SIMILARITY_SNAPSHOT_FORMAT, fingerprint };
      let lists: KeptLists | null = null;
      if (!index) {
        const saved = await this.repository.snapshotVersion(SNAPSHOT_NAME);
        const usable = saved !== null && saved.format === version.format && saved.fingerprint === version.fingerprint;
        const bytes = usable ? await this.repository.readSnapshot(SNAPSHOT_NAME, version) : null;
        lists = bytes ? decodeSimilarityLists(bytes) : null;
        index = await CatalogueSearch.build(docs, { lists: lists ?? undefined });
      }
      timings.engineMs = performance.now() - engineStarted;
      // In slices: presenting 100,000 apps at once kept the event loop busy past the LISTEN ping's timeout.
      const presented = new Map<number, App>();
      const bySlug = new Map<string, number>();
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i] as AppWithCategory;
        presented.set(row.id, this.present(row));
        bySlug.set(slugKey(row.categorySlug, row.nameSlug), row.id);
        if (i % REBUILD_SLICE === REBUILD_SLICE - 1) await setImmediate();
      }
      this.index = index;
      this.presented = presented;
      this.bySlug = bySlug;
      this.fingerprint = fingerprint;
      this.builds += 1;
      this.snapshotUsed = lists !== null || restored;
      this.engineRestored = restored;
      timings.totalMs = performance.now() - started;
      this.timings = timings;
      const built = index;
      if (!lists && !restored) this.saving = this.saving.then(() => this.saveSnapshot(built, version));
      if (!restored) this.saving = this.saving.then(() => this.saveEngineSnapshot(built, engineVersion));
    });
  }

  /**
   * How long the last build took (milliseconds from its start): the public rows read, the engine snapshot read and
   * decoded (in parallel with the rows), the engine restored or built, and in all (with presenting the apps).
   */
  get lastBuildTimings(): { rowsMs: number; snapshotMs: number; engineMs: number; totalMs: number } | null {
    return this.timings;
  }

  /** True when the last build loaded the whole engine from the saved snapshot rather than building it. */
  get restoredFromSnapshot(): boolean {
    return this.engineRestored;
  }

  /** The saved engine state when it was made by this engine code from this very catalogue; null otherwise. */
  private async readEngineSnapshot(version: { format: string; fingerprint: string }): Promise<EngineState | null> {
    try {
      const saved = await this.repository.snapshotVersion(ENGINE_SNAPSHOT_NAME);
      if (saved?.format !== version.format || saved.fingerprint !== version.fingerprint) return null;
      const bytes = await this.repository.readChunkedSnapshot(ENGINE_SNAPSHOT_NAME, version);
      // A manifest of this version whose pieces are missing or damaged: this instance's build replaces it.
      this.engineSnapshotUnusable = bytes === null;
      return bytes ? decodeEngineState([bytes]) : null;
    } catch (error) {
      this.engineSnapshotUnusable = true;
      this.ctx.log.warn({ err: error }, 'could not read the saved search engine state; building it');
      return null;
    }
  }

  /**
   * Saves the whole engine as a full build left it (decision 0025), unless the catalogue or the engine changed
   * meanwhile or another instance already saved this version. The state is taken and encoded in slices, and the
   * pieces written one by one, so the event loop turns throughout.
   */
  private async saveEngineSnapshot(index: CatalogueSearch, version: { format: string; fingerprint: string }): Promise<void> {
    try {
      if (this.index !== index || index.revision !== 0) return;
      if ((await this.repository.fingerprint()) !== version.fingerprint) return;
      const saved = await this.repository.snapshotVersion(ENGINE_SNAPSHOT_NAME);
      if (!this.engineSnapshotUnusable && saved?.format === version.format && saved.fingerprint === version.fingerprint) return;
      const pause = () => setImmediate();
      const state = await index.snapshotState(pause);
      if (!state) return;
      const chunks = await encodeEngineState(state, pause);
      await this.repository.writeChunkedSnapshot(ENGINE_SNAPSHOT_NAME, version, chunks, pause);
      this.engineSnapshotUnusable = false;
      // What a restart will load: operators (and bench:startup) can tell when the next start will be quick.
      this.ctx.log.info({ apps: index.size }, ENGINE_STATE_SAVED);
    } catch (error) {
      this.ctx.log.warn({ err: error }, 'could not save the search engine state');
    }
  }

  /** How many full builds of the index this instance has made (each blocks for seconds on a large catalogue). */
  get fullBuilds(): number {
    return this.builds;
  }

  /** True when the last build took its alternatives lists from the saved snapshot. */
  get builtFromSnapshot(): boolean {
    return this.snapshotUsed;
  }

  /** Saves the lists of a full build, unless the catalogue changed while it ran (they would be stale at once). */
  private async saveSnapshot(index: CatalogueSearch, version: { format: string; fingerprint: string }): Promise<void> {
    try {
      if ((await this.repository.fingerprint()) !== version.fingerprint) return;
      // Every instance rebuilds on a category change: the first one's save serves them all.
      const saved = await this.repository.snapshotVersion(SNAPSHOT_NAME);
      if (saved?.format === version.format && saved.fingerprint === version.fingerprint) return;
      await this.repository.writeSnapshot(SNAPSHOT_NAME, version, encodeSimilarityLists(index.similarity.keptLists()));
    } catch (error) {
      this.ctx.log.warn({ err: error }, 'could not save the search snapshot');
    }
  }

  /**
   * Re-reads the given apps: public ones are (re)indexed, the others leave the index. Many apps are
   * read a thousand at a time and indexed in slices of REFRESH_SLICE_MS, yielding between slices.
   */
  async refresh(ids: number[]): Promise<void> {
    return this.serially(async () => {
      const activeCategories = new Set(await this.apps.allPublicCategoryIds());
      let sliceStarted = performance.now();
      for (let start = 0; start < ids.length; start += REFRESH_READ) {
        const chunk = ids.slice(start, start + REFRESH_READ);
        const rows = await this.apps.findByIds(chunk);
        const publicRows = new Map(rows.filter((row) => isListedApp(row, activeCategories)).map((row) => [row.id, row]));
        for (const id of chunk) {
          const row = publicRows.get(id);
          if (row) {
            this.forgetSlug(id);
            this.index.upsert(toSearchDocument(row));
            this.presented.set(id, this.present(row));
            this.bySlug.set(slugKey(row.categorySlug, row.nameSlug), id);
          } else {
            this.forgetSlug(id);
            this.index.remove(id);
            this.presented.delete(id);
          }
          if (performance.now() - sliceStarted >= REFRESH_SLICE_MS) {
            await setImmediate();
            sliceStarted = performance.now();
          }
        }
      }
      this.fingerprint = await this.repository.fingerprint();
    });
  }

  private serially(update: () => Promise<void>): Promise<void> {
    const run = this.updates.then(update, update);
    this.updates = run.catch(() => undefined);
    return run;
  }

  private forgetSlug(id: number): void {
    const app = this.presented.get(id);
    if (app && this.bySlug.get(slugKey(app.categorySlug, app.nameSlug)) === id)
      this.bySlug.delete(slugKey(app.categorySlug, app.nameSlug));
  }

  /** A published app (in an active category) by id, as the public calls present it; null otherwise. */
  findPublished(id: number): App | null {
    return this.presented.get(id) ?? null;
  }

  /** A published app by its page slugs; null when unknown or not public. */
  findPublishedBySlugs(categorySlug: string, nameSlug: string): App | null {
    const id = this.bySlug.get(slugKey(categorySlug, nameSlug));
    return id === undefined ? null : this.findPublished(id);
  }

  /** A published app by its nameSlug alone (compare URLs); the most visited when two categories share one. */
  findPublishedByNameSlug(nameSlug: string): App | null {
    let best: App | null = null;
    const wanted = nameSlug.toLowerCase();
    for (const app of this.presented.values()) {
      if (app.nameSlug.toLowerCase() !== wanted) continue;
      if (
        !best ||
        app.monthlyVisitors > best.monthlyVisitors ||
        (app.monthlyVisitors === best.monthlyVisitors && app.id < best.id)
      )
        best = app;
    }
    return best;
  }

  /** The apps that can replace a published app for its main job, with why; null for an unknown or unpublished app. */
  alternatives(appId: number, query: AlternativesQuery): AlternativesResponse | null {
    const app = this.findPublished(appId);
    if (!app) return null;
    const alternatives: AlternativeApp[] = this.index
      .alternatives(appId, { limit: query.limit, pricing: query.pricing })
      .flatMap((entry) => {
        const other = this.presented.get(entry.id);
        return other
          ? [{ ...other, reason: entry.reason, evidence: entry.evidence, similarity: Math.min(1, Math.max(0, entry.score)) }]
          : [];
      });
    return { app, alternatives };
  }

  /**
   * 2 to 4 published apps side by side in canonical order, features and use cases aligned by meaning;
   * null when any app is unknown or not public.
   */
  compare(query: CompareQuery): CompareResponse | null {
    const found = query.ids
      ? query.ids.map((id) => this.findPublished(id))
      : (query.slugs ?? []).map((slug) => this.findPublishedByNameSlug(slug));
    if (found.some((app) => app === null)) return null;
    const unique = [...new Map((found as App[]).map((app) => [app.id, app])).values()];
    const path = comparePath(unique);
    const order = path.slice('/compare/'.length).split('-vs-');
    const apps = [...unique].sort(
      (a, b) => order.indexOf(encodeURIComponent(a.nameSlug)) - order.indexOf(encodeURIComponent(b.nameSlug)) || a.id - b.id,
    );
    return {
      apps,
      path,
      features: markOwners(
        alignRows(apps.map((app) => app.features)),
        apps.map((app) => app.id),
        this.index.index,
      ),
      useCases: markOwners(
        alignRows(apps.map((app) => app.useCases)),
        apps.map((app) => app.id),
        this.index.index,
      ),
    };
  }

  // ── Task pages (issue 23): the engine's task concepts, read through these three methods only ──

  /** The engine's task concepts (id and human label), in lexicon order: the vocabulary of the task pages. */
  listTaskConcepts(): TaskConcept[] {
    return CONCEPTS.filter((concept) => concept.kind === 'task').map((concept) => ({ id: concept.id, label: concept.label }));
  }

  /**
   * The published apps whose own listing states a task concept, best first, each with the engine's
   * reason: the task search for the concept's label, kept to the apps that have the concept.
   * @returns null when the id is not a task concept
   */
  rankAppsForTask(conceptId: string): { app: App; reason: string }[] | null {
    const index = CONCEPTS.findIndex((concept) => concept.id === conceptId && concept.kind === 'task');
    const concept = CONCEPTS[index];
    if (!concept) return null;
    const outcome = this.index.index.search(concept.label, { limit: TASK_CANDIDATES });
    return outcome.hits.flatMap((hit) => {
      const app = this.presented.get(hit.id);
      return app && this.index.index.hasConcept(hit.id, index) ? [{ app, reason: hit.matchReason }] : [];
    });
  }

  /** The task concept a visitor's query is mostly about (its strongest task), or null. */
  taskConceptOfQuery(query: string): string | null {
    return this.queryTasks.answer(searchCacheKey(query, {}), this.index, this.index.revision, () => {
      for (const concept of this.index.index.understand(query).concepts) {
        if (this.index.index.conceptKind(concept.index) === 'task') return { id: this.index.index.conceptId(concept.index) };
      }
      return { id: null };
    }).id;
  }

  private intentOf(intent: CatalogueIntent | undefined): SearchIntent | undefined {
    if (!intent) return undefined;
    const apps = intent.ids.flatMap((id) => {
      const app = this.presented.get(id);
      return app ? [app] : [];
    });
    const first = apps[0];
    return {
      kind: intent.kind,
      apps: apps.map((app) => ({ id: app.id, name: app.name })),
      ...(intent.kind !== 'compare' && first ? { alternativesPath: alternativesPath(first) } : {}),
      ...(intent.kind === 'compare' && apps.length >= 2 ? { comparePath: comparePath(apps) } : {}),
    };
  }

  private categoryName(category: string | undefined): string | undefined {
    if (!category) return undefined;
    const wanted = category.toLowerCase();
    for (const app of this.presented.values())
      if (app.categorySlug.toLowerCase() === wanted || app.category.toLowerCase() === wanted) return app.category;
    // An unknown category matches nothing rather than everything.
    return category;
  }

  private present(row: AppWithCategory): App {
    return presentApp(row, this.ctx.env.LOGO_SERVICE_URL);
  }

  private async flushRecords(): Promise<void> {
    if (this.pendingRecords.length === 0) return;
    const batch = this.pendingRecords;
    this.pendingRecords = [];
    await this.repository
      .recordSearches(batch)
      .catch((error: unknown) => this.ctx.log.warn({ err: error }, 'could not record searches'));
  }

  private async resyncIfStale(): Promise<void> {
    try {
      if ((await this.repository.fingerprint()) !== this.fingerprint) await this.rebuild();
    } catch (error) {
      this.ctx.log.warn({ err: error }, 'search index resync failed');
    }
  }

  /**
   * Answers a visitor's query: the local engine retrieves and ranks; a configured AI provider may
   * re-rank the retrieved candidates and write the reasons within its time budget. The search is
   * recorded for analytics. The local engine's answers are kept (`answers`): a repeated search at the
   * same catalogue state is answered from memory, identical to a fresh one.
   */
  async search(query: string, options: SearchServiceOptions = {}): Promise<SearchResponse> {
    // An AI provider's answers vary from call to call and may fall back mid-way: they are never kept.
    const result = this.ctx.env.AI_BASE_URL
      ? await this.answer(query, options)
      : this.answers.answer(searchCacheKey(query, options), this.index, this.index.revision, () =>
          this.localAnswer(query, options),
        );
    this.pendingRecords.push({ query, resultCount: result.apps.length });
    return result;
  }

  /** The local engine's answer (no AI provider configured). */
  private localAnswer(query: string, options: SearchServiceOptions): SearchResponse {
    const limit = resultLimit(options);
    const outcome = this.retrieve(query, options, limit);
    return this.respond(outcome, outcome.hits, outcome.reasoning, limit, options);
  }

  private async answer(query: string, options: SearchServiceOptions): Promise<SearchResponse> {
    const limit = resultLimit(options);
    const outcome = this.retrieve(query, options, this.ctx.env.AI_BASE_URL ? AI_CANDIDATES : limit);
    let ranked = outcome.hits;
    let reasoning = outcome.reasoning;

    // Named-app answers come from the catalogue's own similarity model; the re-ranker only reorders task answers.
    if (this.ctx.env.AI_BASE_URL && ranked.length > 0 && !outcome.intent) {
      const candidates: RerankCandidate[] = ranked.flatMap(({ id, reason }) => {
        const app = this.presented.get(id);
        return app
          ? [
              {
                id,
                name: app.name,
                category: app.category,
                description: app.description,
                features: app.features.slice(0, 6),
                pricingType: app.pricingType,
                localReason: reason,
              },
            ]
          : [];
      });
      const reranked = await rerankWithAi(this.ctx.env, query, candidates);
      if (reranked) {
        // The re-ranker orders and may word the reasons; the evidence stays the local engine's quotes.
        const evidenceOf = new Map(ranked.map((hit) => [hit.id, hit.evidence]));
        ranked = reranked.ranking.map((hit) => ({ ...hit, evidence: evidenceOf.get(hit.id) ?? [] }));
        reasoning = reranked.reasoning;
      }
    }
    return this.respond(outcome, ranked, reasoning, limit, options);
  }

  private retrieve(query: string, options: SearchServiceOptions, limit: number): CatalogueAnswer {
    return this.index.search(query, {
      limit,
      // "free" as a filter means what "free" in a query means: usable without paying.
      pricing: options.pricing === 'free' ? ['free', 'freemium'] : options.pricing ? [options.pricing] : undefined,
      category: this.categoryName(options.category),
      without: options.without && options.without.length > 0 ? new Set(options.without) : undefined,
    });
  }

  private respond(
    outcome: CatalogueAnswer,
    ranked: readonly RankedHit[],
    reasoning: string,
    limit: number,
    options: SearchServiceOptions,
  ): SearchResponse {
    const apps: SearchResultApp[] = ranked.slice(0, limit).flatMap(({ id, reason, evidence }) => {
      const app = this.presented.get(id);
      return app ? [{ ...app, matchReason: reason, evidence }] : [];
    });
    const intent = this.intentOf(outcome.intent);
    const confidence = apps.length === 0 ? Math.min(outcome.confidence, 0.1) : outcome.confidence;
    const known = new Set(outcome.chips.map((chip) => chip.id));
    return {
      apps,
      confidence,
      reasoning,
      understood: { chips: outcome.chips, without: (options.without ?? []).filter((id) => known.has(id)) },
      unsure: apps.length > 0 && confidence < UNSURE_BELOW,
      ...(intent ? { intent } : {}),
      ...(outcome.relaxed ? { relaxed: outcome.relaxed } : {}),
    };
  }
}

/** One ranked app of an answer, as the engine or the re-ranker gives it. */
type RankedHit = Pick<CatalogueAnswer['hits'][number], 'id' | 'reason' | 'evidence'>;

function resultLimit(options: SearchServiceOptions): number {
  return Math.max(1, Math.min(SEARCH_RESULT_LIMIT, options.limit ?? SEARCH_RESULT_LIMIT));
}

function slugKey(categorySlug: string, nameSlug: string): string {
  return `${categorySlug.toLowerCase()}/${nameSlug.toLowerCase()}`;
}
