import { SEARCH_RESULT_LIMIT } from '../../../shared/constants';
import type { SearchResponse, SearchResultApp } from '../../../shared/schemas/app';
import type { AppContext } from '../../context';
import { presentApp } from '../apps/apps.presenter';
import { AppsRepository } from '../apps/apps.repository';
import { rerankWithAi, type RerankCandidate } from './ai-reranker';
import { SearchIndex } from './engine/search-index';
import { toSearchDocument } from './search-documents';
import { SearchRepository } from './search.repository';

/** How many local candidates an AI re-ranker may choose from. */
const AI_CANDIDATES = 30;
/** How often an instance double-checks that its index matches the database. */
const RESYNC_INTERVAL_MS = 60_000;

/**
 * The search of one server instance: an in-memory index of the public apps, kept consistent with
 * the database by the change feed (local writes and LISTEN/NOTIFY from other instances), with a
 * periodic fingerprint check as a safety net. A restart rebuilds it from the database.
 */
export class SearchService {
  private index = new SearchIndex();
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
    );
    this.timer = setInterval(() => void this.resyncIfStale(), RESYNC_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
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
    this.fingerprint = fingerprint;
  }

  /** Re-reads the given apps: public ones are (re)indexed, the others leave the index. */
  async refresh(ids: number[]): Promise<void> {
    const rows = await this.apps.findByIds(ids);
    const publicRows = new Map(rows.filter((row) => row.status === 'published').map((row) => [row.id, row]));
    const activeCategories = new Set((await this.apps.allPublicCategoryIds()).map(String));
    for (const id of ids) {
      const row = publicRows.get(id);
      if (row && activeCategories.has(String(row.categoryId))) this.index.upsert(toSearchDocument(row));
      else this.index.remove(id);
    }
    this.fingerprint = await this.repository.fingerprint();
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
    const rows = new Map((await this.apps.findByIds(ranked.map((hit) => hit.id))).map((row) => [row.id, row]));

    if (this.ctx.env.AI_BASE_URL && ranked.length > 0) {
      const candidates: RerankCandidate[] = ranked.flatMap(({ id, reason }) => {
        const row = rows.get(id);
        return row
          ? [{ id, name: row.name, category: row.categoryName, description: row.description, features: row.features.slice(0, 6), pricingType: row.pricingType, localReason: reason }]
          : [];
      });
      const reranked = await rerankWithAi(this.ctx.env, query, candidates);
      if (reranked) {
        ranked = reranked.ranking;
        reasoning = reranked.reasoning;
      }
    }

    const apps: SearchResultApp[] = ranked.slice(0, SEARCH_RESULT_LIMIT).flatMap(({ id, reason }) => {
      const row = rows.get(id);
      return row && row.status === 'published' ? [{ ...presentApp(row, this.ctx.env.LOGO_SERVICE_URL), matchReason: reason }] : [];
    });
    void this.repository.recordSearch(query, apps.length).catch((error: unknown) => this.ctx.log.warn({ err: error }, 'could not record a search'));
    return { apps, confidence: apps.length === 0 ? Math.min(outcome.confidence, 0.1) : outcome.confidence, reasoning };
  }
}
