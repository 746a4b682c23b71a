import { ALL_CATEGORY_NAME, type AppStatus } from '../../../shared/constants';
import { appRecordSchema, importFileSchema, type AppRecord } from '../../../shared/schemas/app';
import { categorySlugFromName, slugify } from '../../../shared/slug';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { AppsImportService } from './apps.import.service';

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

function describeImportError(error: ImportError): string {
  const where = error.record < 0 ? 'The file' : `Record ${error.record}${error.name ? ` (${error.name})` : ''}`;
  return `${where}, ${error.field}: ${error.message}`;
}

/** The 400 of an import refused for these problems (the first is in the message, every one in `details.errors`). */
export function importRefused(errors: ImportError[]): AppError {
  const count = errors.length;
  const first = errors[0];
  return new AppError(
    'validation_failed',
    `Nothing was imported: ${count} problem${count === 1 ? '' : 's'} in the file.${first ? ` ${describeImportError(first)}` : ''}`,
    { errors },
  );
}

/**
 * Parses an import file sent to the API.
 * @throws AppError 400 with every problem by record and field (see importRefused).
 */
export function parseImportFile(content: unknown): AppRecord[] {
  const validation = validateImportFile(content);
  if (!validation.ok) throw importRefused(validation.errors);
  return validation.records;
}

/**
 * Validates and imports a whole file, all or nothing (the import command, the seed and the search tools).
 * @returns the created ids, or every error by record and field.
 */
export async function importApps(
  db: Db,
  content: unknown,
  defaultStatus: AppStatus,
): Promise<{ ok: true; ids: number[] } | { ok: false; errors: ImportError[] }> {
  const validation = validateImportFile(content);
  if (!validation.ok) return validation;
  return new AppsImportService(db).import(validation.records, defaultStatus);
}
