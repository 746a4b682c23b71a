import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { createContext } from './context';
import type { Database } from './db/database';
import { ensureAllCategory } from './db/seed/seed';
import { testEnv } from './env';
import { VISITOR_COOKIE } from './lib/visitor';
import { resolveSessionSecret, SESSION_SECRET_FILE } from './session-secret';
import { insertApp } from './db/factories';
import { createTestApp } from './test/test-app';
import { createTestDatabase, testDriver } from './test/test-database';

/** The secret that `server/env.ts` used to fall back to: it is in the repository's history for anyone to read. */
const PUBLISHED_SECRET = 'aitlas-development-secret-not-for-production';

const opened: Database[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const database of opened) await database.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aitlas-secret-'));
  dirs.push(dir);
  return dir;
}

/** A visitor cookie as `server/lib/visitor.ts` signs it, with any secret. */
function visitorCookie(secret: string): string {
  const id = randomBytes(16).toString('base64url').slice(0, 22);
  return `${id}.${createHmac('sha256', secret).update(`vid:${id}`).digest('base64url').slice(0, 16)}`;
}

describe('without SESSION_SECRET', () => {
  it('a random secret is generated once, kept with the data and used again on the next start', async () => {
    const database = await createTestDatabase();
    opened.push(database);
    const env = testEnv({ DATA_DIR: dataDir() });
    const first = await resolveSessionSecret(env, database);
    expect(first).toMatchObject({ created: true, source: testDriver === 'pglite' ? 'data-dir' : 'database' });
    expect(first.secret.length).toBeGreaterThanOrEqual(32);
    expect(first.secret).not.toBe(PUBLISHED_SECRET);
    if (testDriver === 'pglite')
      expect(fs.readFileSync(path.join(env.DATA_DIR, SESSION_SECRET_FILE), 'utf8').trim()).toBe(first.secret);
    // A restart (or a second instance on the same PostgreSQL) reads the same secret.
    const again = await resolveSessionSecret(testEnv({ DATA_DIR: env.DATA_DIR }), database);
    expect(again).toEqual({ ...first, created: false });
  });

  it('a visitor cookie signed with the published development secret is not accepted: the visitor gets a new cookie', async () => {
    const database = await createTestDatabase();
    opened.push(database);
    await ensureAllCategory(database.db);
    const id = await insertApp(database.db, { status: 'published' });
    let env = testEnv({ DATA_DIR: dataDir() });
    env = { ...env, SECRET: (await resolveSessionSecret(env, database)).secret };
    const ctx = createContext(env, database, pino({ level: 'silent' }));
    const app = await buildApp(ctx, { logger: false });
    try {
      const view = (cookie: string) =>
        app.inject({ method: 'POST', url: `/api/apps/${id}/view`, headers: { cookie: `${VISITOR_COOKIE}=${cookie}` } });
      const forged = visitorCookie(PUBLISHED_SECRET);
      const answer = await view(forged);
      expect(answer.statusCode).toBeLessThan(300);
      const issued = answer.cookies.find((cookie) => cookie.name === VISITOR_COOKIE);
      expect(issued?.value).toBeDefined();
      expect(issued?.value).not.toBe(forged);
      // The cookie the server signed itself is accepted (no new one is issued).
      const genuine = await view(issued?.value ?? '');
      expect(genuine.cookies.find((cookie) => cookie.name === VISITOR_COOKIE)).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/auth/debug in production', () => {
  it('is refused to anonymous visitors', async () => {
    const t = await createTestApp({
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'http://localhost:3000',
    });
    try {
      const response = await t.app.inject({ url: '/api/auth/debug' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'unauthorized' } });
    } finally {
      await t.close();
    }
  });
});
