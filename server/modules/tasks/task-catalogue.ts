import type { App } from '@shared/schemas/app';
import { TASK_MIN_APPS } from '@shared/schemas/tasks';
import type { AppContext } from '../../context';

/** One task page as the engine's data makes it, before any curation. */
export interface TaskEntry {
  slug: string;
  label: string;
  /** Every published app that states the task, best first, with the reason. */
  ranked: { app: App; reason: string }[];
  /** The category most of its leading apps are in (the index groups by it). */
  category: { name: string; slug: string } | null;
}

/** Safety net for changes the feed does not carry (counter updates reorder rankings slowly). */
const TTL_MS = 60_000;
/** How many leading apps decide a task's category. */
const CATEGORY_SAMPLE = 10;

function leadingCategory(ranked: { app: App }[]): TaskEntry['category'] {
  const counts = new Map<string, { name: string; slug: string; count: number }>();
  for (const { app } of ranked.slice(0, CATEGORY_SAMPLE)) {
    const entry = counts.get(app.categorySlug) ?? { name: app.category, slug: app.categorySlug, count: 0 };
    entry.count += 1;
    counts.set(app.categorySlug, entry);
  }
  const best = [...counts.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))[0];
  return best ? { name: best.name, slug: best.slug } : null;
}

/** A pause that lets other requests run between two task rankings. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The task pages of one server instance, computed from its search (`ctx.search`) on first use and
 * again after apps or categories change anywhere (the change feed runs the search's own update first).
 * The whole catalogue is built one task at a time, yielding between tasks so that a large catalogue
 * never holds up other requests, and once for concurrent callers; one task alone (a search answer's
 * link) is computed on its own.
 */
export class TaskCatalogue {
  private entries: Map<string, TaskEntry> | null = null;
  private building: Promise<Map<string, TaskEntry>> | null = null;
  private single = new Map<string, TaskEntry | null>();
  private computedAt = 0;
  // Bumped on every change, so a build that started before the change is not kept after it.
  private generation = 0;

  constructor(private readonly ctx: AppContext) {}

  clear(): void {
    this.generation += 1;
    this.entries = null;
    this.building = null;
    this.single.clear();
  }

  private fresh(): boolean {
    return Date.now() - this.computedAt < TTL_MS;
  }

  private compute(concept: { id: string; label: string }): TaskEntry | null {
    const ranked = this.ctx.search.rankAppsForTask(concept.id) ?? [];
    if (ranked.length < TASK_MIN_APPS) return null;
    return { slug: concept.id, label: concept.label, ranked, category: leadingCategory(ranked) };
  }

  /** Every task concept with at least 3 published apps, in lexicon order. */
  async all(): Promise<Map<string, TaskEntry>> {
    if (this.entries && this.fresh()) return this.entries;
    if (this.building) return this.building;
    const generation = this.generation;
    const build = (async () => {
      const entries = new Map<string, TaskEntry>();
      for (const concept of this.ctx.search.listTaskConcepts()) {
        const entry = this.compute(concept);
        if (entry) entries.set(concept.id, entry);
        await yieldToOthers();
      }
      return entries;
    })();
    this.building = build;
    try {
      const entries = await build;
      if (generation === this.generation) {
        this.entries = entries;
        this.computedAt = Date.now();
      }
      return entries;
    } finally {
      if (this.building === build) this.building = null;
    }
  }

  /** One task's entry (null without a page), without building the whole catalogue. */
  one(slug: string): TaskEntry | null {
    if (this.entries && this.fresh()) return this.entries.get(slug) ?? null;
    if (this.single.has(slug)) return this.single.get(slug) ?? null;
    const concept = this.ctx.search.listTaskConcepts().find((candidate) => candidate.id === slug);
    const entry = concept ? this.compute(concept) : null;
    this.single.set(slug, entry);
    return entry;
  }
}

const catalogues = new WeakMap<AppContext, TaskCatalogue>();

/** The task catalogue of a server instance, created on first use and cleared by the change feed. */
export function taskCatalogue(ctx: AppContext): TaskCatalogue {
  let catalogue = catalogues.get(ctx);
  if (!catalogue) {
    const created = new TaskCatalogue(ctx);
    ctx.changes.subscribe('apps.changed', () => created.clear());
    ctx.changes.subscribe('categories.changed', () => created.clear());
    ctx.changes.subscribe('resync', () => created.clear());
    catalogues.set(ctx, created);
    catalogue = created;
  }
  return catalogue;
}
