import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A throw-away database on a PostgreSQL server, for the fuzz and load runs. */
export interface ScratchPostgres {
  url: string;
  drop(): Promise<void>;
}

/**
 * The PostgreSQL server URL a scratch run uses: the first of `variables` that is set in `env`.
 * @throws Error naming the variables to set (with an example) when none is set or the value is not a
 *   postgres:// URL, so a run stops before it starts rather than with a socket error later.
 */
export function scratchServerUrl(purpose: string, variables: readonly string[], env: NodeJS.ProcessEnv = process.env): string {
  const names = variables.join(' or ');
  const found = variables.map((name) => [name, env[name]?.trim()] as const).find(([, value]) => value);
  if (!found)
    throw new Error(
      `${purpose} needs a PostgreSQL server: set ${names} (e.g. ${variables[0]}=postgres://postgres@127.0.0.1:5432/postgres).`,
    );
  const [name, value = ''] = found;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || !['postgres:', 'postgresql:'].includes(url.protocol) || !url.hostname) {
    throw new Error(`${name} must be a postgres:// URL with a host (e.g. postgres://postgres@127.0.0.1:5432/postgres).`);
  }
  return value;
}

/** A URL without its password, to print. */
function shown(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

async function asAdmin(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `Could not connect to the PostgreSQL server at ${shown(adminUrl)}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
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
