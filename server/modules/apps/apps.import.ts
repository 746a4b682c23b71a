import { ALL_CATEGORY_NAME, type AppStatus } from '@shared/constants';
import { appRecordSchema, importFileSchema, type AppRecord } from '@shared/schemas/app';
import { categorySlugFromName, slugify } from '@shared/slug';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { timeSlices } from '../../lib/time-slices';
import { AppsImportService, IMPORT_SLICE_MS, type ImportError } from './apps.import.service';

export type ImportValidation = { ok: true; records: AppRecord[] } | { ok: false; errors: ImportError[]; total: number };

/** At most this many problems are listed (all are counted): a huge bad file gets a small answer. */
export const MAX_LISTED_IMPORT_ERRORS = 100;
/** A record's name is quoted up to this length in a problem. */
const MAX_QUOTED_NAME = 120;

/** Checks records one at a time, collecting the valid ones and a bounded list of problems. */
class FileValidator {
  readonly errors: ImportError[] = [];
  readonly records: AppRecord[] = [];
  total = 0;
  private readonly pages = new Map<string, number>();

  private report(error: ImportError): void {
    this.total += 1;
    if (this.errors.length < MAX_LISTED_IMPORT_ERRORS)
      this.errors.push(
        error.name && error.name.length > MAX_QUOTED_NAME
          ? { ...error, name: `${error.name.slice(0, MAX_QUOTED_NAME)}…` }
          : error,
      );
  }

  check(raw: unknown, index: number): void {
    const name = raw && typeof raw === 'object' && 'name' in raw && typeof raw.name === 'string' ? raw.name : undefined;
    const result = appRecordSchema.safeParse(raw);
    if (!result.success) {
      for (const issue of result.error.issues) {
        this.report({
          record: index,
          ...(name ? { name } : {}),
          field: issue.path.join('.').slice(0, 200) || '(record)',
          message: issue.message.slice(0, 300),
        });
      }
      return;
    }
    const record = result.data;
    if (record.category.toLowerCase() === ALL_CATEGORY_NAME.toLowerCase()) {
      this.report({ record: index, name: record.name, field: 'category', message: 'An app cannot be in the category "All"' });
      return;
    }
    if (!slugify(record.name)) {
      this.report({ record: index, name: record.name, field: 'name', message: 'Name must contain at least one letter or digit' });
      return;
    }
    const page = `${categorySlugFromName(record.category)}/${slugify(record.name)}`;
    const first = this.pages.get(page);
    if (first !== undefined) {
      this.report({ record: index, name: record.name, field: 'name', message: `Same name and category as record ${first}` });
      return;
    }
    this.pages.set(page, index);
    this.records.push(record);
  }

  result(): ImportValidation {
    return this.total > 0 ? { ok: false, errors: this.errors, total: this.total } : { ok: true, records: this.records };
  }
}

/** The records of an import file (an array of apps, or `{tools: [...]}`), or undefined when it is neither. */
function fileRecords(content: unknown): unknown[] | undefined {
  const file = importFileSchema.safeParse(content);
  return file.success ? file.data : undefined;
}

const notAFile: ImportValidation = {
  ok: false,
  errors: [{ record: -1, field: '(file)', message: 'Expected a JSON array of apps or an object with a "tools" array' }],
  total: 1,
};

/**
 * Validates a whole import file (an array of apps, or `{tools: [...]}`) before anything is written.
 * Also refuses two records that would get the same public page. Synchronous: for small files (the
 * seed); a request's file goes through `validateImportFileInSlices`.
 */
export function validateImportFile(content: unknown): ImportValidation {
  const records = fileRecords(content);
  if (!records) return notAFile;
  const validator = new FileValidator();
  records.forEach((raw, index) => validator.check(raw, index));
  return validator.result();
}

/**
 * `validateImportFile`, yielding to the event loop every IMPORT_SLICE_MS: checking 50,000 records
 * takes seconds, and requests (health first) must keep answering meanwhile.
 */
export async function validateImportFileInSlices(content: unknown): Promise<ImportValidation> {
  const records = fileRecords(content);
  if (!records) return notAFile;
  const validator = new FileValidator();
  const slice = timeSlices(IMPORT_SLICE_MS);
  for (const [index, raw] of records.entries()) {
    validator.check(raw, index);
    await slice();
  }
  return validator.result();
}

function describeImportError(error: ImportError): string {
  const where = error.record < 0 ? 'The file' : `Record ${error.record}${error.name ? ` (${error.name})` : ''}`;
  return `${where}, ${error.field}: ${error.message}`;
}

/**
 * The 400 of an import refused for these problems: the count and the first in the message, up to
 * MAX_LISTED_IMPORT_ERRORS in `details.errors`, the count in `details.total`.
 */
export function importRefused(listed: ImportError[], total = listed.length): AppError {
  const errors = listed.slice(0, MAX_LISTED_IMPORT_ERRORS);
  const count = total;
  const first = errors[0];
  return new AppError(
    'validation_failed',
    `Nothing was imported: ${count} problem${count === 1 ? '' : 's'} in the file.${first ? ` ${describeImportError(first)}` : ''}`,
    { errors, total: count, ...(count > errors.length ? { listed: errors.length } : {}) },
  );
}

/**
 * Parses an import file sent to the API, in slices (see validateImportFileInSlices).
 * @throws AppError 400 with every problem by record and field (see importRefused).
 */
export async function parseImportFile(content: unknown): Promise<AppRecord[]> {
  const validation = await validateImportFileInSlices(content);
  if (!validation.ok) throw importRefused(validation.errors, validation.total);
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
  const validation = await validateImportFileInSlices(content);
  if (!validation.ok) return validation;
  return new AppsImportService(db).import(validation.records, defaultStatus);
}
