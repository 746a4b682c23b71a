import pino from 'pino';
import { createContext } from '../context';
import { openPglite, type Database } from '../db/database';
import { ensureAllCategory } from '../db/seed/seed';
import { loadEnv } from '../env';
import { importApps } from '../modules/apps/apps.import';
import type { CatalogTool } from '../modules/search/eval/catalog-loader';
import type { SearchService } from '../modules/search/search.service';

/** The evaluation catalogue, published in a fresh in-memory database, with the product's search service started on it. */
export interface EvalCatalogue {
  database: Database;
  service: SearchService;
  /** Ids of the imported apps, in catalogue order. */
  ids: number[];
}

/**
 * Imports `tools` as published apps into a fresh in-memory PGlite and starts the search service on it, as a server
 * without an AI provider would (used by `npm run eval:search` and the search benches). Throws with the first problems
 * when the catalogue is invalid.
 */
export async function startEvalCatalogue(tools: CatalogTool[]): Promise<EvalCatalogue> {
  const database = await openPglite();
  await database.migrate();
  await ensureAllCategory(database.db);
  const imported = await importApps(database.db, { tools }, 'published');
  if (!imported.ok) {
    await database.close();
    throw new Error(`The catalogue is invalid: ${JSON.stringify(imported.errors.slice(0, 10))}`);
  }
  const ctx = createContext(
    loadEnv({ SEED_DEMO_DATA: 'false', LOG_LEVEL: 'silent', AI_BASE_URL: '' }),
    database,
    pino({ level: 'silent' }),
  );
  await ctx.search.start();
  return { database, service: ctx.search, ids: imported.ids };
}
