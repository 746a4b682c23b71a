import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test-database';
import { formatReport, fuzzRoutes } from './route-fuzzer';

/**
 * Property-based fuzzing of every route the application registers (a new route is fuzzed without
 * touching this file), over a real listening socket, with requests the HTTP parser meets (bad JSON,
 * wrong content types, bodies over the limit, bad headers, slow bodies) and writes racing a delete of
 * their app: the only acceptable answers are 2xx, 3xx and 4xx in the one error shape, the data still
 * reads afterwards, and nothing was looked up in DNS. Fixed seed and a time budget here;
 * `npm run fuzz -- --runs N` runs longer.
 */
describe('route fuzzing', () => {
  it('answers every hostile request with a 2xx or a 4xx in the error shape and stays consistent', async () => {
    const database = await createTestDatabase();
    try {
      const report = await fuzzRoutes(database, { runsPerRoute: 40, seed: 20261124, timeBudgetMs: 10_000 });
      console.warn(formatReport(report));
      expect(report.routes.length).toBeGreaterThan(30);
      // The time budget decides how many runs a route gets on a busy machine; every route gets some.
      expect(report.requests).toBeGreaterThanOrEqual(report.routes.length);
      expect(report.parserCases).toBeGreaterThan(10);
      expect(report.raceRequests).toBeGreaterThan(30);
      // v1 and MCP are fuzzed, not answered by the rate limit.
      expect(report.byStatus[429] ?? 0).toBeLessThan(report.requests / 20);
      expect(report.failures).toEqual([]);
      expect(report.failureCount).toBe(0);
      expect(report.inconsistencies).toEqual([]);
      expect(report.dnsLookups).toEqual([]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
