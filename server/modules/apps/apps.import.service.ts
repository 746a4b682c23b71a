import { setImmediate } from 'node:timers/promises';
import { ALL_CATEGORY_NAME, type AppStatus } from '@shared/constants';
import type { AppRecord } from '@shared/schemas/app';
import { categorySlugFromName, slugify } from '@shared/slug';
import type { Db } from '../../db/database';
import { CategoryRecordsService } from '../categories/categories.records.service';
import { buildAppRow } from './app-row';
import { AppsAdminRepository } from './apps.admin.repository';
import type { AppInsert } from '../../db/catalogue';

/** Apps are inserted this many per statement: large catalogues stay under the parameter limit. */
const BATCH = 200;

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

/** Thrown inside the import's transaction to roll it back and answer with these records' problems. */
class ImportRefusal extends Error {
  constructor(readonly errors: ImportError[]) {
    super('import refused');
  }
}

/**
 * The import's rules on already validated records (`validateImportFile`): all of them or none, in one
 * transaction; a record's own `status` wins over the default; a published record must not take the page
 * of an app already published; a record's category is found by name or slug, and one that does not exist
 * yet is created after the others (a name whose slug would be empty, or "All", is refused with the record).
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
    records.forEach((record, index) => {
      const category = findCategory(lookup, record.category);
      const problem = categoryProblem(record, index, category, true);
      if (problem) {
        errors.push(problem);
        return;
      }
      if ((record.status ?? defaultStatus) !== 'published') return;
      const page = `${category?.slug ?? categorySlugFromName(record.category)}/${slugify(record.name)}`;
      if (taken.has(page)) {
        errors.push({
          record: index,
          name: record.name,
          field: 'name',
          message: `A published app named "${record.name}" already exists in ${record.category}`,
        });
        return;
      }
      const first = pages.get(page);
      if (first !== undefined) {
        errors.push({ record: index, name: record.name, field: 'name', message: `Same name and category as record ${first}` });
        return;
      }
      pages.set(page, index);
    });
    return errors;
  }

  /**
   * Writes the records in one transaction (no page check: tests and the seed write apps directly).
   * @returns the ids of the created apps.
   * @throws ImportRefusal when a record's category can be neither found nor created (rolled back).
   */
  async write(records: AppRecord[], defaultStatus: AppStatus): Promise<number[]> {
    return (await this.writeRows(records, defaultStatus)).ids;
  }

  private async writeRows(records: AppRecord[], defaultStatus: AppStatus): Promise<{ ids: number[]; createdCategories: number }> {
    return this.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const categories = await this.ensureCategories(new CategoryRecordsService(db), records);
      const repository = new AppsAdminRepository(db);
      const now = new Date();
      const ids: number[] = [];
      for (let start = 0; start < records.length; start += BATCH) {
        const values = records.slice(start, start + BATCH).map((record, offset) => {
          const categoryId = categories.ids[start + offset];
          if (categoryId === undefined) throw new Error(`Category ${record.category} is missing`);
          return appValues(record, categoryId, record.status ?? defaultStatus, now);
        });
        ids.push(...(await repository.insertMany(values)));
        // Requests that need no database (search, cached pages, a fresh health answer) run between statements.
        await setImmediate();
      }
      return { ids, createdCategories: categories.created };
    });
  }

  /**
   * Checks the categories and pages, then writes: all or nothing.
   * @returns the created ids and how many categories were created, or the records that cannot be imported.
   */
  async import(
    records: AppRecord[],
    defaultStatus: AppStatus,
  ): Promise<{ ok: true; ids: number[]; createdCategories: number } | { ok: false; errors: ImportError[] }> {
    const conflicts = await this.pageConflicts(records, defaultStatus);
    if (conflicts.length > 0) return { ok: false, errors: conflicts };
    try {
      return { ok: true, ...(await this.writeRows(records, defaultStatus)) };
    } catch (error) {
      if (error instanceof ImportRefusal) return { ok: false, errors: error.errors };
      throw error;
    }
  }

  /**
   * Finds each record's category by name or slug, creating the missing ones after the others.
   * @returns the category id of each record, in record order, and how many categories were created.
   */
  private async ensureCategories(
    categories: CategoryRecordsService,
    records: AppRecord[],
  ): Promise<{ ids: number[]; created: number }> {
    const existing = await categories.names();
    const lookup = categoryLookup(existing);
    let nextOrder = Math.max(0, ...existing.map((row) => row.sortOrder)) + 1;
    const ids: number[] = [];
    const errors: ImportError[] = [];
    let created = 0;
    for (const [index, record] of records.entries()) {
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
        if (id !== undefined) created += 1;
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
    return { ids, created };
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
