import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPglite } from '../db/pglite.js';
import { engineName, pgliteDump } from '../../../test/db.js';
import { latestBackup, listBackups, removeUnfinishedBackups, writeBackup, type Snapshotter } from './backup.js';
import { restoreBackup } from './restore.js';

// Backups belong to the embedded engine: this file runs once, in the pglite project.
const embedded = engineName() === 'pglite';
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'trilha-backup-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function openData() {
  return openPglite({ dataDir: path.join(dataDir, 'pgdata') });
}
async function names(db: Awaited<ReturnType<typeof openData>>) {
  return (await db.query<{ full_name: string }>('SELECT full_name FROM profiles ORDER BY full_name')).map((r) => r.full_name);
}

describe.skipIf(!embedded)('embedded backups', () => {
  it('backup → write more → restore gives back the snapshot (uploads too); the replaced data is kept aside', async () => {
    // The migrated database every test file starts from, written to disk as the server's would be.
    const db = await openPglite({ dataDir: path.join(dataDir, 'pgdata'), loadDataDir: await pgliteDump() });
    await db.query("INSERT INTO profiles (full_name, email) VALUES ('Antes', 'antes@teste.com')");
    await mkdir(path.join(dataDir, 'uploads', 'logos'), { recursive: true });
    await writeFile(path.join(dataDir, 'uploads', 'logos', 'a.png'), 'antes');
    const sut = await writeBackup(db, dataDir, 7);
    expect(sut.size).toBeGreaterThan(0);
    expect((await latestBackup(dataDir))?.file).toBe(sut.file);

    await db.query("INSERT INTO profiles (full_name, email) VALUES ('Depois', 'depois@teste.com')");
    await writeFile(path.join(dataDir, 'uploads', 'logos', 'a.png'), 'depois');
    await db.close();

    const result = await restoreBackup(dataDir, sut.file);
    expect(result.previousPgdata).toMatch(/pgdata\.before-restore-/);
    const restored = await openData();
    expect(await names(restored)).toEqual(['Antes']);
    await restored.close();
    expect(await readFile(path.join(dataDir, 'uploads', 'logos', 'a.png'), 'utf8')).toBe('antes');
    const aside = await openPglite({ dataDir: result.previousPgdata ?? '' });
    expect(await names(aside)).toEqual(['Antes', 'Depois']);
    await aside.close();
  });

  it('refuses a truncated archive before touching anything', async () => {
    const good = await latestBackup(dataDir);
    const truncated = path.join(dataDir, 'truncated.tar.gz');
    await writeFile(truncated, (await readFile(good?.file ?? '')).subarray(0, 50_000));
    const before = (await readdir(dataDir)).sort();
    await expect(restoreBackup(dataDir, truncated)).rejects.toThrow();
    expect((await readdir(dataDir)).sort()).toEqual(before);
    const db = await openData();
    expect(await names(db)).toEqual(['Antes']);

    // Retention: only the newest `keep` backups stay.
    for (const hour of [1, 2, 3]) await writeBackup(db, dataDir, 2, new Date(Date.UTC(2030, 0, 1, hour)));
    await db.close();
    const kept = await listBackups(dataDir);
    expect(kept.map((b) => b.createdAt)).toEqual(['2030-01-01T03:00:00.000Z', '2030-01-01T02:00:00.000Z']);
  });

  it('a backup taken while writes go on holds whole transactions only, and no write is lost or left waiting', async () => {
    const db = await openData();
    await db.exec('CREATE TABLE IF NOT EXISTS backup_pairs (n int NOT NULL)');
    let written = 0;
    let stop = false;
    const writer = (async () => {
      // Two rows per transaction: a consistent copy always holds an even number of rows.
      while (!stop) {
        await db.transaction(async (tx) => {
          await tx.query('INSERT INTO backup_pairs VALUES ($1)', [written]);
          await tx.query('INSERT INTO backup_pairs VALUES ($1)', [written]);
        });
        written += 1;
        // PGlite answers without I/O: without a turn of the event loop here, nothing else would ever run.
        await new Promise((r) => setImmediate(r));
      }
    })();
    await new Promise((r) => setTimeout(r, 50));
    const sut = await writeBackup(db, dataDir, 10, new Date(Date.UTC(2031, 0, 1)));
    await new Promise((r) => setTimeout(r, 50));
    stop = true;
    await writer;
    const [{ n: live }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM backup_pairs');
    expect(live).toBe(written * 2);
    await db.close();
    expect((await readdir(path.join(dataDir, 'backups'))).filter((f) => /staging|\.tmp$/.test(f))).toEqual([]);

    await restoreBackup(dataDir, sut.file, new Date(Date.UTC(2031, 0, 2)));
    const restored = await openData();
    const [{ n: copied }] = await restored.query<{ n: number }>('SELECT count(*)::int AS n FROM backup_pairs');
    expect(copied % 2).toBe(0);
    expect(copied).toBeGreaterThan(0);
    expect(copied).toBeLessThanOrEqual(live);
    await restored.exec('DROP TABLE backup_pairs');
    await restored.close();
  });

  it("restores an archive written by PGlite's own dump (backups from before archives streamed from disk)", async () => {
    const db = await openData();
    await db.query("INSERT INTO profiles (full_name, email) VALUES ('Dump antigo', 'dump@teste.com')");
    const old = path.join(dataDir, 'backups', 'trilha-2020-01-01T00-00-00-000Z.tar.gz');
    await writeFile(old, Buffer.from(await (await db.raw.dumpDataDir('gzip')).arrayBuffer()));
    await db.query("DELETE FROM profiles WHERE email = 'dump@teste.com'");
    await db.close();
    await restoreBackup(dataDir, old, new Date(Date.UTC(2031, 0, 3)));
    const restored = await openData();
    expect(await names(restored)).toEqual(['Antes', 'Dump antigo']);
    await restored.close();
  });

  it('refuses a gzip archive that holds no database, and changes nothing', async () => {
    const foreign = path.join(dataDir, 'foreign.tar.gz');
    await mkdir(path.join(dataDir, 'foreign', 'docs'), { recursive: true });
    await writeFile(path.join(dataDir, 'foreign', 'docs', 'leia.txt'), 'nada');
    await promisify(execFile)('tar', ['-czf', foreign, '-C', path.join(dataDir, 'foreign'), 'docs']);
    await rm(path.join(dataDir, 'foreign'), { recursive: true });
    const before = (await readdir(dataDir)).sort();
    await expect(restoreBackup(dataDir, foreign)).rejects.toThrow(/não contém um banco/);
    expect((await readdir(dataDir)).sort()).toEqual(before);
    const db = await openData();
    expect(await names(db)).toEqual(['Antes', 'Dump antigo']);
    await db.close();
  });

  it('a backup stopped mid-way (the server stopping) kills what it started and leaves no file behind', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'trilha-backup-stop-'));
    try {
      await mkdir(path.join(dir, 'uploads', 'logos'), { recursive: true });
      await writeFile(path.join(dir, 'uploads', 'logos', 'a.png'), 'x');
      // A snapshot that has written part of its archive and is still at work when the stop comes.
      const slow: Snapshotter = {
        async snapshotTo(file, signal) {
          await writeFile(file, 'parte do arquivo');
          await promisify(execFile)('sleep', ['30'], { signal });
        },
      };
      const stop = new AbortController();
      const started = Date.now();
      const writing = writeBackup(slow, dir, 7, new Date(), stop.signal);
      await new Promise((r) => setTimeout(r, 100));
      stop.abort();
      await expect(writing).rejects.toMatchObject({ name: 'AbortError' });
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(await readdir(path.join(dir, 'backups'))).toEqual([]);

      // Stopped before it began, the embedded database's own snapshot writes nothing either.
      const db = await openPglite({ dataDir: path.join(dir, 'pgdata') });
      await expect(writeBackup(db, dir, 7, new Date(), AbortSignal.abort())).rejects.toMatchObject({ name: 'AbortError' });
      await db.close();
      expect(await readdir(path.join(dir, 'backups'))).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('what a killed process left of a backup is removed; finished backups stay', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'trilha-backup-left-'));
    try {
      const backups = path.join(dir, 'backups');
      await mkdir(path.join(backups, 'trilha-2031-01-05T00-00-00-000Z.tar.gz.tmp.staging', 'base'), { recursive: true });
      await writeFile(path.join(backups, 'trilha-2031-01-05T00-00-00-000Z.tar.gz.tmp'), 'meio arquivo');
      await writeFile(path.join(backups, 'trilha-2031-01-05T00-00-00-000Z.uploads.tar.gz.tmp'), 'meio arquivo');
      await writeFile(path.join(backups, 'trilha-2031-01-04T00-00-00-000Z.tar.gz'), 'inteiro');
      await writeFile(path.join(backups, 'leia-me.txt'), 'do usuário');
      expect((await removeUnfinishedBackups(dir)).sort()).toEqual([
        'trilha-2031-01-05T00-00-00-000Z.tar.gz.tmp',
        'trilha-2031-01-05T00-00-00-000Z.tar.gz.tmp.staging',
        'trilha-2031-01-05T00-00-00-000Z.uploads.tar.gz.tmp',
      ]);
      expect((await readdir(backups)).sort()).toEqual(['leia-me.txt', 'trilha-2031-01-04T00-00-00-000Z.tar.gz']);
      expect(await removeUnfinishedBackups(path.join(dir, 'sem-pasta'))).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
