import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startBackgroundJobs } from './jobs.js';
import type { BackgroundJob } from './background-job.js';

const app = { log: { error: vi.fn() } } as unknown as FastifyInstance;

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
});
