import type { AppStatus } from '@shared/constants';
import { appRecordSchema, type AppRecord } from '@shared/schemas/app';
import { AppsImportService } from '../modules/apps/apps.import.service';
import type { Db } from './database';
import { categories } from './schema';

/**
 * The one way apps and categories are put into a database outside the HTTP routes: the demo seed
 * builds its catalogue with these, and so do the tests and benches (server/test/factories.ts adds
 * what needs a running test app).
 */

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

/** Inserts apps in one transaction (creating their missing categories) and returns their ids, in record order. */
export async function insertApps(db: Db, records: AppRecord[], status: AppStatus = 'published'): Promise<number[]> {
  return new AppsImportService(db).write(records, status);
}

/** Inserts one app and returns its id. */
export async function insertApp(
  db: Db,
  overrides: Partial<AppRecord> & Record<string, unknown> = {},
  status: AppStatus = 'published',
): Promise<number> {
  const [id] = await insertApps(db, [buildAppRecord(overrides)], status);
  if (id === undefined) throw new Error('insert failed');
  return id;
}

/** Inserts categories in the given order (their sort order), leaving any that exist by name or slug as they are. */
export async function insertCategories(
  db: Db,
  list: readonly { name: string; slug: string; description: string }[],
): Promise<void> {
  await db
    .insert(categories)
    .values(list.map((category, index) => ({ ...category, sortOrder: index })))
    .onConflictDoNothing();
}
