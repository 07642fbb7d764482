import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Who holds DATA_DIR: the server (with its local admin channel) or a command run without a server. */
export interface DataDirOwner {
  pid: number;
  kind: 'server' | 'command';
  startedAt: string;
  /** Base URL of the running server's local admin channel (server only, once it listens). */
  url?: string;
  /** Secret the commands send to the local admin channel (server only). */
  token?: string;
  /** The server began to stop (SIGTERM): a start waits for it to let go instead of refusing. */
  stopping?: boolean;
}

export const OWNER_FILE = 'trilha-owner.json';

/** A fresh secret for the local admin channel. */
export function newLocalAdminToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Reads DATA_DIR's owner file, or null when there is none (or it cannot be read). */
export async function readOwner(dataDir: string): Promise<DataDirOwner | null> {
  try {
    const parsed = JSON.parse(await readFile(path.join(dataDir, OWNER_FILE), 'utf8')) as DataDirOwner;
    return typeof parsed.pid === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

/** Writes the owner file readable by this OS user only (it holds the local admin token). */
export async function writeOwner(dataDir: string, owner: DataDirOwner): Promise<void> {
  const file = path.join(dataDir, OWNER_FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(owner), { mode: 0o600 });
  await chmod(tmp, 0o600);
  await rename(tmp, file);
}

export async function removeOwner(dataDir: string, pid = process.pid): Promise<void> {
  const current = await readOwner(dataDir);
  if (current?.pid === pid) await rm(path.join(dataDir, OWNER_FILE), { force: true });
}

/**
 * Whether a process can still hold DATA_DIR: 'gone' when it does not exist or is a zombie (dead, only
 * waiting for its parent to collect its exit status, which may never come when that parent was killed
 * with it), 'exiting' while the kernel is tearing it down (a thread may still be finishing a write), else
 * 'alive'. EPERM means it exists under another user. Without /proc (not Linux) only existence is known.
 */
export async function processState(pid: number): Promise<'alive' | 'exiting' | 'gone'> {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return 'gone';
  }
  let stat: string;
  try {
    stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return existsSync('/proc/self/stat') ? 'gone' : 'alive';
  }
  // The fields after the command name (which may hold spaces and parentheses): state is the 1st, flags the 7th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  const threads = await readdir(`/proc/${pid}/task`).then((t) => t.length, () => 0);
  if (state === 'Z' || state === 'X' || state === 'x') return threads > 1 ? 'exiting' : 'gone';
  if ((Number(fields[6]) & PF_EXITING) !== 0) return 'exiting';
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const pending = [...status.matchAll(/^(?:SigPnd|ShdPnd):\s*([0-9a-f]+)$/gm)].some((m) => (BigInt(`0x${m[1]}`) & SIGKILL_BIT) !== 0n);
  return pending ? 'exiting' : 'alive';
}

// Linux's task flag for a process already in do_exit, and SIGKILL's bit in the pending-signal masks.
const PF_EXITING = 0x4;
const SIGKILL_BIT = 1n << 8n;
