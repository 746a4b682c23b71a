import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from './db/database';
import { settings } from './db/schema';
import type { Env } from './env';

/** The settings row that holds the generated secret of a PostgreSQL deployment without SESSION_SECRET. */
export const SESSION_SECRET_SETTING = 'session_secret';
/** The file in DATA_DIR that holds the generated secret of an embedded-database deployment. */
export const SESSION_SECRET_FILE = 'session-secret';

/** Where the secret that signs cookies came from. */
export type SecretSource = 'env' | 'data-dir' | 'database';

/**
 * The secret that signs session and visitor cookies (decision 0019). SESSION_SECRET when set;
 * otherwise a random secret generated once and kept with the data, never a value published in the
 * repository: in DATA_DIR for the embedded database (one process per data dir), in the database's
 * settings for PostgreSQL (so every instance on it signs alike; the first to start writes it).
 */
export async function resolveSessionSecret(
  env: Env,
  database: Database,
): Promise<{ secret: string; source: SecretSource; created: boolean }> {
  if (env.SESSION_SECRET) return { secret: env.SESSION_SECRET, source: 'env', created: false };
  const fresh = randomBytes(32).toString('base64url');
  if (database.driver === 'pglite') {
    const file = path.join(env.DATA_DIR, SESSION_SECRET_FILE);
    try {
      const existing = fs.readFileSync(file, 'utf8').trim();
      if (existing.length >= 32) return { secret: existing, source: 'data-dir', created: false };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    fs.mkdirSync(env.DATA_DIR, { recursive: true });
    fs.writeFileSync(file, `${fresh}\n`, { mode: 0o600 });
    return { secret: fresh, source: 'data-dir', created: true };
  }
  const inserted = await database.db
    .insert(settings)
    .values({ key: SESSION_SECRET_SETTING, value: fresh })
    .onConflictDoNothing()
    .returning({ key: settings.key });
  const [row] = await database.db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, SESSION_SECRET_SETTING));
  const secret = typeof row?.value === 'string' ? row.value : fresh;
  return { secret, source: 'database', created: inserted.length > 0 };
}

/** The log line that says which secret signs cookies (never the secret itself). */
export function sessionSecretMessage(result: { source: SecretSource; created: boolean }, env: Env): string {
  if (result.source === 'env') return 'Cookies are signed with SESSION_SECRET.';
  const where =
    result.source === 'data-dir'
      ? path.join(env.DATA_DIR, SESSION_SECRET_FILE)
      : `the database setting "${SESSION_SECRET_SETTING}"`;
  return `SESSION_SECRET is not set: cookies are signed with a random secret ${result.created ? 'generated now and kept' : 'kept'} in ${where}. Set SESSION_SECRET to choose it.`;
}
