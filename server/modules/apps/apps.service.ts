import type { App } from '@shared/schemas/app';
import { CATEGORY_PAGE_SIZE, type CategorySort } from '@shared/browse-paths';
import { ALL_CATEGORY_NAME, type PricingType } from '@shared/constants';
import type { CategoryPageResponse } from '@shared/schemas/browse';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { CategoriesService } from '../categories/categories.service';
import { presentApp } from './apps.presenter';
import { marketplaceCache } from './marketplace-cache';
import { AppsRepository } from './apps.repository';

type MarketplaceQuery = { category?: string | undefined; limit?: number | undefined; offset?: number | undefined };

/** Larger pages are read from the database every time. */
const MAX_CACHED_PAGE = 100;

/** Apps in the home page's "New this week" strip. */
export const NEW_THIS_WEEK_LIMIT = 8;

/** A view counts at most once per visitor per app in this window. */
export const VIEW_WINDOW_MINUTES = 30;

/** What a visitor can read and do with apps. */
export class AppsService {
  private readonly apps: AppsRepository;
  private readonly categories: CategoriesService;

  constructor(private readonly ctx: AppContext) {
    this.apps = new AppsRepository(ctx.db);
    this.categories = new CategoriesService(ctx.db);
  }

  private present = (row: Parameters<typeof presentApp>[0]): App => presentApp(row, this.ctx.env.LOGO_SERVICE_URL);

  /**
   * Public apps in trending order with the total. An unknown or inactive category yields nothing;
   * "All" (or no category) means every category.
   */
  async marketplace(query: MarketplaceQuery): Promise<{ apps: App[]; total: number }> {
    // Pages (the home page's 12 at a time) come from memory; the whole-catalogue call does not.
    if (query.limit === undefined || query.limit > MAX_CACHED_PAGE) return this.loadMarketplace(query);
    const key = `${query.category?.trim().toLowerCase() ?? ''}|${query.limit}|${query.offset ?? 0}`;
    return marketplaceCache(this.ctx).get(key, () => this.loadMarketplace(query));
  }

  private async loadMarketplace(query: MarketplaceQuery): Promise<{ apps: App[]; total: number }> {
    let categoryId: number | undefined;
    if (query.category && query.category.toLowerCase() !== ALL_CATEGORY_NAME.toLowerCase()) {
      const category = await this.categories.findBySlugOrName(query.category);
      if (!category || !category.isActive) return { apps: [], total: 0 };
      categoryId = category.id;
    }
    const [rows, total] = await Promise.all([
      this.apps.listPublic({ categoryId, limit: query.limit, offset: query.offset }),
      this.apps.countPublic(categoryId),
    ]);
    return { apps: rows.map(this.present), total };
  }

  /**
   * One page of a category page (`/ai-apps/{categorySlug}`): the category's listed apps in the chosen
   * order and pricing. @throws 404 for an unknown, inactive or "All" category
   */
  async categoryPage(
    categorySlug: string,
    query: { sort: CategorySort; pricing?: PricingType | undefined; page: number },
  ): Promise<CategoryPageResponse> {
    const category = await this.categories.findBySlugOrName(categorySlug);
    if (
      !category ||
      !category.isActive ||
      category.name.toLowerCase() === ALL_CATEGORY_NAME.toLowerCase() ||
      category.slug !== categorySlug.trim().toLowerCase()
    ) {
      throw notFound('Category not found');
    }
    const { rows, total } = await this.apps.listCategoryPage({
      categoryId: category.id,
      sort: query.sort,
      pricing: query.pricing,
      limit: CATEGORY_PAGE_SIZE,
      offset: (query.page - 1) * CATEGORY_PAGE_SIZE,
    });
    return {
      category: { name: category.name, slug: category.slug, description: category.description },
      apps: rows.map(this.present),
      total,
      page: query.page,
      pageCount: Math.max(1, Math.ceil(total / CATEGORY_PAGE_SIZE)),
      pageSize: CATEGORY_PAGE_SIZE,
      sort: query.sort,
      pricing: query.pricing ?? null,
    };
  }

  /** The listed apps among the given ids, in the given order (a browser's saved list); the others are left out. */
  listedByIds(ids: number[]): App[] {
    return ids.flatMap((id) => {
      const app = this.ctx.search.findPublished(id);
      return app ? [app] : [];
    });
  }

  /** "New this week": the listed apps published in the last 7 days, newest first (at most 8). */
  async newThisWeek(): Promise<App[]> {
    const rows = await this.apps.listPublishedSince(new Date(Date.now() - 7 * 86_400_000), NEW_THIS_WEEK_LIMIT);
    return rows.map(this.present);
  }

  /** A public app by id. @throws 404 */
  async publicById(id: number): Promise<App> {
    const row = await this.apps.findPublicById(id);
    if (!row) throw notFound('App not found');
    return this.present(row);
  }

  /** A public app by its slugs, following former slugs. @throws 404 */
  async publicBySlug(categorySlug: string, nameSlug: string): Promise<App> {
    const cat = categorySlug.toLowerCase();
    const name = nameSlug.toLowerCase();
    const row = (await this.apps.findPublicBySlug(cat, name)) ?? (await this.apps.findRedirect(cat, name));
    if (!row) throw notFound('App not found');
    return this.present(row);
  }

  /** Counts a view (once per visitor per app per 30 minutes). @throws 404 unless public */
  async recordView(appId: number, visitorId: string): Promise<{ counted: boolean; viewCount: number }> {
    const outcome = await this.apps.countVisitorEvent({ appId, visitorId, kind: 'view', windowMinutes: VIEW_WINDOW_MINUTES });
    if (!outcome) throw notFound('App not found');
    return { counted: outcome.counted, viewCount: outcome.viewCount };
  }

  /** Counts a save (once per visitor per app). @throws 404 unless public */
  async recordSave(appId: number, visitorId: string): Promise<{ counted: boolean; saveCount: number }> {
    const outcome = await this.apps.countVisitorEvent({ appId, visitorId, kind: 'save', windowMinutes: null });
    if (!outcome) throw notFound('App not found');
    // The public save count is on the app's page and in its JSON: cached copies go on every instance.
    if (outcome.counted) await this.ctx.changes.publish('apps.counted', { id: appId });
    return { counted: outcome.counted, saveCount: outcome.saveCount };
  }
}
