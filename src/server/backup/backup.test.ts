import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPglite } from '../db/pglite.js';
import { engineName } from '../../../test/db.js';
import { latestBackup, listBackups, writeBackup } from './backup.js';
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
    const db = await openPglite({ dataDir: path.join(dataDir, 'pgdata'), loadDataDir: new Blob([await readFile(inject('pgliteDump'))]) });
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
});
