import { setImmediate } from 'node:timers/promises';
import { ALL_CATEGORY_NAME, type AppStatus } from '@shared/constants';
import type { AppRecord } from '@shared/schemas/app';
import { categorySlugFromName, slugify } from '@shared/slug';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict } from '../../lib/errors';
import { timeSlices } from '../../lib/time-slices';
import { CategoryRecordsService } from '../categories/categories.records.service';
import { buildAppRow } from './app-row';
import { AppsAdminRepository } from './apps.admin.repository';
import type { AppInsert } from '../../db/catalogue';

/**
 * Apps are inserted this many per statement, and each statement is its own transaction: on PGlite a
 * transaction holds the only connection, and 100 rows take ≈ 50 ms there, so requests wait at most
 * about that long between two statements (decision 0026). It also keeps far under the parameter limit.
 */
export const IMPORT_WRITE_BATCH = 100;
/** Checking or preparing a file's records yields to the event loop after this long: 50,000 records take seconds. */
export const IMPORT_SLICE_MS = 20;
/** Apps written by an import that then failed are removed this many per statement. */
const UNDO_BATCH = 1_000;

/** One problem of an import file, by record and field. */
export interface ImportError {
  /** Position of the record in the file, from 0. */
  record: number;
  /** The record's name when it has one, to find it in the file. */
  name?: string;
  field: string;
  message: string;
}

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

/** The categories an import can file apps under, and how a record's category text finds one. */
interface CategoryLookup {
  byName: Map<string, CategoryRef>;
  bySlug: Map<string, CategoryRef>;
}

interface CategoryRef {
  id: number;
  name: string;
  slug: string;
}

function categoryLookup(rows: CategoryRef[]): CategoryLookup {
  return {
    byName: new Map(rows.map((row) => [row.name.toLowerCase(), row])),
    bySlug: new Map(rows.map((row) => [row.slug, row])),
  };
}

/**
 * The existing category a record's category text means: its name (any case), else its slug written as is,
 * else the slug the name would get. A renamed category keeps its slug, so "Writing" still finds
 * "Writing Tools" (slug `writing`) rather than trying to create a second category with a taken slug.
 */
function findCategory(lookup: CategoryLookup, text: string): CategoryRef | undefined {
  const lower = text.trim().toLowerCase();
  return lookup.byName.get(lower) ?? lookup.bySlug.get(lower) ?? lookup.bySlug.get(categorySlugFromName(text));
}

/** Thrown inside the import's write to undo it and answer with these records' problems. */
class ImportRefusal extends Error {
  constructor(readonly errors: ImportError[]) {
    super('import refused');
  }
}

/**
 * The import's rules on already validated records (`validateImportFile`): all of them or none (short
 * transactions, undone on failure: decision 0026); a record's own `status` wins over the default; a
 * published record must not take the page of an app already published; a record's category is found by
 * name or slug, and one that does not exist yet is created after the others (a name whose slug would be
 * empty, or "All", is refused with the record).
 */
export class AppsImportService {
  constructor(private readonly db: Db) {}

  /**
   * Records whose category cannot be used, and records that would take the public page of an app already
   * published or of an earlier record once categories are resolved (two texts may name one category).
   */
  async pageConflicts(records: AppRecord[], defaultStatus: AppStatus): Promise<ImportError[]> {
    const taken = await new AppsAdminRepository(this.db).publishedPages();
    const lookup = categoryLookup(await new CategoryRecordsService(this.db).names());
    const errors: ImportError[] = [];
    const pages = new Map<string, number>();
    const slice = timeSlices(IMPORT_SLICE_MS);
    for (const [index, record] of records.entries()) {
      await slice();
      const category = findCategory(lookup, record.category);
      const problem = categoryProblem(record, index, category, true);
      if (problem) {
        errors.push(problem);
        continue;
      }
      if ((record.status ?? defaultStatus) !== 'published') continue;
      const page = `${category?.slug ?? categorySlugFromName(record.category)}/${slugify(record.name)}`;
      if (taken.has(page)) {
        errors.push({
          record: index,
          name: record.name,
          field: 'name',
          message: `A published app named "${record.name}" already exists in ${record.category}`,
        });
        continue;
      }
      const first = pages.get(page);
      if (first !== undefined) {
        errors.push({ record: index, name: record.name, field: 'name', message: `Same name and category as record ${first}` });
        continue;
      }
      pages.set(page, index);
    }
    return errors;
  }

  /**
   * Writes the records (no page check: tests and the seed write apps directly), all or nothing as
   * `import` does.
   * @returns the ids of the created apps.
   * @throws ImportRefusal when a record's category can be neither found nor created (nothing is left).
   */
  async write(records: AppRecord[], defaultStatus: AppStatus): Promise<number[]> {
    return (await this.writeRows(records, defaultStatus)).ids;
  }

