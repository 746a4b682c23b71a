/**
 * `npm run bench:startup [-- --full | --sizes=1000,10000] [--pglite-only | --postgres-only]`: time from starting a server process
 * (`server/main.ts`, as an operator runs it) to its first complete search answer, on catalogues of 1,000 and 10,000
 * published apps (100,000 with `--full`) synthesised from the demo seed, on PGlite and on PostgreSQL
 * (`BENCH_DATABASE_URL`, a URL of any database on the server as the other benches take it, or `BENCH_POSTGRES_URL`,
 * default postgres://postgres@127.0.0.1:5432; a database `<BENCH_DATABASE_PREFIX>_<n>`, by default
 * `aitlas_bench_startup_<n>`, is created and dropped; servers listen from `BENCH_PORT`, default 5390). Two starts each: without a saved snapshot (every list computed, then saved), and a restart
 * with it (decision 0025): the first start is stopped once it has saved the whole engine's state, the restart loads it.
 * Prints the snapshot's bytes, the servers' resident memory at their first answer and the server's own timings of the
 * build or load (`Search ready` log line). Target: ≤ 15 s at 100,000 apps on PostgreSQL. Two ports from BENCH_PORT
 * are used per catalogue.
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
import { ENGINE_STATE_SAVED } from '../server/modules/search/search.service';
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

/** The bytes of all snapshot rows (lists, manifest and pieces), and of the engine's. */
async function snapshotRows(env: Record<string, string>): Promise<{ bytes: number; engineBytes: number }> {
  const database = await openAndPrepareDatabase(
    loadEnv({ ...env, SEED_DEMO_DATA: 'false', SESSION_SECRET: 'bench-secret-bench-secret-bench-secret' }),
    { info: () => undefined, warn: () => undefined },
  );
  try {
    const result = (await database.db.execute(
      sql`select name, octet_length(data)::bigint as bytes from search_snapshots`,
    )) as unknown as { rows: { name: string; bytes: string | number }[] };
    const bytes = result.rows.reduce((sum, row) => sum + Number(row.bytes), 0);
    const engineBytes = result.rows
      .filter((row) => row.name.startsWith('engine-state'))
      .reduce((sum, row) => sum + Number(row.bytes), 0);
    return { bytes, engineBytes };
  } finally {
    await database.close();
  }
}

/** Resident memory of a process now and at its peak, in MB (Linux). */
function residentMemory(pid: number | undefined): { rss: number; peak: number } {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
    return { rss: Math.round(kb('VmRSS')), peak: Math.round(kb('VmHWM')) };
  } catch {
    return { rss: 0, peak: 0 };
  }
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
  beforeStop: (logged: (message: string) => boolean) => Promise<void> = async () => undefined,
): Promise<{ seconds: number; warmingSeen: boolean; apps: number; rss: number; peak: number; ready: string }> {
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
      // The "Search ready" line says how the engine was made and how long each part took.
      LOG_LEVEL: 'info',
      SEED_DEMO_DATA: 'false',
      DISCOVERY_SCHEDULER: 'false',
      LINK_HEALTH_SCHEDULER: 'false',
      RATE_LIMIT_SEARCH_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let ready = '';
  let pending = '';
  const messages = new Set<string>();
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (text: string) => {
    pending += text;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      messages.add(/"msg":"([^"]*)"/.exec(line)?.[1] ?? '');
      if (line.includes('Search ready')) ready = line;
      else if (/"level":(40|50|60)/.test(line)) console.warn(line);
    }
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
    const memory = residentMemory(child.pid);
    const size = await fetch(`${base}/api/marketplace?limit=1`);
    const apps = Number(size.headers.get('x-total-count') ?? 0);
    if (body.apps.length === 0) throw new Error('the first answer was empty');
    await beforeStop((message) => messages.has(message));
    return { seconds, warmingSeen, apps, ...memory, ready };
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
      // The first start computes everything and saves the snapshot; it is stopped once the engine's state is saved
      // (what an instance that has run for a while has done), so the restart can load it.
      const savedAt = performance.now();
      // Told by the server's log, not by reading the database: the embedded one allows one process at a time.
      const cold = await timeToFirstAnswer(env, port++, async (logged) => {
        while (!logged(ENGINE_STATE_SAVED)) {
          if (performance.now() - savedAt > 600_000) throw new Error('the first start saved no engine snapshot');
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      });
      if ((await snapshotFingerprint(env)) === null) throw new Error('the first start saved no snapshot');
      const saved = await snapshotRows(env);
      const warm = await timeToFirstAnswer(env, port++);
      console.log(
        `${driver.padEnd(8)} ${String(cold.apps).padStart(7)}   ${cold.seconds.toFixed(1).padStart(15)}   ${warm.seconds.toFixed(1).padStart(17)}   ${cold.warmingSeen && warm.warmingSeen ? 'yes' : 'no'}`,
      );
      console.log(
        `  snapshot rows ${(saved.bytes / 1e6).toFixed(1)} MB (engine state ${(saved.engineBytes / 1e6).toFixed(1)} MB); ` +
          `resident memory at the first answer: ${cold.rss} MB (peak ${cold.peak}) built, ${warm.rss} MB (peak ${warm.peak}) loaded; load ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
      );
      for (const [label, run] of [
        ['built', cold],
        ['loaded', warm],
      ] as const) {
        const timings = JSON.parse(run.ready || '{}') as { timings?: Record<string, number>; msg?: string };
        console.log(`  ${label}: ${timings.msg ?? '(no "Search ready" line)'} ${JSON.stringify(timings.timings ?? {})}`);
      }
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
