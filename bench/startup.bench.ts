/**
 * `npm run bench:startup [-- --full | --sizes=1000,10000] [--pglite-only | --postgres-only]`: time from starting a server process
 * (`server/main.ts`, as an operator runs it) to its first complete search answer, on catalogues of 1,000 and 10,000
 * published apps (100,000 with `--full`) synthesised from the demo seed, on PGlite and on PostgreSQL
 * (`BENCH_DATABASE_URL`, a URL of any database on the server as the other benches take it, or `BENCH_POSTGRES_URL`,
 * default postgres://postgres@127.0.0.1:5432; a database `<BENCH_DATABASE_PREFIX>_<n>`, by default
 * `aitlas_bench_startup_<n>`, is created and dropped; servers listen from `BENCH_PORT`, default 5390). Two starts each: without a saved snapshot (every list computed, then saved), and a restart
 * with it (decision 0025). Target: ≤ 15 s at 100,000 apps on PostgreSQL.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openAndPrepareDatabase } from '../server/bootstrap';
import { loadEnv } from '../server/env';
import { importApps } from '../server/modules/apps/apps.import';
import { toSearchDocuments, type CatalogTool } from '../server/modules/search/eval/catalog-loader';
import { synthesizeCatalog } from '../server/modules/search/eval/synthesize';

const root = path.resolve(import.meta.dirname, '..');
const seed = JSON.parse(fs.readFileSync(path.join(root, 'server/db/seed/demo-apps.json'), 'utf8')) as { tools: CatalogTool[] };
const sizesArg = process.argv.find((arg) => arg.startsWith('--sizes='));
const sizes = sizesArg
  ? sizesArg.slice('--sizes='.length).split(',').map(Number)
  : process.argv.includes('--full')
    ? [1_000, 10_000, 100_000]
    : [1_000, 10_000];
const drivers = process.argv.includes('--pglite-only')
  ? ['pglite']
  : process.argv.includes('--postgres-only')
    ? ['postgres']
    : ['pglite', 'postgres'];
/** The server's URL without a database (benches sharing a server each keep to their own prefix and ports). */
function serverUrl(): string {
  const given = process.env.BENCH_DATABASE_URL;
  if (!given) return process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
  const url = new URL(given);
  url.pathname = '';
  return url.toString().replace(/\/$/, '');
}
const postgresBase = serverUrl();
const databasePrefix = process.env.BENCH_DATABASE_PREFIX ?? 'aitlas_bench_startup';

/** The seed, then synthesised listings, as an import file. */
function catalogue(size: number): { tools: Record<string, unknown>[] } {
  const base = seed.tools.slice(0, Math.min(size, seed.tools.length));
  const docs = synthesizeCatalog(toSearchDocuments(seed.tools), size - base.length, 7);
  const made = docs.map((doc, i) => ({
    name: doc.name,
    url: `https://synth-${i}.example`,
    category: doc.category,
    description: doc.description,
    longDescription: doc.longDescription,
    tags: doc.tags,
    features: doc.features,
    useCases: doc.useCases,
    pricingType: doc.pricingType,
    company: doc.company,
    monthlyVisitors: doc.monthlyVisitors,
    rating: doc.rating,
  }));
  return { tools: [...base.map((tool) => ({ ...tool, status: undefined })), ...made] };
}

async function prepare(env: Record<string, string>, size: number): Promise<void> {
  const database = await openAndPrepareDatabase(
    loadEnv({ ...env, SEED_DEMO_DATA: 'false', SESSION_SECRET: 'bench-secret-bench-secret-bench-secret' }),
    {
      info: () => undefined,
      warn: (message) => console.warn(message),
    },
  );
  const file = catalogue(size);
  for (let start = 0; start < file.tools.length; start += 5_000) {
    const result = await importApps(database.db, { tools: file.tools.slice(start, start + 5_000) }, 'published');
    if (!result.ok) throw new Error(`catalogue invalid: ${JSON.stringify(result.errors.slice(0, 3))}`);
  }
  // An instance restarting on an existing catalogue finds it already scanned for duplicates.
  await database.db.execute(sql`update apps set duplicate_scanned_at = now()`);
  await database.close();
}

async function snapshotFingerprint(env: Record<string, string>): Promise<string | null> {
  const database = await openAndPrepareDatabase(
    loadEnv({ ...env, SEED_DEMO_DATA: 'false', SESSION_SECRET: 'bench-secret-bench-secret-bench-secret' }),
    {
      info: () => undefined,
      warn: () => undefined,
    },
  );
  try {
    const result = (await database.db.execute(sql`select fingerprint from search_snapshots`)) as unknown as {
      rows: { fingerprint: string }[];
    };
    return result.rows[0]?.fingerprint ?? null;
  } finally {
    await database.close();
  }
}

function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _unused, ...rest } = env;
  return rest;
}

/** Starts a server process, times its first complete answer, and stops it. */
async function timeToFirstAnswer(
  env: Record<string, string>,
  port: number,
): Promise<{ seconds: number; warmingSeen: boolean; apps: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...withoutDatabaseUrl(process.env),
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
      DISCOVERY_SCHEDULER: 'false',
      LINK_HEALTH_SCHEDULER: 'false',
      RATE_LIMIT_SEARCH_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  let warmingSeen = false;
  try {
    for (;;) {
      const health = await fetch(`${base}/api/health`).catch(() => null);
      if (health?.status === 200) break;
      if (health && (await health.json().catch(() => ({}))).status === 'warming') warmingSeen = true;
      if (child.exitCode !== null) throw new Error('the server exited');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const response = await fetch(`${base}/api/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'remove the background of a photo' }),
    });
    const body = (await response.json()) as { apps: unknown[] };
    const seconds = (performance.now() - started) / 1000;
    const size = await fetch(`${base}/api/marketplace?limit=1`);
    const apps = Number(size.headers.get('x-total-count') ?? 0);
    if (body.apps.length === 0) throw new Error('the first answer was empty');
    return { seconds, warmingSeen, apps };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

console.log('Start-up: time from starting the server process to its first complete search answer');
console.log('driver      apps   no snapshot (s)   with snapshot (s)   health said warming');
let port = Number(process.env.BENCH_PORT ?? 5390);
for (const driver of drivers) {
  for (const size of sizes) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aitlas-startup-'));
    const dbName = `${databasePrefix}_${size}`;
    const env: Record<string, string> =
      driver === 'pglite' ? { DATA_DIR: dataDir } : { DATABASE_URL: `${postgresBase}/${dbName}`, DATA_DIR: dataDir };
    const admin = driver === 'postgres' ? new pg.Client({ connectionString: `${postgresBase}/postgres` }) : null;
    try {
      if (admin) {
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${dbName}`);
        await admin.query(`CREATE DATABASE ${dbName}`);
      }
      await prepare(env, size);
      // The first start computes every list and saves them (a server stopping finishes the save).
      const cold = await timeToFirstAnswer(env, port++);
      if ((await snapshotFingerprint(env)) === null) throw new Error('the first start saved no snapshot');
      const warm = await timeToFirstAnswer(env, port++);
      console.log(
        `${driver.padEnd(8)} ${String(cold.apps).padStart(7)}   ${cold.seconds.toFixed(1).padStart(15)}   ${warm.seconds.toFixed(1).padStart(17)}   ${cold.warmingSeen && warm.warmingSeen ? 'yes' : 'no'}`,
      );
    } finally {
      if (admin) {
        await admin.query(`DROP DATABASE IF EXISTS ${dbName}`).catch(() => undefined);
        await admin.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
process.exit(0);
