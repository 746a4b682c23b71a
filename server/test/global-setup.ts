import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPostgres } from '../db/database';
import { clonePrefix } from './test-database';

/**
 * Runs once per test run: migrates a PGlite template (dumped to a tarball every test file loads)
 * and, when TEST_DATABASE_URL is set, the PostgreSQL database every test file clones.
 */
export default async function setup({
  provide,
}: {
  provide: (key: string, value: string) => void;
}): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aitlas-test-'));
  const tarball = path.join(dir, 'template.tar.gz');
  provide('pgliteTemplate', tarball);
  await writePgliteTemplate(tarball);

  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const database = await openPostgres(url, { max: 1 });
    await database.migrate();
    await database.close();
    provide('postgresTemplate', url);
  }
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (url) await dropClones(url);
  };
}

async function writePgliteTemplate(file: string): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const { migrationsFolder } = await import('../db/database');
  const client = await PGlite.create({ extensions: { pg_trgm } });
  await migrate(drizzle(client), { migrationsFolder });
  const blob = await client.dumpDataDir('gzip');
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  await client.close();
}

/** Drops the per-file clones of this template that a crashed run may have left behind. */
async function dropClones(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  // `_` is a LIKE wildcard: unescaped, the pattern also matched (and dropped) a template such as aitlas_trust.
  const prefix = clonePrefix(new URL(url).pathname.slice(1)).replaceAll('_', '\\_');
  const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
    `${prefix}%`,
  ]);
  for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(row.datname)} WITH (FORCE)`);
  await admin.end();
}
