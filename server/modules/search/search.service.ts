import { SEARCH_RESULT_LIMIT } from '../../../shared/constants';
import type { App, SearchResponse, SearchResultApp } from '../../../shared/schemas/app';
import type { AppContext } from '../../context';
import { presentApp, type AppWithCategory } from '../apps/apps.presenter';
import { AppsRepository } from '../apps/apps.repository';
import { rerankWithAi, type RerankCandidate } from './ai-reranker';
import { SearchIndex } from './engine/search-index';
import { toSearchDocument } from './search-documents';
import { SearchRepository } from './search.repository';

/** How many local candidates an AI re-ranker may choose from. */
const AI_CANDIDATES = 30;
/** How often an instance double-checks that its index matches the database. */
const RESYNC_INTERVAL_MS = 60_000;
/** Search events are written in batches: one insert per second instead of one per search. */
const RECORD_FLUSH_MS = 1000;

/**
 * The search of one server instance: an in-memory index of the public apps, kept consistent with
 * the database by the change feed (local writes and LISTEN/NOTIFY from other instances), with a
 * periodic fingerprint check as a safety net. A restart rebuilds it from the database.
 */
export class SearchService {
  private index = new SearchIndex();
  /** The presented public apps, beside the index, so a search needs no database round trip. */
  private presented = new Map<number, App>();
  private pendingRecords: { query: string; resultCount: number }[] = [];
  private flushTimer: NodeJS.Timeout | undefined;
  private readonly apps: AppsRepository;
  private readonly repository: SearchRepository;
  private fingerprint = '';
  private timer: NodeJS.Timeout | undefined;
  private unsubscribers: (() => void)[] = [];

  constructor(private readonly ctx: AppContext) {
    this.apps = new AppsRepository(ctx.db);
    this.repository = new SearchRepository(ctx.db);
  }

  /** Builds the index and starts following changes. */
  async start(): Promise<void> {
    await this.rebuild();
    this.unsubscribers.push(
      this.ctx.changes.subscribe('apps.changed', ({ ids }) => this.refresh(ids)),
      this.ctx.changes.subscribe('categories.changed', () => this.rebuild()),
      this.ctx.changes.subscribe('resync', () => this.rebuild()),
    );
    this.timer = setInterval(() => void this.resyncIfStale(), RESYNC_INTERVAL_MS);
    this.timer.unref();
    this.flushTimer = setInterval(() => void this.flushRecords(), RECORD_FLUSH_MS);
    this.flushTimer.unref();
  }

  /** Stops following changes and writes the searches not yet recorded. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    clearInterval(this.flushTimer);
    await this.flushRecords();
    for (const unsubscribe of this.unsubscribers) unsubscribe();
    this.unsubscribers = [];
  }

  get size(): number {
    return this.index.size;
  }

  /** Reloads the whole index from the database. */
  async rebuild(): Promise<void> {
    const fingerprint = await this.repository.fingerprint();
    const rows = await this.apps.allPublic();
    this.index = new SearchIndex(rows.map(toSearchDocument));
    this.presented = new Map(rows.map((row) => [row.id, this.present(row)]));
    this.fingerprint = fingerprint;
  }

  /** Re-reads the given apps: public ones are (re)indexed, the others leave the index. */
  async refresh(ids: number[]): Promise<void> {
    const rows = await this.apps.findByIds(ids);
    const publicRows = new Map(rows.filter((row) => row.status === 'published' && row.defunctAt === null).map((row) => [row.id, row]));
    const activeCategories = new Set((await this.apps.allPublicCategoryIds()).map(String));
    for (const id of ids) {
      const row = publicRows.get(id);
      if (row && activeCategories.has(String(row.categoryId))) {
        this.index.upsert(toSearchDocument(row));
        this.presented.set(id, this.present(row));
      } else {
        this.index.remove(id);
        this.presented.delete(id);
      }
    }
    this.fingerprint = await this.repository.fingerprint();
  }

  private present(row: AppWithCategory): App {
    return presentApp(row, this.ctx.env.LOGO_SERVICE_URL);
  }

  private async flushRecords(): Promise<void> {
    if (this.pendingRecords.length === 0) return;
    const batch = this.pendingRecords;
    this.pendingRecords = [];
    await this.repository.recordSearches(batch).catch((error: unknown) => this.ctx.log.warn({ err: error }, 'could not record searches'));
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
   * recorded for analytics.
   */
  async search(query: string): Promise<SearchResponse> {
    const outcome = this.index.search(query, { limit: this.ctx.env.AI_BASE_URL ? AI_CANDIDATES : SEARCH_RESULT_LIMIT });
    let ranked = outcome.hits.map((hit) => ({ id: hit.id, reason: hit.matchReason }));
    let reasoning = outcome.reasoning;

    if (this.ctx.env.AI_BASE_URL && ranked.length > 0) {
      const candidates: RerankCandidate[] = ranked.flatMap(({ id, reason }) => {
        const app = this.presented.get(id);
        return app
          ? [{ id, name: app.name, category: app.category, description: app.description, features: app.features.slice(0, 6), pricingType: app.pricingType, localReason: reason }]
          : [];
      });
      const reranked = await rerankWithAi(this.ctx.env, query, candidates);
      if (reranked) {
        ranked = reranked.ranking;
        reasoning = reranked.reasoning;
      }
    }

    const apps: SearchResultApp[] = ranked.slice(0, SEARCH_RESULT_LIMIT).flatMap(({ id, reason }) => {
      const app = this.presented.get(id);
      return app ? [{ ...app, matchReason: reason }] : [];
    });
    this.pendingRecords.push({ query, resultCount: apps.length });
    return { apps, confidence: apps.length === 0 ? Math.min(outcome.confidence, 0.1) : outcome.confidence, reasoning };
  }
}
