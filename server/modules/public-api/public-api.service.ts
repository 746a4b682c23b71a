import { ALL_CATEGORY_NAME } from '@shared/constants';
import { COMPARE_MIN_APPS, type AlternativesQuery, type CompareQuery } from '@shared/schemas/alternatives';
import type {
  ApiAlternativesResponse,
  ApiApp,
  ApiAppPage,
  ApiAppsQuery,
  ApiCategoriesResponse,
  ApiAppWithReviewsResponse,
  ApiCompareResponse,
  ApiReviewList,
  ApiReviewsQuery,
  ApiSearchQuery,
  ApiSearchResponse,
  ApiStackResponse,
  ApiTaskQuery,
  ApiTaskResponse,
  ApiTaskSummary,
} from '@shared/schemas/public-api';
import { API_SEARCH_DEFAULT_LIMIT } from '@shared/schemas/public-api';
import { taskPath } from '@shared/browse-paths';
import type { TaskSummary } from '@shared/schemas/tasks';
import type { SearchResponse } from '@shared/schemas/app';
import { StacksService } from '../stacks/stacks.service';
import { TasksService } from '../tasks/tasks.service';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../lib/errors';
import { presentApp } from '../apps/apps.presenter';
import { AppsService } from '../apps/apps.service';
import { CategoriesService } from '../categories/categories.service';
import { ReviewsService } from '../reviews/reviews.service';
import { decodeCursor, encodeCursor, filtersFingerprint } from './public-api.cursor';
import {
  presentApiAlternatives,
  presentApiApp,
  presentApiCompare,
  presentApiReview,
  presentApiSearch,
} from './public-api.presenter';
import { PublicApiRepository } from './public-api.repository';

/** What the public API v1 and the MCP tools answer: the instance's search, the catalogue, presented in the v1 shape. */
export class PublicApiService {
  private readonly repository: PublicApiRepository;
  private readonly categories: CategoriesService;
  private readonly apps: AppsService;
  private readonly publicUrl: string;
  /** The v1 shape of each search answer, for as long as the answer object lives (the search cache holds it). */
  private readonly presentedSearches = new WeakMap<SearchResponse, { q: string; presented: ApiSearchResponse }>();

  constructor(private readonly ctx: AppContext) {
    this.repository = new PublicApiRepository(ctx.db);
    this.categories = new CategoriesService(ctx.db);
    this.apps = new AppsService(ctx);
    this.publicUrl = ctx.env.PUBLIC_URL;
  }

  /**
   * The active category a filter names (slug or name), or undefined for none/"All".
   * @throws 404 for an unknown or inactive category, so a typo is not answered with an empty list.
   */
  private async categoryFilter(value: string | undefined): Promise<{ id: number; slug: string } | undefined> {
    if (value === undefined || value.toLowerCase() === ALL_CATEGORY_NAME.toLowerCase()) return undefined;
    const category = await this.categories.findBySlugOrName(value);
    if (!category || !category.isActive)
      throw notFound(`No category "${value}". The categories are listed at /api/v1/categories.`);
    return { id: category.id, slug: category.slug };
  }

  /** The search of the screens, with optional pricing and category constraints. @throws 404 unknown category */
  async search(query: ApiSearchQuery): Promise<ApiSearchResponse> {
    const category = await this.categoryFilter(query.category);
    const result = await this.ctx.search.search(query.q, {
      pricing: query.pricing,
      category: category?.slug,
      limit: query.limit,
    });
    // A cached answer comes back as the same object: its v1 shape (and so its JSON text) is made once.
    const held = this.presentedSearches.get(result);
    if (held?.q === query.q) return held.presented;
    const presented = presentApiSearch(query.q, result, this.publicUrl);
    this.presentedSearches.set(result, { q: query.q, presented });
    return presented;
  }

