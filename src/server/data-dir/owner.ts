import { randomBytes } from 'node:crypto';
import { chmod, readFile, rename, rm, writeFile } from 'node:fs/promises';
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

/** True when a process with this id exists (EPERM: it exists but belongs to another user). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
