import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from './db/database';
import type { Env } from './env';
import { ChangeFeed } from './lib/change-feed';
import { PublicCache } from './http/public-cache';
import { RateLimiter } from './lib/rate-limiter';
import { RateLimits } from './lib/rate-limits';
import { SearchService } from './modules/search/search.service';

/** What every module receives: settings, the database, the cross-instance change feed and the instance's search. */
export interface AppContext {
  env: Env;
  database: Database;
  db: Db;
  changes: ChangeFeed;
  /** Every rate limit, by policy name (lib/rate-limits.ts), counted in the database. */
  rateLimits: RateLimits;
  log: FastifyBaseLogger;
  /** Answers of the public pages and public GET API kept in memory, emptied by the change feed. */
  publicCache: PublicCache;
  /** The one search of this instance (index, app similarity, named apps); `buildApp` starts it. */
  search: SearchService;
}

/** Builds the shared context of one server instance. */
export function createContext(env: Env, database: Database, log: FastifyBaseLogger): AppContext {
  const ctx = {
    env,
    database,
    db: database.db,
    changes: new ChangeFeed(database, (error) => log.error({ err: error }, 'change feed handler failed'), log),
    rateLimits: new RateLimits(new RateLimiter(database.db), env),
    log,
  } as AppContext;
  ctx.publicCache = new PublicCache(ctx.changes);
  // The search service reads the other members of the context, so it is created once they exist.
  ctx.search = new SearchService(ctx);
  return ctx;
}
