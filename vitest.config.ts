import path from 'node:path';
import { defineConfig } from 'vitest/config';

const dbTests = ['server/**/*.db.test.ts'];
/**
 * Database tests whose subject does not depend on the database, run on PGlite only. trusted-proxy: which client
 * address the server believes behind proxies (fastify's trustProxy); the login throttle and the view de-duplication
 * that store per address are tested on both databases in auth.db.test.ts and apps.db.test.ts.
 */
const databaseIndependent = ['server/http/trusted-proxy.db.test.ts'];

/**
 * Unit tests run once; database tests (`*.db.test.ts`) run on PGlite, and again on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
export default defineConfig({
  resolve: {
    alias: {
      '@shared': path.resolve(import.meta.dirname, 'shared'),
      '@client': path.resolve(import.meta.dirname, 'client'),
    },
  },
  test: {
    globalSetup: ['server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // A worker runs file after file in one process: importing the server and its dependencies (PGlite, fastify,
    // cheerio, the MCP SDK …) once per worker instead of once per file was the largest fixed cost of a run
    // (decision 0012). Test files still run afresh; what they share is module state, which the server keeps per
    // AppContext (WeakMaps) or as pure caches, and every file opens and closes its own database.
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'client/**/*.test.ts'],
          exclude: [...dbTests, 'node_modules/**'],
        },
      },
      {
        extends: true,
        test: { name: 'pglite', include: dbTests, env: { AITLAS_TEST_DRIVER: 'pglite' } },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: dbTests,
                exclude: [...databaseIndependent, 'node_modules/**'],
                env: { AITLAS_TEST_DRIVER: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
