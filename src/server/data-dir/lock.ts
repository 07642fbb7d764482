import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { processState, readOwner, removeOwner, writeOwner, type DataDirOwner } from './owner.js';

/** The lock directory proper-lockfile creates atomically (mkdir) and keeps fresh while we hold it. */
export const LOCK_DIR = 'trilha.lock';
// A holder refreshes the lock every 10 s; a lock untouched for 60 s belongs to a dead or frozen process.
const STALE_MS = 60_000;
const UPDATE_MS = 10_000;
// How long a start waits for an owner that is stopping (draining, SHUTDOWN_TIMEOUT 10 s by default).
const WAIT_FOR_EXIT_MS = 15_000;

/** DATA_DIR is held by another live process: nothing was touched. */
export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: DataDirOwner | null,
    /** The owner is on its way out (stopping, or being torn down by the kernel): worth waiting for. */
    readonly exiting = false,
  ) {
    super(busyMessage(dataDir, owner));
  }
}

/** What a person reads when DATA_DIR is taken: who has it and what to do. */
export function busyMessage(dataDir: string, owner: DataDirOwner | null): string {
  const pid = owner ? ` (pid ${owner.pid})` : '';
  if (owner?.stopping) {
    return `O Trilha que usava este DATA_DIR${pid} ainda está parando: ${dataDir}. Aguarde ele terminar e tente de novo.`;
  }
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

/** Why a start waits for DATA_DIR: a command holds it for a moment, or its owner is exiting. */
export type WaitReason = 'command' | 'exiting';

/**
 * Takes the exclusive lock on DATA_DIR (issue 11): PGlite is single-process, so two owners overwrite
 * each other's pages. A lock left by a crashed process (its pid is gone or a zombie, or it went stale)
 * is taken over; a live one never is. An owner that is exiting (stopping after SIGTERM, or being torn
 * down after kill -9) is waited for, up to waitForExitMs (15 s), as a command is for waitForCommandMs.
 * `onWait` is called once for each reason to wait.
 */
export async function lockDataDir(
  dataDir: string,
  opts: {
    kind: DataDirOwner['kind'];
    onCompromised?: (err: Error) => void;
    waitForCommandMs?: number;
    waitForExitMs?: number;
    onWait?: (owner: DataDirOwner, reason: WaitReason) => void;
  },
): Promise<DataDirLock> {
  const started = Date.now();
  const told = new Set<WaitReason>();
  for (;;) {
    try {
      return await tryLock(dataDir, opts);
    } catch (err) {
      if (!(err instanceof DataDirBusyError)) throw err;
      const waited = Date.now() - started;
      // No owner file yet (or already gone) means the holder is between taking/releasing the lock and
      // writing/removing that file: a moment later it is either free or named, so keep waiting.
      const transient = err.owner === null && waited < (opts.waitForCommandMs ?? 0);
      const reason: WaitReason | null = err.exiting ? 'exiting' : err.owner?.kind === 'command' ? 'command' : null;
      const limit = reason === 'exiting' ? (opts.waitForExitMs ?? WAIT_FOR_EXIT_MS) : reason === 'command' ? (opts.waitForCommandMs ?? 0) : 0;
      if (!transient && (reason === null || waited >= limit)) throw err;
      if (reason && err.owner && !told.has(reason)) {
        told.add(reason);
        opts.onWait?.(err.owner, reason);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
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
    if (!owner || owner.pid === process.pid) throw new DataDirBusyError(dir, owner);
    // kill -9 or a power cut left the lock behind: its process is gone (or a zombie), so nobody is writing.
    const state = await processState(owner.pid);
    if (state !== 'gone') throw new DataDirBusyError(dir, owner, state === 'exiting' || owner.stopping === true);
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
