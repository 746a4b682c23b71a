import type { PricingType } from '@shared/constants';
import {
  TASK_BEST_FOR_RANK,
  TASK_PAGE_LIMIT,
  type AdminTask,
  type TaskIndexResponse,
  type TaskPageResponse,
  type TaskSummary,
} from '@shared/schemas/tasks';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { taskCatalogue, type TaskEntry } from './task-catalogue';
import { generatedIntro, presentTaskSummary, taskFacts } from './tasks.presenter';
import { TasksRepository, type TaskPageRow } from './tasks.repository';

/** Related tasks a task page links to. */
const RELATED_LIMIT = 6;
/** Tasks an app page lists as what the app is best for. */
const BEST_FOR_LIMIT = 6;

const settingsBy = new WeakMap<AppContext, { rows: Promise<Map<string, TaskPageRow>> | null }>();

/**
 * The curators' task page settings (hidden, intro), read once per instance and read again after the
 * change feed says the curation changed (here or on another instance): every search answer and every
 * app page needs them, and they change a few times a year.
 */
function taskSettings(ctx: AppContext, repository: TasksRepository): Promise<Map<string, TaskPageRow>> {
  let held = settingsBy.get(ctx);
  if (!held) {
    const created: { rows: Promise<Map<string, TaskPageRow>> | null } = { rows: null };
    const forget = () => void (created.rows = null);
    ctx.changes.subscribe('browse.changed', forget);
    ctx.changes.subscribe('resync', forget);
    settingsBy.set(ctx, created);
    held = created;
  }
  const rows = (held.rows ??= repository.all());
  // A failed read is not kept: the next request asks again.
  rows.catch(() => held && held.rows === rows && (held.rows = null));
  return rows;
}

/** The slugs of the task pages curators hid. */
async function hiddenTasks(ctx: AppContext, repository: TasksRepository): Promise<Set<string>> {
  const rows = await taskSettings(ctx, repository);
  return new Set([...rows.values()].filter((row) => row.hidden).map((row) => row.slug));
}

/**
 * The task pages (`/best`, `/best/{slug}`, issue 23): one per task concept of the search engine with
 * at least 3 published apps, unless a curator hid it. Rankings and reasons are the engine's; this
 * module adds grouping, facts, related tasks and the curators' settings.
 */
export class TasksService {
  private readonly repository: TasksRepository;

  constructor(private readonly ctx: AppContext) {
    this.repository = new TasksRepository(ctx.db);
  }

  /** The visible task pages (with the curators' settings), in lexicon order. */
  private async visible(): Promise<{ entries: TaskEntry[]; settings: Map<string, TaskPageRow> }> {
    const settings = await taskSettings(this.ctx, this.repository);
    const entries = [...(await taskCatalogue(this.ctx).all()).values()].filter((entry) => !settings.get(entry.slug)?.hidden);
    return { entries, settings };
  }

  /** Every visible task page, as the public API lists them. */
  async list(): Promise<TaskSummary[]> {
    return (await this.visible()).entries.map(presentTaskSummary);
  }

  /** `/best`: the visible task pages grouped by the category most of their apps are in, groups by size. */
  async index(): Promise<TaskIndexResponse> {
    const { entries } = await this.visible();
    const groups = new Map<string, TaskIndexResponse['groups'][number]>();
    for (const entry of entries) {
      const key = entry.category?.slug ?? '';
      const group = groups.get(key) ?? { category: entry.category, tasks: [] };
      group.tasks.push(presentTaskSummary(entry));
      groups.set(key, group);
    }
    for (const group of groups.values()) group.tasks.sort((a, b) => b.appCount - a.appCount || a.name.localeCompare(b.name));
    return {
      groups: [...groups.values()].sort(
        (a, b) => b.tasks.length - a.tasks.length || (a.category?.name ?? '').localeCompare(b.category?.name ?? ''),
      ),
      total: entries.length,
    };
  }

