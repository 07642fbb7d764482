import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { isProcessAlive, readOwner, removeOwner, writeOwner, type DataDirOwner } from './owner.js';

/** The lock directory proper-lockfile creates atomically (mkdir) and keeps fresh while we hold it. */
export const LOCK_DIR = 'trilha.lock';
// A holder refreshes the lock every 10 s; a lock untouched for 60 s belongs to a dead or frozen process.
const STALE_MS = 60_000;
const UPDATE_MS = 10_000;

/** DATA_DIR is held by another live process: nothing was touched. */
export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: DataDirOwner | null,
  ) {
    super(busyMessage(dataDir, owner));
  }
}

/** What a person reads when DATA_DIR is taken: who has it and what to do. */
export function busyMessage(dataDir: string, owner: DataDirOwner | null): string {
  const pid = owner ? ` (pid ${owner.pid})` : '';
  if (owner?.kind === 'command') {
    return `Outro comando do Trilha está usando este DATA_DIR${pid}: ${dataDir}. Aguarde ele terminar e tente de novo.`;
  }
  return `O Trilha está rodando com este DATA_DIR${pid}: ${dataDir}. Pare o servidor ou use outro DATA_DIR.`;
}

export interface DataDirLock {
  readonly dataDir: string;
  /** Removes the owner file and the lock. Safe to call twice. */
  release(): Promise<void>;
}

// The same process never opens one data dir twice either (tests start servers in-process).
const heldHere = new Set<string>();

/**
 * Takes the exclusive lock on DATA_DIR (issue 11): PGlite is single-process, so two owners overwrite
 * each other's pages. A lock left by a crashed process (its pid is gone, or it went stale) is taken over;
 * a live one never is.
 */
export async function lockDataDir(
  dataDir: string,
  opts: { kind: DataDirOwner['kind']; onCompromised?: (err: Error) => void; waitForCommandMs?: number; onWait?: (owner: DataDirOwner) => void },
): Promise<DataDirLock> {
  // A command (seed, backup…) holds DATA_DIR for seconds: a server starting meanwhile waits for it.
  const deadline = Date.now() + (opts.waitForCommandMs ?? 0);
  let notified = false;
  for (;;) {
    try {
      return await tryLock(dataDir, opts);
    } catch (err) {
      // No owner file yet (or already gone) means the holder is between taking/releasing the lock and
      // writing/removing that file: a moment later it is either free or named, so keep waiting.
      const transient = err instanceof DataDirBusyError && err.owner === null;
      if (!(err instanceof DataDirBusyError) || (err.owner?.kind !== 'command' && !transient) || Date.now() >= deadline) throw err;
      if (!notified && err.owner) {
        notified = true;
        opts.onWait?.(err.owner);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

async function tryLock(dataDir: string, opts: { kind: DataDirOwner['kind']; onCompromised?: (err: Error) => void }): Promise<DataDirLock> {
  const dir = path.resolve(dataDir);
  if (heldHere.has(dir)) throw new DataDirBusyError(dir, await readOwner(dir));
  await mkdir(dir, { recursive: true });
  const lockPath = path.join(dir, LOCK_DIR);
  const options = {
    realpath: false,
    lockfilePath: lockPath,
    stale: STALE_MS,
    update: UPDATE_MS,
    onCompromised: opts.onCompromised ?? (() => undefined),
  };
  let unlock: () => Promise<void>;
  try {
    unlock = await lockfile.lock(dir, options);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
    const owner = await readOwner(dir);
    // kill -9 or a power cut left the lock behind: its process is gone, so nobody is writing.
    if (!owner || owner.pid === process.pid || isProcessAlive(owner.pid)) throw new DataDirBusyError(dir, owner);
    await rm(lockPath, { recursive: true, force: true });
    try {
      unlock = await lockfile.lock(dir, options);
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirBusyError(dir, await readOwner(dir));
      throw again;
    }
  }
  heldHere.add(dir);
  await writeOwner(dir, { pid: process.pid, kind: opts.kind, startedAt: new Date().toISOString() });
  let released = false;
  return {
    dataDir: dir,
    async release() {
      if (released) return;
      released = true;
      heldHere.delete(dir);
      await removeOwner(dir);
      await unlock().catch(() => undefined);
    },
  };
}
