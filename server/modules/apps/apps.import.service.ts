import type { AppStatus } from '../../../shared/constants';
import type { AppRecord } from '../../../shared/schemas/app';
import { categorySlugFromName, slugify } from '../../../shared/slug';
import type { Db } from '../../db/database';
import { CategoriesAdminRepository } from '../categories/categories.admin.repository';
import { buildAppRow } from './app-row';
import { AppsAdminRepository, type AppInsert } from './apps.admin.repository';
import type { ImportError } from './apps.import';

/** Apps are inserted this many per statement: large catalogues stay under the parameter limit. */
const BATCH = 200;

/** The insert values of a validated record. */
function appValues(record: AppRecord, categoryId: number, status: AppStatus, now: Date): AppInsert {
  return buildAppRow(
    {
      name: record.name,
      categoryId,
      description: record.description,
      longDescription: record.longDescription ?? null,
      url: record.url,
      tags: record.tags,
      features: record.features,
      useCases: record.useCases,
      monthlyVisitors: record.monthlyVisitors,
      rating: record.rating ?? null,
      trafficGrowth: record.trafficGrowth,
      screenshotUrl: record.screenshotUrl ?? null,
      viewCount: record.viewCount,
      saveCount: record.saveCount,
      aiGenerated: record.aiGenerated,
      detectedAt: record.detectedAt ?? now,
      pricingType: record.pricingType ?? null,
      company: record.company ?? null,
      foundedYear: record.foundedYear ?? null,
      location: record.location ?? null,
    },
    { status, now },
  );
}

/**
 * The import's rules on already validated records (`validateImportFile`): all of them or none, in one
 * transaction; a record's own `status` wins over the default; a published record must not take the page
 * of an app already published; categories it names that do not exist yet are created after the others.
 */
export class AppsImportService {
  constructor(private readonly db: Db) {}

  /** Records that would take the public page of an app already published. */
  async pageConflicts(records: AppRecord[], defaultStatus: AppStatus): Promise<ImportError[]> {
    const taken = await new AppsAdminRepository(this.db).publishedPages();
    const errors: ImportError[] = [];
    records.forEach((record, index) => {
      if ((record.status ?? defaultStatus) !== 'published') return;
      if (taken.has(`${categorySlugFromName(record.category)}/${slugify(record.name)}`)) {
        errors.push({ record: index, name: record.name, field: 'name', message: `A published app named "${record.name}" already exists in ${record.category}` });
      }
    });
    return errors;
  }

  /**
   * Writes the records in one transaction (no page check: tests and the seed write apps directly).
   * @returns the ids of the created apps.
   */
  async write(records: AppRecord[], defaultStatus: AppStatus): Promise<number[]> {
    return this.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const categoryIds = await this.ensureCategories(new CategoriesAdminRepository(db), records.map((record) => record.category));
      const repository = new AppsAdminRepository(db);
      const now = new Date();
      const ids: number[] = [];
      for (let start = 0; start < records.length; start += BATCH) {
        const values = records.slice(start, start + BATCH).map((record) => {
          const categoryId = categoryIds.get(record.category.toLowerCase());
          if (categoryId === undefined) throw new Error(`Category ${record.category} is missing`);
          return appValues(record, categoryId, record.status ?? defaultStatus, now);
        });
        ids.push(...(await repository.insertMany(values)));
      }
      return ids;
    });
  }

  /**
   * Checks the pages, then writes: all or nothing.
   * @returns the created ids, or the records that would take a published page.
   */
  async import(records: AppRecord[], defaultStatus: AppStatus): Promise<{ ok: true; ids: number[] } | { ok: false; errors: ImportError[] }> {
    const conflicts = await this.pageConflicts(records, defaultStatus);
    if (conflicts.length > 0) return { ok: false, errors: conflicts };
    return { ok: true, ids: await this.write(records, defaultStatus) };
  }

  /** Creates the named categories that do not exist yet, after the others; returns the id of each name (lower-cased). */
  private async ensureCategories(categories: CategoriesAdminRepository, names: string[]): Promise<Map<string, number>> {
    const wanted = [...new Map(names.map((name) => [name.toLowerCase(), name])).values()];
    const existing = await categories.names();
    const ids = new Map(existing.map((row) => [row.name.toLowerCase(), row.id]));
    let nextOrder = Math.max(0, ...existing.map((row) => row.sortOrder)) + 1;
    for (const name of wanted) {
      if (ids.has(name.toLowerCase())) continue;
      const created = await categories.insertIfAbsent({
        name,
        slug: categorySlugFromName(name),
        description: `AI tools for ${name.toLowerCase()}.`,
        sortOrder: nextOrder++,
      });
      // Taken meanwhile (or by a slug twin): use the category of that name.
      const id = created ?? (await categories.findByName(name))?.id;
      if (id === undefined) throw new Error(`Could not create category ${name}`);
      ids.set(name.toLowerCase(), id);
    }
    return ids;
  }
}
