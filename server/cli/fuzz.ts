import { parseArgs } from 'node:util';
import { openPglite } from '../db/database';
import { formatReport, fuzzRoutes } from '../test/fuzz/route-fuzzer';

/**
 * `npm run fuzz -- --runs N [--seed S]`: a longer property-based fuzz run of every route on a fresh
 * in-memory database; prints the requests sent, the answers by status and every unacceptable answer.
 * Exits 1 when any answer was unacceptable.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '200' }, seed: { type: 'string', default: String(Date.now() % 1_000_000) } } });
  const runs = Number(values.runs);
  const seed = Number(values.seed);
  if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) {
    console.error('Usage: npm run fuzz -- --runs N [--seed S]');
    process.exit(2);
  }
  console.log(`Fuzzing every route with ${runs} runs each (seed ${seed})…`);
  const database = await openPglite();
  await database.migrate();
  try {
    const report = await fuzzRoutes(database, {
      runsPerRoute: runs,
      seed,
      onRoute: (route, soFar) => console.log(`  ${route.padEnd(48)} ${soFar.requests} requests so far`),
    });
    console.log(formatReport(report));
    process.exitCode = report.failures.length + report.inconsistencies.length > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
