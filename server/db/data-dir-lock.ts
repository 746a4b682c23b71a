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
 * When a process started, as the kernel counts it (clock ticks since boot, field 22 of
 * /proc/<pid>/stat); null where /proc is not available. A pid the system reused for another
 * process has another start time.
 */
export function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields are counted after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function processCommandLine(pid: number): string | null {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
  } catch {
    return null;
  }
}

/** What the lock file records about its owner. */
interface LockOwner {
  pid: number;
  /** Null where the platform cannot tell (no /proc). */
  startTime: string | null;
}

function readOwner(text: string): LockOwner | null {
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner>;
    if (typeof parsed === 'object' && parsed && Number.isInteger(parsed.pid))
      return { pid: parsed.pid as number, startTime: parsed.startTime ?? null };
  } catch {
    // An older lock file holds only the pid.
  }
  const pid = Number.parseInt(text, 10);
  return Number.isInteger(pid) ? { pid, startTime: null } : null;
}

/**
 * True when the recorded owner is still running. A live pid is not enough: after a crash and a
 * reboot the pid may belong to an unrelated process, so its start time must match the one
 * recorded; a lock without one (an older file, or no /proc) counts as held only by a Node process.
 */
function ownerIsRunning(owner: LockOwner): boolean {
  if (owner.pid === process.pid || !processIsAlive(owner.pid)) return false;
  const startTime = processStartTime(owner.pid);
  if (owner.startTime !== null && startTime !== null) return owner.startTime === startTime;
  const commandLine = processCommandLine(owner.pid);
  return commandLine === null || /\bnode\b|tsx/.test(commandLine);
}

/**
 * PGlite has no inter-process locking and two writers corrupt the data dir, so one process owns it.
 * The lock file holds the owner's pid and start time; a lock left by a dead process, or naming a pid
 * now used by another process, is taken over.
 * @throws DataDirLockedError when the owning process is still running.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const lockPath = path.resolve(dataDir, 'aitlas.lock');
  if (heldByThisProcess.has(lockPath)) {
    throw new DataDirLockedError(`The data directory ${path.resolve(dataDir)} is already open in this process.`);
  }
  const record = JSON.stringify({ pid: process.pid, startTime: processStartTime(process.pid) });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, record, { flag: 'wx' });
      heldByThisProcess.add(lockPath);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldByThisProcess.delete(lockPath);
        try {
          if (fs.readFileSync(lockPath, 'utf8') === record) fs.unlinkSync(lockPath);
        } catch {
          // Already gone.
        }
      };
      process.once('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(fs.readFileSync(lockPath, 'utf8'));
      if (owner && ownerIsRunning(owner)) {
        throw new DataDirLockedError(
          `The data directory ${path.resolve(dataDir)} is in use by another Aitlas process (pid ${owner.pid}). ` +
            'Stop it first, or point DATA_DIR at another directory. The embedded database allows one process at a time.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${path.resolve(dataDir)}.`);
}
