import { ALL_CATEGORY_NAME, type AppStatus } from '@shared/constants';
import type { z } from 'zod';
import {
  type adminAppListQuerySchema,
  type adminBulkDeleteMatchingSchema,
  type AdminApp,
  type AdminAppCreate,
  type AdminAppUpdate,
  type AdminImportResponse,
  type BulkDeleteResponse,
  type RemoveDuplicatesResponse,
} from '@shared/schemas/admin-app';
import type { AppRecord } from '@shared/schemas/app';
import { slugify } from '@shared/slug';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, conflict, notFound } from '../../lib/errors';
import { CategoryRecordsService } from '../categories/categories.records.service';
import type { CategoryRow } from '../../db/catalogue';
import { buildAppRow } from './app-row';
import { AppsAdminRepository } from './apps.admin.repository';
import type { AppInsert } from '../../db/catalogue';
import { importRefused } from './apps.import';
import { AppsImportService } from './apps.import.service';
import { presentAdminApp } from './apps.presenter';
import { AppsRepository } from './apps.repository';
import type { AppWithCategory } from '../../db/catalogue';

function fieldError(field: string, message: string): AppError {
  return new AppError('validation_failed', message, { fields: { [field]: [message] } });
}

/** The fields of the form that map one to one onto columns. */
function formColumns(input: AdminAppUpdate): Partial<AppInsert> {
  const values: Partial<AppInsert> = buildAppRow({ name: input.name, url: input.url, description: input.description });
  const optional = [
    'longDescription',
    'tags',
    'features',
    'useCases',
    'monthlyVisitors',
    'rating',
    'trafficGrowth',
    'screenshotUrl',
    'viewCount',
    'saveCount',
    'aiGenerated',
    'pricingType',
    'company',
    'foundedYear',
    'location',
  ] as const;
  for (const key of optional) {
    if (input[key] !== undefined) Object.assign(values, { [key]: input[key] });
  }
  return values;
}

/** The All Apps search and status filter as the repository takes it: no empty search, no `all` status. */
function listFilter(filter: { q?: string | undefined; status?: AppStatus | 'all' | undefined }): {
  q: string | undefined;
  status: AppStatus | undefined;
} {
  return { q: filter.q || undefined, status: filter.status === 'all' ? undefined : filter.status };
}

/** Curator rules on apps: validation, statuses, published pages and their former addresses. */
export class AppsAdminService {
  private readonly apps: AppsAdminRepository;
  private readonly categories: CategoryRecordsService;
  private readonly publicApps: AppsRepository;

  constructor(private readonly ctx: AppContext) {
    this.apps = new AppsAdminRepository(ctx.db);
    this.categories = new CategoryRecordsService(ctx.db);
    this.publicApps = new AppsRepository(ctx.db);
  }

  private present = (row: AppWithCategory): AdminApp => presentAdminApp(row, this.ctx.env.LOGO_SERVICE_URL);

  private async changed(ids: number[]): Promise<void> {
    if (ids.length > 0) await this.ctx.changes.publish('apps.changed', { ids });
  }

  /** Apps of any status, newest first, searched over name, description and category. */
  async list(query: z.output<typeof adminAppListQuerySchema>): Promise<{ apps: AdminApp[]; total: number }> {
    const { rows, total } = await this.apps.list({
      ...listFilter(query),
      limit: query.limit,
      offset: query.offset,
    });
    return { apps: rows.map(this.present), total };
  }

  /** Pending apps, newest first. */
  async pending(): Promise<AdminApp[]> {
    return (await this.apps.list({ status: 'pending' })).rows.map(this.present);
  }

  /** One app of any status. @throws 404 */
  async get(id: number): Promise<AdminApp> {
    const row = await this.apps.findById(id);
    if (!row) throw notFound('App not found');
    return this.present(row);
  }

  /** One app of any status by its page address, for previews. @throws 404 */
  async getBySlug(categorySlug: string, nameSlug: string): Promise<AdminApp> {
    const row = await this.publicApps.findBySlug(categorySlug.toLowerCase(), nameSlug.toLowerCase());
    if (!row) throw notFound('App not found');
    return this.present(row);
  }

  private async categoryByName(name: string): Promise<CategoryRow> {
    if (name.toLowerCase() === ALL_CATEGORY_NAME.toLowerCase()) throw fieldError('category', 'Choose a category other than All');
    const category = await this.categories.findByName(name);
    if (!category) throw fieldError('category', `Category "${name}" does not exist`);
    return category;
  }

  private assertNameHasSlug(name: string): void {
    if (!slugify(name)) throw fieldError('name', 'Name must contain at least one letter or digit');
  }

  private pageTakenError(name: string, category: string): AppError {
    return conflict(`A published app named "${name}" already exists in ${category}`);
  }

  /**
   * Creates an app ("Create New App"); pending unless another status is given.
   * @throws 400 invalid input or unknown category, 409 when it would take a published page.
   */
  async create(input: AdminAppCreate): Promise<AdminApp> {
    this.assertNameHasSlug(input.name);
    const category = await this.categoryByName(input.category);
    const status: AppStatus = input.status ?? 'pending';
    const values = {
      ...formColumns(input),
      categoryId: category.id,
      status,
      publishedAt: status === 'published' ? new Date() : null,
    } as AppInsert;
    if (status === 'published' && (await this.apps.publishedPageTaken(category.id, values.nameSlug)))
      throw this.pageTakenError(input.name, category.name);
    let id: number;
    try {
      id = await this.apps.insert(values);
    } catch (error) {
      if (isUniqueViolation(error)) throw this.pageTakenError(input.name, category.name);
      throw error;
    }
    await this.changed([id]);
    return this.get(id);
  }

