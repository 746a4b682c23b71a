import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from './db/database';
import type { Env } from './env';
import { ChangeFeed } from './lib/change-feed';
import { RateLimiter } from './lib/rate-limiter';

/** What every module receives: settings, the database and the cross-instance change feed. */
export interface AppContext {
  env: Env;
  database: Database;
  db: Db;
  changes: ChangeFeed;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
}

/** Builds the shared context of one server instance. */
export function createContext(env: Env, database: Database, log: FastifyBaseLogger): AppContext {
  return {
    env,
    database,
    db: database.db,
    changes: new ChangeFeed(database, (error) => log.error({ err: error }, 'change feed handler failed'), log),
    rateLimiter: new RateLimiter(database.db),
    log,
  };
}
