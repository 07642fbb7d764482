import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';

const run = promisify(execFile);

export const BACKUPS_DIR = 'backups';
const DAY_MS = 24 * 60 * 60 * 1000;
// trilha-2026-11-23T11-20-00-000Z.tar.gz is the database (PGlite's own dump); .uploads.tar.gz beside it the files.
const DB_ARCHIVE = /^trilha-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)\.tar\.gz$/;

export interface BackupInfo {
  file: string;
  /** Bytes of the database archive plus its uploads archive. */
  size: number;
  createdAt: string;
}

/** Something that can write a consistent compressed archive of the embedded database to a file. */
export interface Snapshotter {
  snapshotTo(file: string, signal?: AbortSignal): Promise<void>;
}

export function uploadsArchiveOf(dbArchive: string): string {
  return dbArchive.replace(/\.tar\.gz$/, '.uploads.tar.gz');
}

function stampOf(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

function dateOfStamp(stamp: string): Date {
  const [day, time] = stamp.split('T');
  const [h, m, s, ms] = time.replace('Z', '').split('-');
  return new Date(`${day}T${h}:${m}:${s}.${ms}Z`);
}

/** Every backup in DATA_DIR/backups, newest first. */
export async function listBackups(dataDir: string): Promise<BackupInfo[]> {
  const dir = path.join(dataDir, BACKUPS_DIR);
  if (!existsSync(dir)) return [];
  const names = (await readdir(dir)).filter((n) => DB_ARCHIVE.test(n)).sort().reverse();
  const infos: BackupInfo[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    const uploads = uploadsArchiveOf(file);
    const size = (await stat(file)).size + (existsSync(uploads) ? (await stat(uploads)).size : 0);
    infos.push({ file, size, createdAt: dateOfStamp(DB_ARCHIVE.exec(name)?.[1] ?? '').toISOString() });
  }
  return infos;
}

export async function latestBackup(dataDir: string): Promise<BackupInfo | null> {
  return (await listBackups(dataDir))[0] ?? null;
}

/**
 * Writes DATA_DIR/backups/trilha-<ts>.tar.gz (the database, dumped inside the process that owns it) and
 * trilha-<ts>.uploads.tar.gz (the uploads), then keeps only the newest `keep` backups. `signal` stops it
 * (the server stopping): the processes it started are killed and its unfinished files removed.
 */
export async function writeBackup(db: Snapshotter, dataDir: string, keep: number, now = new Date(), signal?: AbortSignal): Promise<BackupInfo> {
  const dir = path.join(dataDir, BACKUPS_DIR);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `trilha-${stampOf(now)}.tar.gz`);
  const uploads = uploadsArchiveOf(file);
  // Written aside and renamed: a crash mid-write never leaves a truncated archive under a backup's name.
  try {
    await db.snapshotTo(`${file}.tmp`, signal);
    if (existsSync(path.join(dataDir, 'uploads'))) {
      await run('tar', ['-czf', `${uploads}.tmp`, '-C', dataDir, 'uploads'], { signal });
      await chmod(`${uploads}.tmp`, 0o600);
      await rename(`${uploads}.tmp`, uploads);
    }
    await rename(`${file}.tmp`, file);
  } catch (err) {
    await rm(`${file}.tmp`, { force: true });
    await rm(`${uploads}.tmp`, { force: true });
    await rm(uploads, { force: true });
    throw err;
  }
  for (const old of (await listBackups(dataDir)).slice(Math.max(keep, 1))) {
    await rm(old.file, { force: true });
    await rm(uploadsArchiveOf(old.file), { force: true });
  }
  const size = (await stat(file)).size + (existsSync(uploads) ? (await stat(uploads)).size : 0);
  return { file, size, createdAt: now.toISOString() };
}

/**
 * Removes what an interrupted backup left in DATA_DIR/backups (`*.tmp` archives and their `.staging`
 * copies of the database, each the size of the data): a process killed mid-backup cannot clean up
 * after itself. Only the process that has just locked DATA_DIR calls this, so no backup is running.
 * Returns the names removed.
 */
export async function removeUnfinishedBackups(dataDir: string): Promise<string[]> {
  const dir = path.join(dataDir, BACKUPS_DIR);
  if (!existsSync(dir)) return [];
  const unfinished = (await readdir(dir)).filter((n) => n.startsWith('trilha-') && (n.endsWith('.tmp') || n.endsWith('.tmp.staging')));
  for (const name of unfinished) await rm(path.join(dir, name), { recursive: true, force: true });
  return unfinished;
}

/** True when the newest backup is missing or older than a day. */
export async function backupIsDue(dataDir: string, now = Date.now()): Promise<boolean> {
  const last = await latestBackup(dataDir);
  return !last || now - Date.parse(last.createdAt) >= DAY_MS;
}

/**
 * Unpacks an archive into `into` (a new folder) and opens it as a database: a truncated or foreign file
 * fails here, before restore touches anything. Everything streams through `tar` and the database is read
 * from disk, so a backup of any size is checked without holding it in memory. Archives written by
 * PGlite's own dump (members named /base/…) unpack the same way.
 */
export async function unpackBackup(file: string, into: string): Promise<void> {
  await mkdir(into, { recursive: true, mode: 0o700 });
  await run('tar', ['-xzf', file, '-C', into]);
  if (!existsSync(path.join(into, 'PG_VERSION'))) throw new Error('o arquivo não contém um banco de dados do Trilha');
  const probe = await PGlite.create({ dataDir: into });
  try {
    await probe.query('SELECT count(*) FROM schema_migrations');
    await probe.query('SELECT count(*) FROM profiles');
  } finally {
    await probe.close().catch(() => undefined);
  }
  const uploads = uploadsArchiveOf(file);
  if (existsSync(uploads)) await run('tar', ['-tzf', uploads]);
}
