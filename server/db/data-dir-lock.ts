import fs from 'node:fs';
import path from 'node:path';

/** Lock files this process holds: a second open in the same process is refused too. */
const heldByThisProcess = new Set<string>();

export interface DataDirLock {
  release(): void;
}

/** Raised when another live process owns the data dir. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no inter-process locking and two writers corrupt the data dir, so one process owns it.
 * The lock file holds the owner's pid; a lock left by a dead process is taken over.
 * @throws DataDirLockedError when a live process holds the lock.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const lockPath = path.resolve(dataDir, 'aitlas.lock');
  if (heldByThisProcess.has(lockPath)) {
    throw new DataDirLockedError(`The data directory ${path.resolve(dataDir)} is already open in this process.`);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      heldByThisProcess.add(lockPath);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldByThisProcess.delete(lockPath);
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // Already gone.
        }
      };
      process.once('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && processIsAlive(owner)) {
        throw new DataDirLockedError(
          `The data directory ${path.resolve(dataDir)} is in use by another Aitlas process (pid ${owner}). ` +
            'Stop it first, or point DATA_DIR at another directory. The embedded database allows one process at a time.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${path.resolve(dataDir)}.`);
}
