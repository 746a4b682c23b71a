import type { Database } from './db/database';
import { openDatabase } from './db/database';
import { ensureAllCategory, seedDemoData } from './db/seed/seed';
import type { Env } from './env';

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * Opens the configured database and brings it up to date: migrations, the "All" category, and the
 * demo data on an empty database unless SEED_DEMO_DATA=false. Shared by the server and the CLIs.
 */
export async function openAndPrepareDatabase(env: Env, log: Logger, options: { seed?: boolean } = {}): Promise<Database> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: env.DATABASE_POOL_SIZE });
  try {
    await database.migrate();
    await ensureAllCategory(database.db);
    if (options.seed !== false && env.SEED_DEMO_DATA && (await seedDemoData(database.db))) {
      log.info('Seeded the demo catalogue into an empty database.');
    }
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
