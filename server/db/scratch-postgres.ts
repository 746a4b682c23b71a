import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A throw-away database on a PostgreSQL server, for the fuzz and load runs. */
export interface ScratchPostgres {
  url: string;
  drop(): Promise<void>;
}

async function asAdmin(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * Creates an empty database named `<prefix>_<random>` on the server of `serverUrl` (through its
 * `postgres` database) and returns its URL and a `drop` that removes it, connections and all.
 */
export async function createScratchPostgres(serverUrl: string, prefix: string): Promise<ScratchPostgres> {
  const adminUrl = serverUrl.replace(/\/[^/]*$/, '/postgres');
  const name = pg.escapeIdentifier(`${prefix}_${randomBytes(3).toString('hex')}`);
  await asAdmin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name.slice(1, -1)}`;
  return { url: url.toString(), drop: () => asAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