  /**
   * One task page: its ranked apps (optionally of one pricing, at most `limit`), intro, facts and
   * related tasks. @throws 404 for an unknown or hidden task, or one with fewer than 3 apps
   */
  async page(
    slug: string,
    options: { pricing?: PricingType | undefined; limit?: number | undefined } = {},
  ): Promise<TaskPageResponse> {
    const { entries, settings } = await this.visible();
    const wanted = slug.trim().toLowerCase();
    const entry = entries.find((candidate) => candidate.slug === wanted);
    if (!entry) throw notFound('Task not found');
    const matching = options.pricing ? entry.ranked.filter((item) => item.app.pricingType === options.pricing) : entry.ranked;
    return {
      task: {
        ...presentTaskSummary(entry),
        intro: settings.get(entry.slug)?.intro ?? generatedIntro(entry),
        category: entry.category,
      },
      apps: matching.slice(0, options.limit ?? TASK_PAGE_LIMIT).map((item) => ({ ...item.app, reason: item.reason })),
      total: matching.length,
      pricing: options.pricing ?? null,
      facts: taskFacts(entry),
      related: this.related(entry, entries),
    };
  }

  /** Other tasks whose leading apps overlap this one's most. */
  private related(entry: TaskEntry, entries: TaskEntry[]): TaskSummary[] {
    const leading = new Set(entry.ranked.slice(0, TASK_BEST_FOR_RANK).map((item) => item.app.id));
    return entries
      .filter((other) => other.slug !== entry.slug)
      .map((other) => ({
        other,
        shared: other.ranked.slice(0, TASK_BEST_FOR_RANK).filter((item) => leading.has(item.app.id)).length,
      }))
      .filter((candidate) => candidate.shared > 0)
      .sort(
        (a, b) =>
          b.shared - a.shared || b.other.ranked.length - a.other.ranked.length || a.other.slug.localeCompare(b.other.slug),
      )
      .slice(0, RELATED_LIMIT)
      .map((candidate) => presentTaskSummary(candidate.other));
  }

  /** The visible tasks an app ranks in the top 10 of, best rank first: what the app is "best for". */
  async forApp(appId: number): Promise<TaskSummary[]> {
    const { entries } = await this.visible();
    return entries
      .map((entry) => ({ entry, rank: entry.ranked.slice(0, TASK_BEST_FOR_RANK).findIndex((item) => item.app.id === appId) }))
      .filter((candidate) => candidate.rank >= 0)
      .sort((a, b) => a.rank - b.rank || b.entry.ranked.length - a.entry.ranked.length)
      .slice(0, BEST_FOR_LIMIT)
      .map((candidate) => presentTaskSummary(candidate.entry));
  }

  /** The visible task page a search query is about, if any (search answers link to it). */
  async forQuery(query: string): Promise<TaskSummary | null> {
    const conceptId = this.ctx.search.taskConceptOfQuery(query);
    if (!conceptId) return null;
    // One task's ranking, not the whole catalogue: a search answer must stay fast after a change.
    const entry = taskCatalogue(this.ctx).one(conceptId);
    if (!entry || (await hiddenTasks(this.ctx, this.repository)).has(entry.slug)) return null;
    return presentTaskSummary(entry);
  }

  /** Every task page with enough apps, hidden ones included, with the curators' settings. */
  async adminList(): Promise<AdminTask[]> {
    const settings = await this.repository.all();
    return [...(await taskCatalogue(this.ctx).all()).values()].map((entry) => this.presentAdmin(entry, settings.get(entry.slug)));
  }

  /** Hides or shows a task page, or writes its intro. @throws 404 for a task concept without a page */
  async update(slug: string, patch: { hidden?: boolean | undefined; intro?: string | null | undefined }): Promise<AdminTask> {
    const entry = (await taskCatalogue(this.ctx).all()).get(slug.trim().toLowerCase());
    if (!entry) throw notFound('Task not found');
    const row = await this.repository.upsert(entry.slug, patch);
    await this.ctx.changes.publish('browse.changed', {});
    return this.presentAdmin(entry, row);
  }

  private presentAdmin(entry: TaskEntry, row: TaskPageRow | undefined): AdminTask {
    return {
      ...presentTaskSummary(entry),
      hidden: row?.hidden ?? false,
      intro: row?.intro ?? null,
      generatedIntro: generatedIntro(entry),
    };
  }
}
