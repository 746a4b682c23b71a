import { openAndPrepareDatabase } from '../bootstrap';
import type { Database } from '../db/database';
import { DataDirLockedError } from '../db/data-dir-lock';
import { EnvError, loadEnv, type Env } from '../env';

const terminalLog = { info: (message: string) => console.log(message), warn: (message: string) => console.warn(message) };

/**
 * Runs a command-line task on the configured database (migrated first, never seeded), closing it
 * afterwards. Configuration errors and a data dir locked by a running server end the process with
 * a clear message and exit code 1.
 */
export async function withDatabase(task: (database: Database, env: Env) => Promise<number>): Promise<never> {
  let code = 1;
  try {
    const env = loadEnv();
    const database = await openAndPrepareDatabase(env, terminalLog, { seed: false });
    try {
      code = await task(database, env);
    } finally {
      await database.close();
    }
  } catch (error) {
    if (error instanceof EnvError || error instanceof DataDirLockedError) console.error(error.message);
    else console.error(error);
    code = 1;
  }
  process.exit(code);
}
