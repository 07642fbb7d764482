// npx tsx bench/backup.ts — the daily embedded backup on a generated platform (BENCH_PGLITE_CLUBS,
// default 100 clubs, kept in BENCH_DATA_DIR between runs): the archive as PGlite's dumpDataDir builds
// it (the whole archive in memory, before) against the archive streamed from disk by `tar`
// (snapshotTo, now). Each way runs in its own process, BENCH_ROUNDS times alternated (default 2), and
// prints the process's peak RSS above its RSS before the backup (VmHWM after clear_refs), the time the
// backup took, the longest wait of a `SELECT 1` sent every 10 ms during it (what a request feels), and
// the archive's size.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { openPglite } from '../src/server/db/pglite.js';
import { pgliteFixture } from './platform-fixture.js';

const run = promisify(execFile);
type Way = 'dump' | 'stream';
interface Figures { way: Way; beforeMb: number; peakAboveMb: number; seconds: number; longestWaitMs: number; archiveMb: number }

const clubs = Number(process.env.BENCH_PGLITE_CLUBS ?? 100);
const dataDir = process.env.BENCH_DATA_DIR ?? path.join(tmpdir(), `trilha-bench-backup-${clubs}`);

async function statusMb(key: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile('/proc/self/status', 'utf8');
  return Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024;
}

/** One backup in this process (the child). */
async function child(way: Way): Promise<Figures> {
  const db = await openPglite({ dataDir: path.join(dataDir, 'pgdata') });
  await db.query('SELECT count(*) FROM point_events');
  global.gc?.();
  const out = await mkdtemp(path.join(tmpdir(), 'trilha-bench-backup-out-'));
  const file = path.join(out, 'trilha.tar.gz');
  try {
    const beforeMb = await statusMb('VmRSS');
    await writeFile('/proc/self/clear_refs', '5');
    let longestWaitMs = 0;
    let done = false;
    const prober = (async () => {
      while (!done) {
        const t = performance.now();
        await db.query('SELECT 1');
        longestWaitMs = Math.max(longestWaitMs, performance.now() - t);
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    const t0 = performance.now();
    if (way === 'dump') {
      const dump = await db.raw._runExclusiveTransaction(() => db.raw.dumpDataDir('gzip'));
      await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    } else {
      await db.snapshotTo(file);
    }
    const seconds = (performance.now() - t0) / 1000;
    done = true;
    await prober;
    const peakAboveMb = (await statusMb('VmHWM')) - beforeMb;
    return { way, beforeMb, peakAboveMb, seconds, longestWaitMs, archiveMb: (await stat(file)).size / 1024 / 1024 };
  } finally {
    await db.close();
    await rm(out, { recursive: true, force: true });
  }
}

async function main() {
  const way = process.argv[2] as Way | undefined;
  if (way) {
    process.stdout.write(JSON.stringify(await child(way)));
    return;
  }
  console.log(`generating / reusing ${clubs} clubs in ${dataDir} …`);
  await pgliteFixture(dataDir, clubs);
  const { stdout: du } = await run('du', ['-sm', path.join(dataDir, 'pgdata')]);
  console.log(`data dir: ${du.split('\t')[0]} MB`);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
  const results: Figures[] = [];
  for (let i = 0; i < rounds; i += 1) {
    for (const w of ['dump', 'stream'] as const) {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', '--expose-gc', process.argv[1], w], { maxBuffer: 1 << 20 });
      const f = JSON.parse(stdout) as Figures;
      results.push(f);
      console.log(`${w.padEnd(6)} RSS before ${f.beforeMb.toFixed(0)} MB, peak +${f.peakAboveMb.toFixed(0)} MB, ${f.seconds.toFixed(2)} s, longest query wait ${f.longestWaitMs.toFixed(0)} ms, archive ${f.archiveMb.toFixed(1)} MB`);
    }
  }
  const median = (way: Way, key: keyof Omit<Figures, 'way'>) => {
    const xs = results.filter((r) => r.way === way).map((r) => r[key]).sort((a, b) => a - b);
    return xs[Math.floor(xs.length / 2)];
  };
  console.log('\n| | dumpDataDir (before) | streamed from disk (now) | now / before |');
  console.log('|---|---|---|---|');
  for (const [label, key, unit] of [
    ['peak RSS above the RSS before', 'peakAboveMb', 'MB'],
    ['backup time', 'seconds', 's'],
    ['longest wait of a query during it', 'longestWaitMs', 'ms'],
    ['archive', 'archiveMb', 'MB'],
  ] as const) {
    const a = median('dump', key);
    const b = median('stream', key);
    console.log(`| ${label} | ${a.toFixed(key === 'seconds' ? 2 : 0)} ${unit} | ${b.toFixed(key === 'seconds' ? 2 : 0)} ${unit} | ${(b / a).toFixed(2)}× |`);
  }
}

await main();
