import { ALL_CATEGORY_NAME } from '../../../shared/constants';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { CategoriesRepository } from '../categories/categories.repository';
import { PublicApiRepository } from '../public-api/public-api.repository';
import { renderAppsAtomFeed, renderLlmsFullTxt, renderLlmsTxt } from './feeds.render';
import { FeedsRepository } from './feeds.repository';

/** Entries of the new-apps feed. */
export const FEED_ENTRY_LIMIT = 50;

/** The machine-readable listings of the catalogue, generated from the database on each request. */
export class FeedsService {
  private readonly feeds: FeedsRepository;
  private readonly publicApi: PublicApiRepository;
  private readonly categories: CategoriesRepository;

  constructor(private readonly ctx: AppContext) {
    this.feeds = new FeedsRepository(ctx.db);
    this.publicApi = new PublicApiRepository(ctx.db);
    this.categories = new CategoriesRepository(ctx.db);
  }

  async llmsTxt(): Promise<string> {
    const categories = (await this.publicApi.categoriesWithCounts()).filter((category) => category.name !== ALL_CATEGORY_NAME);
    const total = categories.reduce((sum, category) => sum + category.appCount, 0);
    return renderLlmsTxt(this.ctx.env.PUBLIC_URL, categories, total);
  }

  async llmsFullTxt(): Promise<string> {
    return renderLlmsFullTxt(this.ctx.env.PUBLIC_URL, await this.feeds.allPublic());
  }

  /** @throws 404 for an unknown or inactive category */
  async appsFeed(categoryValue: string | undefined): Promise<string> {
    let category: { id: number; name: string; slug: string } | null = null;
    if (categoryValue && categoryValue.toLowerCase() !== ALL_CATEGORY_NAME.toLowerCase()) {
      const row = await this.categories.findBySlugOrName(categoryValue);
      if (!row || !row.isActive) throw notFound(`No category "${categoryValue}".`);
      category = { id: row.id, name: row.name, slug: row.slug };
    }
    const rows = await this.feeds.newest(FEED_ENTRY_LIMIT, category?.id);
    return renderAppsAtomFeed(this.ctx.env.PUBLIC_URL, rows, category);
  }
}
