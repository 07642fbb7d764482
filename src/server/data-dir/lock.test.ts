import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataDirBusyError, LOCK_DIR, lockDataDir } from './lock.js';
import { readOwner, writeOwner } from './owner.js';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'trilha-lock-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('DATA_DIR lock', () => {
  it('has one owner at a time and is free again once released', async () => {
    const sut = await lockDataDir(dataDir, { kind: 'server' });
    expect((await readOwner(dataDir))?.pid).toBe(process.pid);
    expect((await stat(path.join(dataDir, 'trilha-owner.json'))).mode & 0o777).toBe(0o600);
    await expect(lockDataDir(dataDir, { kind: 'command' })).rejects.toThrow(/O Trilha está rodando com este DATA_DIR \(pid \d+\)/);
    await sut.release();
    expect(await readOwner(dataDir)).toBeNull();
    const again = await lockDataDir(dataDir, { kind: 'command' });
    await again.release();
  });

  it('takes over a lock whose process is gone (kill -9), and never one whose process is alive', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    const alivePid = child.pid ?? 0;
    await mkdir(path.join(dataDir, LOCK_DIR));
    await writeOwner(dataDir, { pid: alivePid, kind: 'server', startedAt: new Date().toISOString() });
    const refused = await lockDataDir(dataDir, { kind: 'server' }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(DataDirBusyError);
    expect((refused as Error).message).toContain(`pid ${alivePid}`);

    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const sut = await lockDataDir(dataDir, { kind: 'server' });
    expect((await readOwner(dataDir))?.pid).toBe(process.pid);
    await sut.release();
  });

  it('a server waits for a command that holds DATA_DIR for a moment, but not for another server', async () => {
    const command = await lockDataDir(dataDir, { kind: 'command' });
    setTimeout(() => void command.release(), 500);
    const waits: number[] = [];
    const sut = await lockDataDir(dataDir, { kind: 'server', waitForCommandMs: 10_000, onWait: (o) => waits.push(o.pid) });
    expect(waits).toEqual([process.pid]);
    const started = Date.now();
    await expect(lockDataDir(dataDir, { kind: 'server', waitForCommandMs: 10_000 })).rejects.toThrow(DataDirBusyError);
    expect(Date.now() - started).toBeLessThan(1000);
    await sut.release();
  });
});
