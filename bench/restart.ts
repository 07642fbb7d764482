// npx tsx bench/restart.ts : restart of the compiled server (node with NODE_FLAGS on dist/server/main.js,
// as `npm start` runs it) on existing embedded data, from spawn to the first 200 on /api/health.
// BENCH_RUNS starts (default 5), median printed. The data dir is the generated platform of
// bench/memory.ts (BENCH_PGLITE_CLUBS, default 100 clubs; BENCH_DATA_DIR to choose it).
// BENCH_BASELINE_JS=<older checkout>/dist/server/main.js alternates that build (node with
// BENCH_BASELINE_FLAGS, default --enable-source-maps) with this one, so a busy machine slows both alike.
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BASELINE_FLAGS, buildCompiledServer, startServerProcess, waitIdle } from './server-process.js';
import { latestBackup } from '../src/server/backup/backup.js';
import { pgliteFixture } from './platform-fixture.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const clubs = Number(process.env.BENCH_PGLITE_CLUBS ?? 100);
const dataDir = process.env.BENCH_DATA_DIR ?? path.join(tmpdir(), `trilha-bench-memory-${clubs}`);

await buildCompiledServer();
await pgliteFixture(dataDir, clubs);
// One start first so that migrations, the day's backup and key files exist, as on a server restarted:
// left to finish its work (the backup takes seconds), or every start below would begin the backup again.
const first = await startServerProcess({ DATA_DIR: dataDir }, { port: 3392 });
for (const end = performance.now() + 120_000; !(await latestBackup(dataDir)) && performance.now() < end;) await new Promise((r) => setTimeout(r, 200));
await waitIdle(first.pid);
await first.stop();
if (!(await latestBackup(dataDir))) throw new Error('the first start wrote no backup: every start measured would begin one');

const baselineJs = process.env.BENCH_BASELINE_JS;
const builds = baselineJs ? [{ label: 'baseline', baseline: { serverJs: baselineJs, nodeFlags: BASELINE_FLAGS } }, { label: 'this build' }] : [{ label: 'this build' }];
const times = new Map<string, number[]>(builds.map((b) => [b.label, []]));
for (let i = 0; i < RUNS; i += 1) {
  for (const build of builds) {
    const server = await startServerProcess({ DATA_DIR: dataDir }, { port: 3392, ...('baseline' in build ? { baseline: build.baseline } : {}) });
    times.get(build.label)?.push(server.readyMs);
    // Stopped after the jobs' first tick so that the next start finds the data as a restart would.
    await new Promise((r) => setTimeout(r, 500));
    await server.stop();
  }
}
for (const [label, list] of times) {
  const sorted = [...list].sort((a, b) => a - b);
  console.log(`${label}: restart on ${clubs} clubs (PGlite), spawn → first 200 on /api/health: ` +
    `${list.map((t) => `${(t / 1000).toFixed(2)}`).join(', ')} s; median ${(sorted[Math.floor(sorted.length / 2)] / 1000).toFixed(2)} s`);
}
process.exit(0);
