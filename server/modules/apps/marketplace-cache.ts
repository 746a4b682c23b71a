import type { App } from '@shared/schemas/app';
import type { AppContext } from '../../context';
import { PUBLIC_CACHE_TTL_MS } from '../../http/public-cache';

/** One cached marketplace page. */
export interface MarketplacePage {
  apps: App[];
  total: number;
}

/** How long a page may be served from memory: bounds how stale view and save counts can make the order. */
export const MARKETPLACE_CACHE_TTL_MS = PUBLIC_CACHE_TTL_MS;
const MAX_ENTRIES = 200;

/**
 * Pages of the trending list kept in memory per server instance. Every instance drops them when
 * apps or categories change anywhere (the change feed crosses instances), and after a short TTL
 * for what the feed does not carry (counter updates, imports from another process).
 */
export class MarketplaceCache {
  private readonly entries = new Map<string, { page: MarketplacePage; expiresAt: number }>();
  private readonly loading = new Map<string, Promise<MarketplacePage>>();
  // Bumped on every change, so a load that started before the change is not stored after it.
  private generation = 0;

  constructor(
    private readonly ttlMs = MARKETPLACE_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Forgets every page. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
  }

  /** The page under `key`, loading it once for concurrent callers when it is missing or expired. */
  async get(key: string, load: () => Promise<MarketplacePage>): Promise<MarketplacePage> {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > this.now()) return entry.page;
    const pending = this.loading.get(key);
    if (pending) return pending;

    const generation = this.generation;
    const promise = load().then(
      (page) => {
        if (generation === this.generation) {
          this.loading.delete(key);
          if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value ?? '');
          this.entries.set(key, { page, expiresAt: this.now() + this.ttlMs });
        }
        return page;
      },
      (error: unknown) => {
        if (generation === this.generation) this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, promise);
    return promise;
  }
}

const caches = new WeakMap<AppContext, MarketplaceCache>();

/** The marketplace cache of a server instance, created on first use and cleared by the change feed. */
export function marketplaceCache(ctx: AppContext): MarketplaceCache {
  let cache = caches.get(ctx);
  if (!cache) {
    const created = new MarketplaceCache();
    ctx.changes.subscribe('apps.changed', () => created.clear());
    ctx.changes.subscribe('categories.changed', () => created.clear());
    ctx.changes.subscribe('resync', () => created.clear());
    caches.set(ctx, created);
    cache = created;
  }
  return cache;
}
