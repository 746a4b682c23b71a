import type { AppStatus } from '@shared/constants';
import { appRecordSchema, type AppRecord } from '@shared/schemas/app';
import type { Db } from '../db/database';
import { AppsImportService } from '../modules/apps/apps.import.service';
import type { TestApp } from './test-app';

let sequence = 0;

/** A valid app record with unique name and URL; override any field. */
export function buildAppRecord(overrides: Partial<AppRecord> & Record<string, unknown> = {}): AppRecord {
  sequence += 1;
  return appRecordSchema.parse({
    name: `Test App ${sequence}`,
    url: `https://test-app-${sequence}.example.com`,
    category: 'Writing',
    description: 'Writes first drafts of blog posts from an outline.',
    longDescription: 'A longer description of the test app, with enough words to be realistic.',
    tags: ['writing', 'blog'],
    features: ['Outline to draft', 'Tone control', 'SEO hints'],
    useCases: ['Bloggers drafting posts', 'Marketers writing newsletters'],
    pricingType: 'freemium',
    company: 'Test Co',
    foundedYear: 2021,
    location: 'Berlin, Germany',
    monthlyVisitors: 120_000,
    rating: 42,
    ...overrides,
  });
}

/** Inserts apps (creating their categories) and returns their ids. */
export async function insertApps(db: Db, records: AppRecord[], status: AppStatus = 'published'): Promise<number[]> {
  return new AppsImportService(db).write(records, status);
}

/** Inserts one app and returns its id. */
export async function insertApp(db: Db, overrides: Partial<AppRecord> & Record<string, unknown> = {}, status: AppStatus = 'published'): Promise<number> {
  const [id] = await insertApps(db, [buildAppRecord(overrides)], status);
  if (id === undefined) throw new Error('insert failed');
  return id;
}

/**
 * Inserts a catalogue behind the services' back, then announces it (`apps.changed`) as every write path
 * does, so the caches and the search index see it.
 * @returns each record's id by name.
 */
export async function insertCatalogue(testApp: TestApp, records: AppRecord[]): Promise<Record<string, number>> {
  const created = await insertApps(testApp.ctx.db, records);
  await testApp.ctx.changes.publish('apps.changed', { ids: created });
  return Object.fromEntries(records.map((record, i) => [record.name, created[i]!]));
}
