import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { testDriver } from './test-database';

/**
 * Crash durability: the server process is killed with SIGKILL while writes are in flight, restarted
 * on the same data (PGlite data dir, or the same PostgreSQL database), and every write it had
 * acknowledged is there.
 */
const root = path.resolve(import.meta.dirname, '../..');
const ADMIN = { email: 'crash-admin@example.com', password: 'crash admin password 1234' };
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The line the server logs once it listens (server/main.ts). */
const READY_LINE = 'Aitlas is ready on';

/** Starts the server in its own process and resolves once it says it is ready (or rejects when it exits first). */
async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      LOG_LEVEL: 'info',
      SEED_DEMO_DATA: 'false',
      DISCOVERY_SCHEDULER: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    let stdout = '';
    const onData = (chunk: Buffer) => {
      // Only the start-up lines are kept; once ready, the access log is read and dropped.
      stdout += chunk.toString();
      if (!stdout.includes(READY_LINE)) return;
      child.off('exit', onExit);
      child.stdout?.off('data', onData);
      child.stdout?.resume();
      resolve();
    };
    const onExit = () => reject(new Error(`server exited before it was ready: ${stderr}`));
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
  return { child, base };
}

/** Resolves when the process has exited, also when it already had. */
function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(response.status).toBe(200);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] as string;
}

async function databaseEnv(): Promise<Record<string, string>> {
  if (testDriver === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aitlas-crash-'));
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    return { DATA_DIR: dir };
  }
  const template = new URL(inject('postgresTemplate') as string);
  const name = `aitlas_harden_crash_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.toString().replace(/\/[^/]*$/, '/postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: template.toString().replace(/\/[^/]*$/, '/postgres') });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    await dropper.end();
  });
  template.pathname = `/${name}`;
  return { DATABASE_URL: template.toString() };
}

describe(`crash durability (${testDriver})`, () => {
  it('keeps every acknowledged write after a SIGKILL during writes', async () => {
    const env = await databaseEnv();
    const first = await startServer(env);
    cleanups.push(async () => void first.child.kill('SIGKILL'));
    const cookie = await signIn(first.base);
    const acknowledged: string[] = [];
    let enoughAcknowledged: () => void = () => undefined;
    const twentyFiveAcknowledged = new Promise<void>((resolve) => (enoughAcknowledged = resolve));
    let sent = 0;
    let stop = false;
    // Four writers in parallel, so the kill lands while writes are in flight.
    const writer = async (lane: number) => {
      while (!stop) {
        const name = `Crash ${lane}-${sent++}`;
        try {
          const response = await fetch(`${first.base}/api/admin/categories`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie },
            body: JSON.stringify({ name, description: 'Written before the crash.' }),
          });
          if (response.status === 201 && acknowledged.push(name) === 25) enoughAcknowledged();
        } catch {
          return; // The server is gone.
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    await twentyFiveAcknowledged;
    first.child.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    await exited(first.child);

    const second = await startServer(env);
    cleanups.push(async () => void second.child.kill('SIGTERM'));
    const after = await fetch(`${second.base}/api/admin/categories`, { headers: { cookie: await signIn(second.base) } });
    expect(after.status).toBe(200);
    const names = new Set(((await after.json()) as { name: string }[]).map((category) => category.name));
    const missing = acknowledged.filter((name) => !names.has(name));
    expect(acknowledged.length).toBeGreaterThanOrEqual(25);
    expect(missing).toEqual([]);
    second.child.kill('SIGTERM');
    await exited(second.child);
  }, 600_000);
});
