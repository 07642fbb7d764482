import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { unpackBackup, uploadsArchiveOf } from './backup.js';

const run = promisify(execFile);

export interface RestoreResult {
  /** Where the data dir that was replaced now lives. */
  previousPgdata: string | null;
  previousUploads: string | null;
}

/**
 * Replaces DATA_DIR/pgdata (and uploads, when the backup has them) with a backup. The caller holds the
 * DATA_DIR lock. The archive is verified first; the replaced folders are kept aside, never deleted.
 */
export async function restoreBackup(dataDir: string, file: string, now = new Date()): Promise<RestoreResult> {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const pgdata = path.join(dataDir, 'pgdata');
  // Unpacked and opened beside the current data first: a bad archive leaves nothing behind.
  const incoming = `${pgdata}.restoring-${stamp}`;
  try {
    await unpackBackup(file, incoming);
  } catch (err) {
    await rm(incoming, { recursive: true, force: true });
    throw err;
  }
  const previousPgdata = existsSync(pgdata) ? `${pgdata}.before-restore-${stamp}` : null;
  if (previousPgdata) await rename(pgdata, previousPgdata);
  await rename(incoming, pgdata);
  const uploadsArchive = uploadsArchiveOf(file);
  let previousUploads: string | null = null;
  if (existsSync(uploadsArchive)) {
    const uploads = path.join(dataDir, 'uploads');
    if (existsSync(uploads)) {
      previousUploads = `${uploads}.before-restore-${stamp}`;
      await rename(uploads, previousUploads);
    }
    await run('tar', ['-xzf', uploadsArchive, '-C', dataDir]);
  }
  return { previousPgdata, previousUploads };
}