  /** One page of apps in the requested order. @throws 400 bad cursor, 404 unknown category */
  async listApps(query: ApiAppsQuery): Promise<ApiAppPage> {
    const filters = filtersFingerprint(query);
    const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor, { sort: query.sort, filters });
    const category = await this.categoryFilter(query.category);
    const asOf = cursor?.asOf ? new Date(cursor.asOf) : new Date();
    const rows = await this.repository.appsPage({
      categoryId: category?.id,
      pricing: query.pricing,
      q: query.q,
      sort: query.sort,
      limit: query.limit,
      asOf,
      after: cursor,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const next =
      rows.length > query.limit && last
        ? encodeCursor({
            sort: query.sort,
            key: last.sortKey,
            id: last.id,
            ...(query.sort === 'trending' ? { asOf: asOf.toISOString() } : {}),
            filters,
          })
        : null;
    return { data: page.map((row) => this.present(presentApp(row, this.ctx.env.LOGO_SERVICE_URL))), next };
  }

  /** @throws 404 unless the app is public */
  async appById(id: number): Promise<ApiApp> {
    return this.present(await this.apps.publicById(id));
  }

  /** By the slugs of its page URL, following former slugs. @throws 404 */
  async appBySlug(categorySlug: string, nameSlug: string): Promise<ApiApp> {
    return this.present(await this.apps.publicBySlug(categorySlug, nameSlug));
  }

  /**
   * An app by a reference an agent may hold: its id, its page slugs (`writing/grammarly`) or its name
   * slug alone (`grammarly`). @throws 404
   */
  async appByReference(reference: { id?: number | undefined; slug?: string | undefined }): Promise<ApiApp> {
    if (reference.id !== undefined) return this.appById(reference.id);
    const slug = (reference.slug ?? '').trim().toLowerCase();
    const [first, second] = slug.split('/');
    if (first && second) return this.appBySlug(first, second);
    const app = first ? this.ctx.search.findPublishedByNameSlug(first) : null;
    if (!app) throw notFound(`No published app with the slug "${slug}".`);
    return this.present(app);
  }

  /** An app's approved reviews with their average and count. @throws 404 unless the app is public */
  async reviews(id: number, query: ApiReviewsQuery): Promise<ApiReviewList> {
    const reviews = new ReviewsService(this.ctx);
    const [list, summary] = await Promise.all([reviews.listApproved(id, query.sort, query.limit), reviews.summaryOf(id)]);
    return { ...summary, data: list.map(presentApiReview) };
  }

  /** An app (by reference, as `appByReference`) with its approved reviews' average, count and latest 3. @throws 404 */
  async appWithReviews(reference: { id?: number | undefined; slug?: string | undefined }): Promise<ApiAppWithReviewsResponse> {
    const app = await this.appByReference(reference);
    const reviews = new ReviewsService(this.ctx);
    const [latest, summary] = await Promise.all([reviews.listApproved(app.id, 'newest', 3), reviews.summaryOf(app.id)]);
    return { data: app, reviews: { ...summary, latest: latest.map(presentApiReview) } };
  }

  async categoryList(): Promise<ApiCategoriesResponse> {
    const rows = await this.repository.categoriesWithCounts();
    return { data: rows.filter((row) => row.name !== ALL_CATEGORY_NAME) };
  }

  /** @throws 404 unless the app is public */
  async alternatives(id: number, options: AlternativesQuery): Promise<ApiAlternativesResponse> {
    const result = this.ctx.search.alternatives(id, options);
    if (!result) throw notFound('App not found');
    return presentApiAlternatives(result, this.publicUrl);
  }

  /** @throws 404 for an unknown app */
  async compare(query: CompareQuery): Promise<ApiCompareResponse> {
    const result = this.ctx.search.compare(query);
    if (!result) throw notFound('One of these apps does not exist or is not published.');
    if (result.apps.length < COMPARE_MIN_APPS) throw badRequest(`Compare needs at least ${COMPARE_MIN_APPS} different apps`);
    return presentApiCompare(result, this.publicUrl);
  }

  /** Every task page (issue 23). */
  async tasks(): Promise<ApiTaskSummary[]> {
    return (await new TasksService(this.ctx).list()).map((task) => this.presentTask(task));
  }

  /**
   * A task page's ranked apps, by its slug or, for agents, by the task in words (the task the search
   * engine understands in them). @throws 404 for a task without a page
   */
  async task(reference: string, query: Partial<ApiTaskQuery>): Promise<ApiTaskResponse> {
    const service = new TasksService(this.ctx);
    const slug = /^[a-z0-9-]+$/.test(reference.trim().toLowerCase()) ? reference.trim().toLowerCase() : null;
    const known = slug ? (await service.list()).some((task) => task.slug === slug) : false;
    const resolved = known ? slug : (await service.forQuery(reference))?.slug;
    if (!resolved) throw notFound(`No task page for "${reference}". The tasks are listed at /api/v1/tasks.`);
    const page = await service.page(resolved, { pricing: query.pricing, limit: query.limit ?? API_SEARCH_DEFAULT_LIMIT });
    return {
      task: { ...this.presentTask(page.task), label: page.task.label, intro: page.task.intro },
      apps: page.apps.map((app, index) => ({ ...this.present(app), reason: app.reason, rank: index + 1 })),
    };
  }

  /** A shared stack with its apps in the v1 shape. @throws 404 */
  async stack(id: string): Promise<ApiStackResponse> {
    const stack = await new StacksService(this.ctx).get(id);
    return {
      id: stack.id,
      title: stack.title,
      url: stack.url,
      apps: stack.apps.map((entry) => ({
        name: entry.name,
        note: entry.note,
        listed: entry.listed,
        app: entry.app ? this.present(entry.app) : null,
      })),
    };
  }

  private presentTask(task: TaskSummary): ApiTaskSummary {
    return { slug: task.slug, name: task.name, appCount: task.appCount, url: `${this.publicUrl}${taskPath(task.slug)}` };
  }

  private present(app: Parameters<typeof presentApiApp>[0]): ApiApp {
    return presentApiApp(app, this.publicUrl);
  }
}
