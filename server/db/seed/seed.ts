import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../database';
import { apps, categories } from '../schema';
import { importApps } from '../../modules/apps/apps.import';
import { seedBlogPosts } from '../../modules/blog/blog.seed';
import { demoCategories } from './demo-categories';

const demoAppsFile = path.join(import.meta.dirname, 'demo-apps.json');

/** Makes sure the category "All" exists, on every start (it is part of the product, not demo data). */
export async function ensureAllCategory(db: Db): Promise<void> {
  await db.insert(categories).values({ name: 'All', slug: 'all', description: 'Every AI tool in the marketplace.', sortOrder: 0 }).onConflictDoNothing();
}

/**
 * Seeds the demo catalogue, categories and blog posts into an empty database. A database that
 * already holds apps or posts is left alone, so a restart never duplicates anything.
 * @returns whether anything was seeded.
 */
export async function seedDemoData(db: Db): Promise<boolean> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(apps);
  if (count > 0) return false;
  await db
    .insert(categories)
    .values(demoCategories.map((category, index) => ({ ...category, sortOrder: index })))
    .onConflictDoNothing();
  const content: unknown = JSON.parse(fs.readFileSync(demoAppsFile, 'utf8'));
  const result = await importApps(db, content, 'published');
  if (!result.ok) throw new Error(`The demo catalogue is invalid: ${JSON.stringify(result.errors.slice(0, 5))}`);
  await seedBlogPosts(db);
  return true;
}
