import { ALL_CATEGORY_NAME } from '@shared/constants';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { CategoriesService } from '../categories/categories.service';
import { PublicApiService } from '../public-api/public-api.service';
import { TasksService } from '../tasks/tasks.service';
import { renderAppsAtomFeed, renderLlmsFullTxt, renderLlmsTxt } from './feeds.render';
import { FeedsRepository } from './feeds.repository';

/** A task feed picks its newest entries among this many of the task's apps. */
const TASK_FEED_CANDIDATES = 200;

/** Entries of the new-apps feed. */
export const FEED_ENTRY_LIMIT = 50;

/** The machine-readable listings of the catalogue, generated from the database on each request. */
export class FeedsService {
  private readonly feeds: FeedsRepository;
  private readonly publicApi: PublicApiService;
  private readonly categories: CategoriesService;

  constructor(private readonly ctx: AppContext) {
    this.feeds = new FeedsRepository(ctx.db);
    this.publicApi = new PublicApiService(ctx);
    this.categories = new CategoriesService(ctx.db);
  }

  async llmsTxt(): Promise<string> {
    const categories = (await this.publicApi.categoryList()).data;
    const total = categories.reduce((sum, category) => sum + category.appCount, 0);
    return renderLlmsTxt(this.ctx.env.PUBLIC_URL, categories, total);
  }

  async llmsFullTxt(): Promise<string> {
    return renderLlmsFullTxt(this.ctx.env.PUBLIC_URL, await this.feeds.allPublic());
  }

  /**
   * The newest apps of the catalogue, of one category or of one task page.
   * @throws 404 for an unknown or inactive category, or a task without a page
   */
  async appsFeed(categoryValue: string | undefined, taskSlug?: string): Promise<string> {
    if (taskSlug) {
      const { task, apps } = await new TasksService(this.ctx).page(taskSlug, { limit: TASK_FEED_CANDIDATES });
      const rows = await this.feeds.newestOf(
        apps.map((app) => app.id),
        FEED_ENTRY_LIMIT,
      );
      return renderAppsAtomFeed(this.ctx.env.PUBLIC_URL, rows, { kind: 'task', name: task.label, slug: task.slug });
    }
    let category: { id: number; name: string; slug: string } | null = null;
    if (categoryValue && categoryValue.toLowerCase() !== ALL_CATEGORY_NAME.toLowerCase()) {
      const row = await this.categories.findBySlugOrName(categoryValue);
      if (!row || !row.isActive) throw notFound(`No category "${categoryValue}".`);
      category = { id: row.id, name: row.name, slug: row.slug };
    }
    const rows = await this.feeds.newest(FEED_ENTRY_LIMIT, category?.id);
    return renderAppsAtomFeed(this.ctx.env.PUBLIC_URL, rows, category ? { kind: 'category', ...category } : null);
  }
}
