import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock } from '../db/data-dir-lock';
import { openPglite } from '../db/database';
import { verifyPassword } from '../modules/auth/auth.password';
import { AuthRepository } from '../modules/auth/auth.repository';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aitlas-admin-cli-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function admin(args: string[], dir = dataDir) {
  return spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'server/cli/admin.ts'), ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', SEED_DEMO_DATA: 'false', NODE_ENV: 'test', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    timeout: 90_000,
  });
}

// Each run starts a process that opens the embedded database: slow on a busy machine.
describe('npm run admin', { timeout: 240_000 }, () => {
  it('create adds an admin whose generated password (printed once) signs in; a second create of the address fails clearly', async () => {
    const created = admin(['create', 'Editor@Example.com']);
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    expect(created.stdout).toContain('Created the admin editor@example.com.');
    const password = /Password: (\S+)/.exec(created.stdout)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const again = admin(['create', 'editor@example.com']);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('A user with the e-mail editor@example.com already exists');
    expect(again.stdout).not.toContain('Password:');

    const reset = admin(['reset-password', 'editor@example.com']);
    expect(reset.status).toBe(0);
    const newPassword = /Password: (\S+)/.exec(reset.stdout)?.[1];
    expect(newPassword).not.toBe(password);

    const database = await openPglite({ dataDir });
    try {
      const user = await new AuthRepository(database.db).findUserByEmail('editor@example.com');
      expect(user?.isAdmin).toBe(true);
      expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(user?.passwordHash, newPassword as string)).toBe(true);
      expect(await verifyPassword(user?.passwordHash, password as string)).toBe(false);
    } finally {
      await database.close();
    }
  });

  it('explains its usage and refuses bad input', () => {
    const none = admin([]);
    expect(none.status).toBe(1);
    expect(none.stderr).toContain('npm run admin -- create <email>');
    expect(admin(['delete', 'a@example.com']).stderr).toContain('Unknown command "delete"');
    const badEmail = admin(['create', 'not-an-email']);
    expect(badEmail.status).toBe(1);
    expect(badEmail.stderr).toContain('"not-an-email" is not a valid e-mail address.');
    const missing = admin(['reset-password', 'ghost@example.com']);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('No user with the e-mail ghost@example.com');
  });

  it('refuses a data dir another process holds, with a clear message', () => {
    const lockedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aitlas-admin-locked-'));
    const lock = acquireDataDirLock(lockedDir);
    try {
      const refused = admin(['create', 'late@example.com'], lockedDir);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(path.resolve(lockedDir));
      expect(refused.stdout).not.toContain('Password:');
    } finally {
      lock.release();
      fs.rmSync(lockedDir, { recursive: true, force: true });
    }
  });
});
