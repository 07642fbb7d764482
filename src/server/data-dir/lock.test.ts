import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataDirBusyError, LOCK_DIR, lockDataDir } from './lock.js';
import { processState, readOwner, writeOwner } from './owner.js';

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

/** The first line a child prints (a pid it reports). */
async function firstLine(child: ChildProcess): Promise<string> {
  let out = '';
  for await (const chunk of child.stdout ?? []) {
    out += String(chunk);
    if (out.includes('\n')) return out.split('\n')[0];
  }
  return out;
}

describe('DATA_DIR owners that are on their way out', () => {
  it('a zombie owner (killed, its parent never collects it) is not an owner: its lock is taken at once', async () => {
    // sh starts the owner, then becomes `sleep`, which never waits for children: killed, the owner stays a zombie.
    const parent = spawn('sh', ['-c', 'sleep 60 & echo $!; exec sleep 61'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const pid = Number(await firstLine(parent));
      await mkdir(path.join(dataDir, LOCK_DIR));
      await writeOwner(dataDir, { pid, kind: 'server', startedAt: new Date().toISOString() });
      expect(await processState(pid)).toBe('alive');
      await expect(lockDataDir(dataDir, { kind: 'server' })).rejects.toThrow(`pid ${pid}`);
      process.kill(pid, 'SIGKILL');
      for (let i = 0; i < 100 && (await processState(pid)) !== 'gone'; i += 1) await new Promise((r) => setTimeout(r, 20));
      expect((await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.[0]).toBe('Z');
      const sut = await lockDataDir(dataDir, { kind: 'server' });
      expect((await readOwner(dataDir))?.pid).toBe(process.pid);
      await sut.release();
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('an owner that is stopping is waited for (saying so once), up to the limit; then the start is refused', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    const pid = child.pid ?? 0;
    await mkdir(path.join(dataDir, LOCK_DIR));
    await writeOwner(dataDir, { pid, kind: 'server', startedAt: new Date().toISOString(), stopping: true });
    const tooShort = await lockDataDir(dataDir, { kind: 'server', waitForExitMs: 300 }).catch((err: unknown) => err);
    expect(tooShort).toBeInstanceOf(DataDirBusyError);
    expect((tooShort as Error).message).toBe(`O Trilha que usava este DATA_DIR (pid ${pid}) ainda está parando: ${dataDir}. Aguarde ele terminar e tente de novo.`);

    setTimeout(() => child.kill('SIGKILL'), 400);
    const waits: string[] = [];
    const started = Date.now();
    const sut = await lockDataDir(dataDir, { kind: 'server', onWait: (o, reason) => waits.push(`${o.pid} ${reason}`) });
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    expect(waits).toEqual([`${pid} exiting`]);
    await sut.release();
  });

  it('kill -9 of the whole process group, then a start at once, 10 times: 10 starts', async () => {
    // As `npm start` runs: a parent (scripts/start.mjs) and the server that holds DATA_DIR, one group.
    const holder = `const fs = require('node:fs'); fs.mkdirSync(${JSON.stringify(path.join(dataDir, LOCK_DIR))});
      fs.writeFileSync(${JSON.stringify(path.join(dataDir, 'trilha-owner.json'))}, JSON.stringify({ pid: process.pid, kind: 'server', startedAt: new Date().toISOString() }));
      console.log(process.pid); setInterval(() => {}, 1000);`;
    const parentCode = `const c = require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(holder)}], { stdio: 'inherit' }); c.on('exit', (code) => process.exit(code ?? 0));`;
    let starts = 0;
    for (let round = 0; round < 10; round += 1) {
      // Each round on its own: a refused start leaves the dead owner's lock behind.
      await rm(path.join(dataDir, LOCK_DIR), { recursive: true, force: true });
      const group = spawn(process.execPath, ['-e', parentCode], { detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
      const ownerPid = Number(await firstLine(group));
      expect((await readOwner(dataDir))?.pid).toBe(ownerPid);
      process.kill(-(group.pid ?? 0), 'SIGKILL');
      const lock = await lockDataDir(dataDir, { kind: 'server', waitForCommandMs: 120_000 }).catch(() => null);
      if (lock) {
        starts += 1;
        await lock.release();
      }
      if (group.exitCode === null && group.signalCode === null) await once(group, 'exit');
    }
    expect(starts).toBe(10);
  });
});
