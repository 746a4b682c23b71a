import { existsSync, readFileSync } from 'node:fs';
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
  monthlyVisitors?: number;
  rating?: number | null;
}

const CATALOG_PATHS = ['server/db/seed/demo-apps.json', '/work/shared/eval/catalog.json'];
const QUERY_PATHS = ['server/db/seed/search-queries-public.json', '/work/shared/eval/queries-public.json'];

function firstExisting(paths: string[]): string | null {
  for (const p of paths) {
    const abs = resolve(p);
    if (existsSync(abs)) return abs;
  }
  return null;
}

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
  }));
}

/** Loads the catalogue (repo seed first, shared evaluation copy second), or null when neither exists. */
export function loadCatalog(path?: string): SearchDocument[] | null {
  const p = path ?? firstExisting(CATALOG_PATHS);
  if (!p || !existsSync(p)) return null;
  const json = JSON.parse(readFileSync(p, 'utf8')) as { tools: CatalogTool[] };
  return toSearchDocuments(json.tools);
}

/** Loads the public judged queries, or null when the file is not available. */
export function loadQueries(path?: string): EvalQuery[] | null {
  const p = path ?? firstExisting(QUERY_PATHS);
  if (!p || !existsSync(p)) return null;
  return (JSON.parse(readFileSync(p, 'utf8')) as { queries: EvalQuery[] }).queries;
}