  /**
   * Saves the edit form. Fields left out keep their value; detectedAt is read-only. When a
   * published app's page moves (name or category), its former address answers with a 301.
   * @throws 400 invalid input, 404 unknown app, 409 when it would take a published page.
   */
  async update(id: number, input: AdminAppUpdate): Promise<AdminApp> {
    this.assertNameHasSlug(input.name);
    const current = await this.apps.findById(id);
    if (!current) throw notFound('App not found');
    const category = input.category === undefined ? null : await this.categoryByName(input.category);
    const values = formColumns(input);
    const categoryId = category?.id ?? current.categoryId;
    const categoryName = category?.name ?? current.categoryName;
    const categorySlug = category?.slug ?? current.categorySlug;
    values.categoryId = categoryId;
    const status = input.status ?? current.status;
    values.status = status;
    if (status === 'published' && current.status !== 'published') values.publishedAt = new Date();
    const nameSlug = values.nameSlug ?? current.nameSlug;
    if (status === 'published' && (await this.apps.publishedPageTaken(categoryId, nameSlug, id)))
      throw this.pageTakenError(input.name, categoryName);
    const pageMoved = categorySlug !== current.categorySlug || nameSlug !== current.nameSlug;
    const formerPage =
      current.status === 'published' && pageMoved
        ? { categorySlug: current.categorySlug, nameSlug: current.nameSlug }
        : undefined;
    try {
      if (!(await this.apps.update(id, values, formerPage))) throw notFound('App not found');
    } catch (error) {
      if (isUniqueViolation(error, 'apps_published_slug_key')) throw this.pageTakenError(input.name, categoryName);
      throw error;
    }
    await this.changed([id]);
    return this.get(id);
  }

  /**
   * Moves an app to one of the four statuses; becoming published stamps publishedAt.
   * @throws 400 unknown status, 404 unknown app, 409 when the page is taken by a published app.
   */
  async setStatus(id: number, status: AppStatus): Promise<AdminApp> {
    const current = await this.apps.findById(id);
    if (!current) throw notFound('App not found');
    if (status === current.status) return this.present(current);
    if (status === 'published' && (await this.apps.publishedPageTaken(current.categoryId, current.nameSlug, id))) {
      throw this.pageTakenError(current.name, current.categoryName);
    }
    try {
      await this.apps.update(id, { status, ...(status === 'published' ? { publishedAt: new Date() } : {}) });
    } catch (error) {
      if (isUniqueViolation(error, 'apps_published_slug_key')) throw this.pageTakenError(current.name, current.categoryName);
      throw error;
    }
    await this.changed([id]);
    return this.get(id);
  }

  /** Deletes one app. @throws 404 */
  async delete(id: number): Promise<void> {
    const deleted = await this.apps.delete([id]);
    if (deleted.length === 0) throw notFound('App not found');
    await this.changed(deleted);
  }

  /** Deletes the listed apps; unknown ids are ignored. */
  async bulkDelete(ids: number[]): Promise<BulkDeleteResponse> {
    const deleted = await this.apps.delete([...new Set(ids)]);
    await this.changed(deleted);
    return { deleted: deleted.length };
  }

  /** Deletes every app the All Apps search and status match (the "select all matching" selection), in one statement. */
  async bulkDeleteMatching(matching: z.output<typeof adminBulkDeleteMatchingSchema>['matching']): Promise<BulkDeleteResponse> {
    const deleted = await this.apps.deleteMatching(listFilter(matching));
    await this.changed(deleted);
    return { deleted: deleted.length };
  }

  /** Keeps the oldest app per name (case and spaces ignored) and deletes the others; `kept` is how many apps remain. */
  async removeDuplicates(): Promise<RemoveDuplicatesResponse> {
    const removed = await this.apps.deleteDuplicateNames();
    await this.changed(removed);
    return { removed: removed.length, kept: await this.apps.countAll() };
  }

  /**
   * Imports parsed records (`parseImportFile`), all or nothing.
   * @throws 400 with every record that would take a published page in `details.errors`.
   */
  async import(records: AppRecord[], defaultStatus: AppStatus): Promise<Omit<AdminImportResponse, 'duplicates'>> {
    const result = await new AppsImportService(this.ctx.db).import(records, defaultStatus, (undone) => this.changed(undone));
    if (!result.ok) throw importRefused(result.errors);
    // Only when categories were created, and saying so: the imported apps are refreshed below, and a rebuild of
    // the whole search index for nothing blocks the instance for seconds on a large catalogue.
    if (result.createdCategories > 0) await this.ctx.changes.publish('categories.changed', { onlyAdded: true });
    await this.changed(result.ids);
    // Duplicate flagging hears this before `publish` resolves (duplicates.service.ts, flagAddedApps).
    await this.ctx.changes.publish('apps.added', { ids: result.ids, source: 'import' });
    return { imported: result.ids.length, ids: result.ids };
  }

  /** Every app as an import file (the same format `import` reads). */
  async export(): Promise<AppRecord[]> {
    return (await this.apps.all()).map((row) => ({
      name: row.name,
      url: row.url,
      category: row.categoryName,
      description: row.description,
      longDescription: row.longDescription,
      tags: row.tags,
      features: row.features,
      useCases: row.useCases,
      pricingType: row.pricingType,
      company: row.company,
      foundedYear: row.foundedYear,
      location: row.location,
      monthlyVisitors: Number(row.monthlyVisitors),
      rating: row.rating,
      trafficGrowth: row.trafficGrowth,
      status: row.status,
      screenshotUrl: row.screenshotUrl,
      viewCount: row.viewCount,
      saveCount: row.saveCount,
      aiGenerated: row.aiGenerated,
      detectedAt: row.detectedAt,
    }));
  }
}
