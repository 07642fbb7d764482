import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { startBackgroundJobs } from './jobs.js';
import type { BackgroundJob } from './background-job.js';
import { ClubJobRun } from './db/club-job-run.js';
import type { Db } from './db/index.js';

const app = { log: { error: vi.fn() }, db: {} } as unknown as FastifyInstance;

afterEach(() => {
  vi.useRealTimers();
});

describe('background jobs', () => {
  it('first run after the given delay (a restart answers its clients first), then on the interval', async () => {
    vi.useFakeTimers();
    const runs: number[] = [];
    const job: BackgroundJob = { name: 'contar', everyMs: 1000, run: async () => runs.push(Date.now()) };
    const started = Date.now();
    const stop = startBackgroundJobs(app, [job], 2000);
    await vi.advanceTimersByTimeAsync(1999);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs.map((t) => t - started)).toEqual([2000]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(runs.map((t) => t - started)).toEqual([2000, 3000, 4000]);
    await stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toHaveLength(3);
  });

  it('a stop waits for the run under way to finish, and no run starts after it', async () => {
    vi.useFakeTimers();
    let finishRun: () => void = () => undefined;
    const ended: string[] = [];
    const slow: BackgroundJob = {
      name: 'lento', everyMs: 100,
      run: () => new Promise<void>((resolve) => { finishRun = () => { ended.push('run'); resolve(); }; }),
    };
    const stop = startBackgroundJobs(app, [slow]);
    await vi.advanceTimersByTimeAsync(0);
    const stopped = stop().then(() => ended.push('stop'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(ended).toEqual([]);
    finishRun();
    await stopped;
    expect(ended).toEqual(['run', 'stop']);
  });

  it('stopped before its first run, a job never runs; a failing run is logged and retried on the next tick', async () => {
    vi.useFakeTimers();
    const never = vi.fn(async () => undefined);
    await startBackgroundJobs(app, [{ name: 'nunca', everyMs: 1000, run: never }], 2000)();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(never).not.toHaveBeenCalled();

    let calls = 0;
    const flaky: BackgroundJob = { name: 'instável', everyMs: 1000, run: async () => { calls += 1; if (calls === 1) throw new Error('falhou'); } };
    const stop = startBackgroundJobs(app, [flaky]);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    expect(app.log.error).toHaveBeenCalledWith(expect.objectContaining({ job: 'instável' }), 'background job failed');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(2);
    await stop();
  });

  it("a club's failure inside a job is logged by the server's logger beside the job's name", async () => {
    const db = { query: async () => [] } as unknown as Db;
    const log = { error: vi.fn() };
    const failing: BackgroundJob = {
      name: 'clubes', everyMs: 60_000,
      run: async (a) => {
        const run = new ClubJobRun(a.db, 'clubes');
        await run.inSavepoint(a.db, 'clube-1', async () => { throw new Error('falhou'); });
      },
    };
    const stop = startBackgroundJobs({ log, db } as unknown as FastifyInstance, [failing]);
    await vi.waitFor(() => expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ job: 'clubes', clubId: 'clube-1' }), 'background job failed for one club'));
    await stop();
  });

  it('no server module uses async_hooks: on Node 20 an AsyncLocalStorage puts a hook on every promise of the process', async () => {
    const root = path.dirname(new URL(import.meta.url).pathname);
    const files = (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const users: string[] = [];
    for (const f of files) if ((await readFile(path.join(root, f), 'utf8')).includes("from 'node:async_hooks'")) users.push(f);
    expect(users).toEqual([]);
  });
});
