import { sql } from 'drizzle-orm';
import { ALL_CATEGORY_NAME, type AppStatus } from '../../../shared/constants';
import { appRecordSchema, importFileSchema, type AppRecord } from '../../../shared/schemas/app';
import { categorySlugFromName, slugify } from '../../../shared/slug';
import type { Db } from '../../db/database';
import { apps, categories } from '../../db/schema';
import { buildAppRow } from './app-row';

export interface ImportError {
  /** Position of the record in the file, from 0. */
  record: number;
  /** The record's name when it has one, to find it in the file. */
  name?: string;
  field: string;
  message: string;
}

export type ImportValidation = { ok: true; records: AppRecord[] } | { ok: false; errors: ImportError[] };

/**
 * Validates a whole import file (an array of apps, or `{tools: [...]}`) before anything is written.
 * Also refuses two records that would get the same public page.
 */
export function validateImportFile(content: unknown): ImportValidation {
  const file = importFileSchema.safeParse(content);
  if (!file.success) {
    return { ok: false, errors: [{ record: -1, field: '(file)', message: 'Expected a JSON array of apps or an object with a "tools" array' }] };
  }
  const errors: ImportError[] = [];
  const records: AppRecord[] = [];
  const pages = new Map<string, number>();
  file.data.forEach((raw, index) => {
    const name = raw && typeof raw === 'object' && 'name' in raw && typeof raw.name === 'string' ? raw.name : undefined;
    const result = appRecordSchema.safeParse(raw);
    if (!result.success) {
      for (const issue of result.error.issues) {
        errors.push({ record: index, ...(name ? { name } : {}), field: issue.path.join('.') || '(record)', message: issue.message });
      }
      return;
    }
    const record = result.data;
    if (record.category.toLowerCase() === ALL_CATEGORY_NAME.toLowerCase()) {
      errors.push({ record: index, name: record.name, field: 'category', message: 'An app cannot be in the category "All"' });
      return;
    }
    if (!slugify(record.name)) {
      errors.push({ record: index, name: record.name, field: 'name', message: 'Name must contain at least one letter or digit' });
      return;
    }
    const page = `${categorySlugFromName(record.category)}/${slugify(record.name)}`;
    const first = pages.get(page);
    if (first !== undefined) {
      errors.push({ record: index, name: record.name, field: 'name', message: `Same name and category as record ${first}` });
      return;
    }
    pages.set(page, index);
    records.push(record);
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, records };
}

/** Creates the named categories that do not exist yet; returns the id of each name (lower-cased). */
export async function ensureCategories(db: Db, names: string[]): Promise<Map<string, number>> {
  const wanted = [...new Map(names.map((name) => [name.toLowerCase(), name])).values()];
  const existing = await db.select({ id: categories.id, name: categories.name, sortOrder: categories.sortOrder }).from(categories);
  const ids = new Map(existing.map((row) => [row.name.toLowerCase(), row.id]));
  let nextOrder = Math.max(0, ...existing.map((row) => row.sortOrder)) + 1;
  for (const name of wanted) {
    if (ids.has(name.toLowerCase())) continue;
    const [row] = await db
      .insert(categories)
      .values({ name, slug: categorySlugFromName(name), description: `AI tools for ${name.toLowerCase()}.`, sortOrder: nextOrder++ })
      .onConflictDoNothing()
      .returning({ id: categories.id });
    const id = row?.id ?? (await db.select({ id: categories.id }).from(categories).where(sql`lower(${categories.name}) = ${name.toLowerCase()}`))[0]?.id;
    if (id === undefined) throw new Error(`Could not create category ${name}`);
    ids.set(name.toLowerCase(), id);
  }
  return ids;
}

/** The insert values of a validated record. */
function appValues(record: AppRecord, categoryId: number, status: AppStatus) {
  const now = new Date();
  return buildAppRow({
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
  }, { status, now });
}

/**
 * Writes validated records in one transaction: all of them or none. A record's own `status` wins
 * over the default. Published apps must not take the public page of an existing published app.
 * @returns the ids of the created apps.
 */
export async function importRecords(db: Db, records: AppRecord[], defaultStatus: AppStatus): Promise<number[]> {
  return db.transaction(async (tx) => {
    const categoryIds = await ensureCategories(tx as unknown as Db, records.map((record) => record.category));
    const ids: number[] = [];
    const BATCH = 200;
    for (let start = 0; start < records.length; start += BATCH) {
      const values = records.slice(start, start + BATCH).map((record) => {
        const categoryId = categoryIds.get(record.category.toLowerCase());
        if (categoryId === undefined) throw new Error(`Category ${record.category} is missing`);
        return appValues(record, categoryId, record.status ?? defaultStatus);
      });
      const rows = await tx.insert(apps).values(values).returning({ id: apps.id });
      ids.push(...rows.map((row) => row.id));
    }
    return ids;
  });
}

/** Records that would take the public page of an app already published. */
async function pageConflicts(db: Db, records: AppRecord[], defaultStatus: AppStatus): Promise<ImportError[]> {
  const existing = await db
    .select({ categorySlug: categories.slug, nameSlug: apps.nameSlug })
    .from(apps)
    .innerJoin(categories, sql`${apps.categoryId} = ${categories.id}`)
    .where(sql`${apps.status} = 'published'`);
  const taken = new Set(existing.map((row) => `${row.categorySlug}/${row.nameSlug}`));
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
 * Validates and imports a whole file, all or nothing (the import command and the admin import call).
 * @returns the created ids, or every error by record and field.
 */
export async function importApps(
  db: Db,
  content: unknown,
  defaultStatus: AppStatus,
): Promise<{ ok: true; ids: number[] } | { ok: false; errors: ImportError[] }> {
  const validation = validateImportFile(content);
  if (!validation.ok) return validation;
  const conflicts = await pageConflicts(db, validation.records, defaultStatus);
  if (conflicts.length > 0) return { ok: false, errors: conflicts };
  return { ok: true, ids: await importRecords(db, validation.records, defaultStatus) };
}