  /**
   * Writes in short transactions (categories first, then IMPORT_WRITE_BATCH apps per statement) rather
   * than one: a transaction of 50,000 rows held PGlite's only connection for tens of seconds, and every
   * request waited. All or nothing is kept by undoing: when a statement fails, the apps and categories
   * written so far are deleted, and `undone` hears their ids, before the error is thrown. Meanwhile
   * other readers may see the apps already written (decision 0026).
   */
  private async writeRows(
    records: AppRecord[],
    defaultStatus: AppStatus,
    undone: (ids: number[]) => Promise<void> = async () => undefined,
  ): Promise<{ ids: number[]; createdCategories: number }> {
    const categoryRecords = new CategoryRecordsService(this.db);
    const repository = new AppsAdminRepository(this.db);
    const createdCategories: number[] = [];
    const ids: number[] = [];
    try {
      const categoryIds = await this.ensureCategories(categoryRecords, records, createdCategories);
      const now = new Date();
      for (let start = 0; start < records.length; start += IMPORT_WRITE_BATCH) {
        const values = records.slice(start, start + IMPORT_WRITE_BATCH).map((record, offset) => {
          const categoryId = categoryIds[start + offset];
          if (categoryId === undefined) throw new Error(`Category ${record.category} is missing`);
          return appValues(record, categoryId, record.status ?? defaultStatus, now);
        });
        ids.push(...(await repository.insertMany(values)));
        // Whatever waits (requests, on PGlite their queries too) runs between two statements.
        await setImmediate();
      }
      return { ids, createdCategories: createdCategories.length };
    } catch (error) {
      await this.undo(ids, createdCategories, error);
      if (ids.length > 0) await undone(ids);
      throw error;
    }
  }

  /**
   * Deletes what a failed import wrote: its apps, then the categories it created that hold no app
   * (another writer may have filed an app there meanwhile: that category stays).
   * @throws an error naming how many apps may remain when the undo itself fails (the database was lost).
   */
  private async undo(ids: number[], createdCategories: number[], cause: unknown): Promise<void> {
    try {
      const repository = new AppsAdminRepository(this.db);
      for (let start = 0; start < ids.length; start += UNDO_BATCH) {
        await repository.delete(ids.slice(start, start + UNDO_BATCH));
        await setImmediate();
      }
      await new CategoryRecordsService(this.db).deleteEmpty(createdCategories);
    } catch (undoError) {
      throw new Error(`The import failed after writing ${ids.length} apps, and removing them failed too: some may remain.`, {
        cause: new AggregateError([cause, undoError]),
      });
    }
  }

  /**
   * Checks the categories and pages, then writes: all or nothing. `undone` hears the ids of apps that
   * were written and removed again because the write failed part-way (caches may have shown them).
   * @returns the created ids and how many categories were created, or the records that cannot be imported.
   * @throws AppError 409 when another writer published one of the file's pages during the write.
   */
  async import(
    records: AppRecord[],
    defaultStatus: AppStatus,
    undone?: (ids: number[]) => Promise<void>,
  ): Promise<{ ok: true; ids: number[]; createdCategories: number } | { ok: false; errors: ImportError[] }> {
    const conflicts = await this.pageConflicts(records, defaultStatus);
    if (conflicts.length > 0) return { ok: false, errors: conflicts };
    try {
      return { ok: true, ...(await this.writeRows(records, defaultStatus, undone)) };
    } catch (error) {
      if (error instanceof ImportRefusal) return { ok: false, errors: error.errors };
      // Checked above, so taken meanwhile: another import or a curator published the same page.
      if (isUniqueViolation(error, 'apps_published_slug_key'))
        throw conflict(
          'Nothing was imported: another import or edit published an app with the same name and category while this file was written. Import it again to see which records.',
        );
      throw error;
    }
  }

  /**
   * Finds each record's category by name or slug, creating the missing ones after the others (their ids
   * are pushed to `created` as they are made, so a failed import can remove them).
   * @returns the category id of each record, in record order.
   */
  private async ensureCategories(categories: CategoryRecordsService, records: AppRecord[], created: number[]): Promise<number[]> {
    const existing = await categories.names();
    const lookup = categoryLookup(existing);
    let nextOrder = Math.max(0, ...existing.map((row) => row.sortOrder)) + 1;
    const ids: number[] = [];
    const errors: ImportError[] = [];
    const slice = timeSlices(IMPORT_SLICE_MS);
    for (const [index, record] of records.entries()) {
      await slice();
      let category = findCategory(lookup, record.category);
      if (!category && categorySlugFromName(record.category)) {
        const name = record.category.trim();
        const slug = categorySlugFromName(name);
        const id = await categories.insertIfAbsent({
          name,
          slug,
          description: `AI tools for ${name.toLowerCase()}.`,
          sortOrder: nextOrder++,
        });
        // Taken meanwhile by another writer: use the category that took the name or the slug.
        if (id !== undefined) created.push(id);
        const row =
          id !== undefined ? { id, name, slug } : ((await categories.findByName(name)) ?? (await categories.findBySlug(slug)));
        if (row) {
          category = { id: row.id, name: row.name, slug: row.slug };
          lookup.byName.set(category.name.toLowerCase(), category);
          lookup.bySlug.set(category.slug, category);
        }
      }
      const problem = categoryProblem(record, index, category, false);
      if (problem) errors.push(problem);
      else if (category) ids.push(category.id);
    }
    if (errors.length > 0) throw new ImportRefusal(errors);
    return ids;
  }
}

/**
 * Why a record cannot go into the category its text names, if it cannot. Before the write (`creatable`) a
 * missing category is fine when it can be created; during the write, a category still missing is a problem.
 */
function categoryProblem(
  record: AppRecord,
  index: number,
  category: CategoryRef | undefined,
  creatable: boolean,
): ImportError | undefined {
  const problem = (message: string): ImportError => ({ record: index, name: record.name, field: 'category', message });
  if (category?.name.toLowerCase() === ALL_CATEGORY_NAME.toLowerCase())
    return problem(`"${record.category}" is the category "All", which holds no apps`);
  if (category) return undefined;
  if (!categorySlugFromName(record.category))
    return problem(`"${record.category}" matches no category, and a new one needs a letter or digit in its name`);
  return creatable ? undefined : problem(`The category "${record.category}" could not be created`);
}
