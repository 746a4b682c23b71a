import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../server/db/database';
import { importApps } from '../../server/modules/apps/apps.import';
import { toSearchDocuments, type CatalogTool } from '../../server/modules/search/eval/catalog-loader';
import { synthesizeCatalog } from '../../server/modules/search/eval/synthesize';

const root = path.resolve(import.meta.dirname, '../..');
const sharedEval = path.resolve(root, '@shared/eval');
const localEval = path.join(root, 'server/modules/search/eval/data');

/** The evaluation data directory: the shared copy when this checkout has one beside it, else the project's own. */
export const EVAL_DIR = fs.existsSync(path.join(sharedEval, 'catalog.json')) ? sharedEval : localEval;

/**
 * The evaluation queries (judged and "wild"), in a fixed shuffled order with no query twice in a row,
 * so a bench cycling through them never asks the same thing twice running.
 */
export function evaluationQueries(): string[] {
  const read = (file: string) =>
    (JSON.parse(fs.readFileSync(path.join(EVAL_DIR, file), 'utf8')) as { queries: { query: string }[] }).queries.map(
      (entry) => entry.query,
    );
  const queries = [...new Set([...read('queries-public.json'), ...read('queries-wild-public.json')])];
  // A fixed permutation (a multiplier coprime with the length), so every run asks in the same order.
  const step = [7919, 104_729, 31].find((candidate) => gcd(candidate, queries.length) === 1) ?? 1;
  return queries.map((_, index) => queries[(index * step) % queries.length] as string);
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * Imports the evaluation catalogue, published, and when `size` is larger, listings synthesised from it
 * (deterministic) up to `size` apps. For a bench server started with SEED_DEMO_DATA=false.
 * @returns how many apps were imported
 */
export async function importBenchCatalogue(db: Db, size = 0): Promise<number> {
  const tools = (
    JSON.parse(fs.readFileSync(path.join(EVAL_DIR, 'catalog.json'), 'utf8')) as { tools: (CatalogTool & { url: string })[] }
  ).tools;
  const extra = synthesizeCatalog(toSearchDocuments(tools), Math.max(0, size - tools.length), 7).map((doc, index) => ({
    name: doc.name,
    url: `https://synthetic-${index}.example.com/`,
    category: doc.category,
    description: doc.description,
    longDescription: doc.longDescription,
    tags: doc.tags,
    features: doc.features,
    useCases: doc.useCases,
    pricingType: doc.pricingType,
    company: doc.company,
    monthlyVisitors: doc.monthlyVisitors,
    rating: doc.rating,
    viewCount: doc.viewCount,
    saveCount: doc.saveCount,
  }));
  const result = await importApps(db, { tools: [...tools, ...extra] }, 'published');
  if (!result.ok) throw new Error(`the bench catalogue is invalid: ${JSON.stringify(result.errors.slice(0, 3))}`);
  return result.ids.length;
}
