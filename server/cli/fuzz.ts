import { parseArgs } from 'node:util';
import { openPglite, openPostgres, type Database } from '../db/database';
import { createScratchPostgres, scratchServerUrl } from '../db/scratch-postgres';
import { formatReport, fuzzRoutes } from '../test/fuzz/route-fuzzer';

/**
 * `npm run fuzz -- --runs N [--seed S] [--database pglite|postgres]`: a longer property-based fuzz
 * run of every route (N runs each, over a listening socket, with the parser-level and race cases) on
 * a fresh in-memory database, or on a scratch PostgreSQL
 * database created on DATABASE_URL or TEST_DATABASE_URL and dropped afterwards; prints the requests
 * sent, the answers by status and every unacceptable answer. Exits 1 when any answer was unacceptable.
 */
async function openScratchDatabase(kind: string): Promise<{ database: Database; drop(): Promise<void> }> {
  if (kind === 'pglite') return { database: await openPglite(), drop: async () => undefined };
  if (kind !== 'postgres') throw new Error(`--database must be pglite or postgres, not "${kind}"`);
  const serverUrl = scratchServerUrl('--database postgres', ['DATABASE_URL', 'TEST_DATABASE_URL']);
  const scratch = await createScratchPostgres(serverUrl, 'aitlas_fuzz');
  return { database: await openPostgres(scratch.url), drop: scratch.drop };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '200' },
      seed: { type: 'string', default: String(Date.now() % 1_000_000) },
      database: { type: 'string', default: 'pglite' },
    },
  });
  const runs = Number(values.runs);
  const seed = Number(values.seed);
  if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) {
    console.error('Usage: npm run fuzz -- --runs N [--seed S] [--database pglite|postgres]');
    process.exit(2);
  }
  console.log(`Fuzzing every route with ${runs} runs each (seed ${seed}, ${values.database})…`);
  const { database, drop } = await openScratchDatabase(values.database);
  await database.migrate();
  try {
    const report = await fuzzRoutes(database, {
      runsPerRoute: runs,
      seed,
      onRoute: (route, soFar) => console.log(`  ${route.padEnd(48)} ${soFar.requests} requests so far`),
    });
    console.log(formatReport(report));
    process.exitCode = report.failureCount + report.inconsistencies.length + report.dnsLookups.length > 0 ? 1 : 0;
  } finally {
    await database.close();
    await drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
