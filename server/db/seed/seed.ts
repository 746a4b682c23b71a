import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../database';
import { insertApps, insertCategories } from '../factories';
import { apps, categories } from '../schema';
import { validateImportFile } from '../../modules/apps/apps.import';
import { seedBlogPosts } from '../../modules/blog/blog.seed';
import { demoCategories } from './demo-categories';

const demoAppsFile = path.join(import.meta.dirname, 'demo-apps.json');

/** Makes sure the category "All" exists, on every start (it is part of the product, not demo data). */
export async function ensureAllCategory(db: Db): Promise<void> {
  await db
    .insert(categories)
    .values({ name: 'All', slug: 'all', description: 'Every AI tool in the marketplace.', sortOrder: 0 })
    .onConflictDoNothing();
}

/**
 * Seeds the demo catalogue, categories and blog posts into an empty database. A database that
 * already holds apps or posts is left alone, so a restart never duplicates anything.
 * @returns whether anything was seeded.
 */
export async function seedDemoData(db: Db): Promise<boolean> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(apps);
  if (count > 0) return false;
  await insertCategories(db, demoCategories);
  // The demo file is checked like an import file, then written by the factories the tests use.
  const content: unknown = JSON.parse(fs.readFileSync(demoAppsFile, 'utf8'));
  const validation = validateImportFile(content);
  if (!validation.ok) throw new Error(`The demo catalogue is invalid: ${JSON.stringify(validation.errors.slice(0, 5))}`);
  await insertApps(db, validation.records, 'published');
  await seedBlogPosts(db);
  return true;
}
