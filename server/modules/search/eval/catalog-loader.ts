import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { SearchDocument } from '../engine/search-index';
import type { EvalQuery } from './run-eval';

/** A tool record of the demo catalogue / evaluation catalogue (`{ tools: [...] }`). */
export interface CatalogTool {
  name: string;
  category: string;
  description: string;
  longDescription?: string | null;
  tags?: string[];
  features?: string[];
  useCases?: string[];
  pricingType?: 'free' | 'freemium' | 'paid' | null;
  company?: string | null;
  location?: string | null;
  monthlyVisitors?: number;
  rating?: number | null;
}

/** The demo catalogue the product ships (the same tools as the evaluation catalogue). */
export const DEFAULT_CATALOG_PATH = resolve(import.meta.dirname, '../../../db/seed/demo-apps.json');
/** A copy of the public judged queries, kept as a regression fixture of the engine. */
export const DEFAULT_QUERIES_PATH = resolve(import.meta.dirname, 'fixtures/queries-public.json');
/** Development queries written independently of the public ones (same format), to check that changes generalise. */
export const DEFAULT_DEV_QUERIES_PATH = resolve(import.meta.dirname, 'fixtures/queries-dev.json');
/** Development queries written the way people type (short, typo, situation, named, constraint, foreign). */
export const DEFAULT_WILD_DEV_QUERIES_PATH = resolve(import.meta.dirname, 'fixtures/queries-wild-dev.json');
/** Queries as people type, judged by someone who never saw the engine's answers (a second development set). */
export const DEFAULT_WILD_HOLDOUT_QUERIES_PATH = resolve(import.meta.dirname, 'fixtures/queries-wild-holdout.json');
/** Wild-style queries written in session 18 by helpers who never saw the engine (see the file's note). */
export const DEFAULT_WILD_FRESH_QUERIES_PATH = resolve(import.meta.dirname, 'fixtures/queries-wild-fresh.json');
/** Wild-style queries written in session 19 by helpers who never saw the engine, kept out of that session's diagnosis. */
export const DEFAULT_WILD_KEPT_QUERIES_PATH = resolve(import.meta.dirname, 'fixtures/queries-wild-kept.json');

/** Maps catalogue tools to engine documents; ids are 1-based positions. */
export function toSearchDocuments(tools: readonly CatalogTool[]): SearchDocument[] {
  return tools.map((t, i) => ({
    id: i + 1,
    name: t.name,
    description: t.description,
    longDescription: t.longDescription ?? null,
    category: t.category,
    tags: t.tags ?? [],
    features: t.features ?? [],
    useCases: t.useCases ?? [],
    pricingType: t.pricingType ?? null,
    monthlyVisitors: t.monthlyVisitors ?? 0,
    rating: t.rating ?? null,
    viewCount: 0,
    saveCount: 0,
    company: t.company ?? null,
    location: t.location ?? null,
  }));
}

/** Loads a catalogue file (`{tools: [...]}`) as engine documents; the shipped demo catalogue by default. */
export function loadCatalog(path: string = DEFAULT_CATALOG_PATH): SearchDocument[] {
  const json = JSON.parse(readFileSync(path, 'utf8')) as { tools: CatalogTool[] };
  return toSearchDocuments(json.tools);
}

/** Loads judged queries (`{queries: [...]}`); the repository's copy of the public queries by default. */
export function loadQueries(path: string = DEFAULT_QUERIES_PATH): EvalQuery[] {
  return (JSON.parse(readFileSync(path, 'utf8')) as { queries: EvalQuery[] }).queries;
}
