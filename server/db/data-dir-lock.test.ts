import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, processStartTime } from './data-dir-lock';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aitlas-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('data dir lock', () => {
  it('refuses a second owner in the same process and frees the dir on release', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    lock.release();
    acquireDataDirLock(dir).release();
  });

  it('refuses a dir owned by another live process with a message naming it', async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(path.join(dir, 'aitlas.lock'), String(child.pid));
      expect(() => acquireDataDirLock(dir)).toThrow(/in use by another Aitlas process \(pid \d+\)/);
    } finally {
      child.kill();
    }
  });

  it('takes over a lock left by a dead process', async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => child.on('exit', resolve));
    fs.writeFileSync(path.join(dir, 'aitlas.lock'), String(child.pid));
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'aitlas.lock'), 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(fs.existsSync(path.join(dir, 'aitlas.lock'))).toBe(false);
  });

  it('refuses a lock whose pid and start time are those of a running process', () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      const pid = child.pid as number;
      fs.writeFileSync(path.join(dir, 'aitlas.lock'), JSON.stringify({ pid, startTime: processStartTime(pid) }));
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    } finally {
      child.kill();
    }
  });

  it.runIf(processStartTime(process.pid) !== null)(
    'takes over a stale lock naming a pid that is now an unrelated live process',
    () => {
      const dir = tempDir();
      // An unrelated process that happens to have the pid a crashed server left in its lock.
      const unrelated = spawn('sleep', ['30']);
      try {
        const pid = unrelated.pid as number;
        const lockPath = path.join(dir, 'aitlas.lock');
        fs.writeFileSync(lockPath, JSON.stringify({ pid, startTime: '1' }));
        acquireDataDirLock(dir).release();
        // An older lock file (only the pid) naming a process that is not Node is stale too.
        fs.writeFileSync(lockPath, String(pid));
        acquireDataDirLock(dir).release();
        expect(fs.existsSync(lockPath)).toBe(false);
      } finally {
        unrelated.kill();
      }
    },
  );
});
