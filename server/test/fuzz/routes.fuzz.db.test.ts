import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test-database';
import { formatReport, fuzzRoutes } from './route-fuzzer';

/**
 * Property-based fuzzing of every route the application registers (a new route is fuzzed without
 * touching this file): the only acceptable answers are 2xx, 3xx and 4xx in the one error shape, and
 * the data still reads afterwards. Fixed seed and a time budget here; `npm run fuzz -- --runs N`
 * runs longer.
 */
describe('route fuzzing', () => {
  it('answers every hostile request with a 2xx or a 4xx in the error shape and stays consistent', async () => {
    const database = await createTestDatabase();
    try {
      const report = await fuzzRoutes(database, { runsPerRoute: 40, seed: 20261124, timeBudgetMs: 15_000 });
      console.warn(formatReport(report));
      expect(report.routes.length).toBeGreaterThan(30);
      // The time budget decides how many runs a route gets on a busy machine; every route gets some.
      expect(report.requests).toBeGreaterThanOrEqual(report.routes.length);
      expect(report.failures).toEqual([]);
      expect(report.inconsistencies).toEqual([]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
