/**
 * `npm run bench:import [-- --apps 5000,50000 --database pglite|postgres|both --scan-cap 600
 * --prefix aitlas_bench_import]`: a large
 * import on a real server while `/api/health` is asked over a socket all along. For each database and
 * size: the time to write the rows (files of 5,000 through the import's service, validation included),
 * the time until the background duplicate scan has compared every new app (stopped after `--scan-cap`
 * seconds, with the count reached), and health's p50/p99/max and failures during the write and during
 * the scan. PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL names a server; a scratch database
 * named after `--prefix` is created and dropped.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { count, sql } from 'drizzle-orm';
import { createScratchPostgres, scratchServerUrl } from '../server/db/scratch-postgres';
import { apps } from '../server/db/schema';
import { AppsAdminService } from '../server/modules/apps/apps.admin.service';
import { parseImportFile } from '../server/modules/apps/apps.import';
import { startDuplicateScanner } from '../server/modules/duplicates/duplicates.scanner';
import { syntheticAppRecord } from '../server/test/synthetic-catalogue';
import { startBenchServer } from './support/bench-server';

const FILE_SIZE = 5_000;
const PROBE_EVERY_MS = 50;

const { values } = parseArgs({
  options: {
    apps: { type: 'string', default: '5000,50000' },
    database: { type: 'string', default: process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL ? 'both' : 'pglite' },
    'scan-cap': { type: 'string', default: '600' },
    prefix: { type: 'string', default: 'aitlas_bench_import' },
  },
});
const sizes = values.apps.split(',').map(Number);
const databases =
  values.database === 'both' ? (['pglite', 'postgres'] as const) : ([values.database] as ('pglite' | 'postgres')[]);
const scanCapMs = Number(values['scan-cap']) * 1000;
if (
  sizes.some((size) => !Number.isInteger(size) || size < 1) ||
  databases.some((kind) => kind !== 'pglite' && kind !== 'postgres') ||
  !(scanCapMs > 0)
) {
  console.error(
    'Usage: npm run bench:import -- [--apps 5000,50000] [--database pglite|postgres|both] [--scan-cap SECONDS] [--prefix NAME]',
  );
  process.exit(2);
}
const serverUrl = databases.includes('postgres')
  ? scratchServerUrl('--database postgres', ['BENCH_DATABASE_URL', 'TEST_DATABASE_URL'])
  : undefined;

interface Probe {
  startedAt: number;
  ms: number;
  ok: boolean;
}

function summary(probes: Probe[]): string {
  if (probes.length === 0) return 'no probes';
  const sorted = probes.map((probe) => probe.ms).sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  const failed = probes.filter((probe) => !probe.ok).length;
  return `${probes.length} probes, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms${failed ? `, ${failed} failed` : ''}`;
}

async function run(database: 'pglite' | 'postgres', size: number): Promise<void> {
  const scratch = database === 'postgres' && serverUrl ? await createScratchPostgres(serverUrl, values.prefix) : undefined;
  const server = await startBenchServer({ env: { SEED_DEMO_DATA: 'false', ...(scratch ? { DATABASE_URL: scratch.url } : {}) } });
  const stopScanner = startDuplicateScanner(server.ctx);
  const probes: Probe[] = [];
  let probing = true;
  const prober = (async () => {
    while (probing) {
      const startedAt = performance.now();
      const response = await fetch(`${server.base}/api/health`, { signal: AbortSignal.timeout(60_000) }).catch(() => null);
      await response?.arrayBuffer();
      probes.push({ startedAt, ms: performance.now() - startedAt, ok: response?.status === 200 });
      await sleep(PROBE_EVERY_MS);
    }
  })();
  const pending = async () =>
    Number(
      (
        await server.ctx.db
          .select({ n: count() })
          .from(apps)
          .where(sql`${apps.duplicateScannedAt} IS NULL`)
      )[0]?.n ?? 0,
    );
  try {
    const started = performance.now();
    const service = new AppsAdminService(server.ctx);
    for (let offset = 0; offset < size; offset += FILE_SIZE) {
      const file = Array.from({ length: Math.min(FILE_SIZE, size - offset) }, (_, index) => syntheticAppRecord(offset + index));
      await service.import(await parseImportFile(JSON.parse(JSON.stringify(file))), 'published');
    }
    const written = performance.now();
    // Printed before the scan: on a loaded machine a run may be stopped before the scan ends.
    console.log(
      `${database.padEnd(8)} ${String(size).padStart(6)} apps: rows written in ${((written - started) / 1000).toFixed(1)} s (load ${os.loadavg()[0]?.toFixed(1)})`,
    );
    console.log(`           health while writing: ${summary(probes.filter((probe) => probe.startedAt < written))}`);
    let left = await pending();
    while (left > 0 && performance.now() - written < scanCapMs) {
      await sleep(250);
      left = await pending();
    }
    const scanned = performance.now();
    probing = false;
    await prober;
    const scanText =
      left === 0
        ? `${((scanned - written) / 1000).toFixed(1)} s`
        : `not done after ${Math.round(scanCapMs / 1000)} s: ${size - left} of ${size} compared (${((size - left) / ((scanned - written) / 1000)).toFixed(0)} apps/s)`;
    console.log(`           duplicate scan ${scanText} (load ${os.loadavg()[0]?.toFixed(1)})`);
    console.log(`           health while scanning: ${summary(probes.filter((probe) => probe.startedAt >= written))}`);
  } finally {
    probing = false;
    await prober;
    await stopScanner();
    await server.close();
    await scratch?.drop();
  }
}

console.log(
  `Import of ${sizes.join(', ')} apps (files of ${FILE_SIZE}), /api/health asked every ${PROBE_EVERY_MS} ms over a socket:`,
);
for (const database of databases) for (const size of sizes) await run(database, size);
