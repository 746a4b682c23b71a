import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate?: string;
  }
}

/**
 * The name every per-file clone of this template starts with: runs on different template databases
 * (two checkouts testing at once on one server) never drop each other's clones.
 */
export function clonePrefix(templateName: string): string {
  return `aitlas_t_${templateName.slice(0, 30)}_`;
}

/** Which database this test project runs against (set per vitest project). */
export const testDriver: 'pglite' | 'postgres' = process.env.AITLAS_TEST_DRIVER === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh, migrated, empty database for one test file: PGlite loaded from the migrated template,
 * or a PostgreSQL database cloned from the migrated TEST_DATABASE_URL database and dropped on close.
 */
export async function createTestDatabase(): Promise<Database> {
  if (testDriver === 'pglite') {
    const tarball = fs.readFileSync(inject('pgliteTemplate'));
    return openPglite({ loadDataDir: new Blob([tarball]) });
  }
  const templateUrl = inject('postgresTemplate');
  if (!templateUrl) throw new Error('TEST_DATABASE_URL is not set');
  const template = new URL(templateUrl);
  const templateName = template.pathname.slice(1);
  const name = `${clonePrefix(templateName)}${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: templateUrl.replace(/\/[^/]*$/, '/postgres') });
  await admin.connect();
  // CREATE DATABASE ... TEMPLATE fails while another clone is being made from the same template.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)} TEMPLATE ${pg.escapeIdentifier(templateName)}`);
      break;
    } catch (error) {
      if (attempt >= 40) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
  await admin.end();
  const url = new URL(templateUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), { max: 4 });
  const close = database.close.bind(database);
  return {
    ...database,
    async close() {
      await close();
      const dropper = new pg.Client({ connectionString: templateUrl.replace(/\/[^/]*$/, '/postgres') });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
