// npx tsx bench/memory.ts : resident memory of the compiled server process (as `npm start` runs it)
// on a generated platform, at start, at its peak and after the main club reads under load (50
// connections each, BENCH_SECONDS per endpoint, default 3). PGlite always (BENCH_PGLITE_CLUBS, default
// 100 clubs; the data dir is kept in BENCH_DATA_DIR, default $TMPDIR/trilha-bench-memory-<clubs>);
// BENCH_DATABASE_URL (a database whose schema may be wiped) adds PostgreSQL (BENCH_CLUBS, default 1,000).
// BENCH_BASELINE_JS=<older checkout>/dist/server/main.js measures that build first (node with BENCH_BASELINE_FLAGS, default --enable-source-maps).
import autocannon from 'autocannon';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BASELINE_FLAGS, buildCompiledServer, memoryOf, resetPeak, signIn, startServerProcess, waitIdle } from './server-process.js';
import { DIRECTOR_EMAIL, MEMBER_EMAIL, PASSWORD, pgliteFixture, postgresFixture, type Fixture } from './platform-fixture.js';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 3391);
// As a browser asks (bench/run.ts too): answers of 1 KB or more go compressed. Empty: plain JSON.
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd';

const mb = (n: number) => `${n.toFixed(0)} MB`;

const baselineJs = process.env.BENCH_BASELINE_JS;

async function measure(engine: string, env: Record<string, string>, fixture: Fixture): Promise<void> {
  if (baselineJs) await measureOne(`${engine}, baseline build`, env, fixture, { serverJs: baselineJs, nodeFlags: BASELINE_FLAGS });
  await measureOne(engine, env, fixture);
}

async function measureOne(engine: string, env: Record<string, string>, fixture: Fixture, baseline?: { serverJs: string; nodeFlags: string[] }): Promise<void> {
  const server = await startServerProcess(env, { port: PORT, ...(baseline ? { baseline } : {}) });
  try {
    // The jobs that run at start (the day's first backup of the embedded database included) finish first.
    await waitIdle(server.pid);
    const atStart = await memoryOf(server.pid);
    const peakReset = await resetPeak(server.pid);
    const admin = await signIn(server.base, DIRECTOR_EMAIL, PASSWORD);
    const kid = await signIn(server.base, MEMBER_EMAIL, PASSWORD);
    const c = `${server.base}/api/clubs/${fixture.clubId}`;
    const reads: Array<[string, string, string]> = [
      ['auth/me', `${server.base}/api/auth/me`, admin],
      ['dashboard', `${c}/dashboard`, admin],
      ['members', `${c}/members`, admin],
      ['tasks', `${c}/tasks`, admin],
      ['my-tasks', `${c}/my-tasks`, kid],
      ['approvals', `${c}/submissions?status=submitted`, admin],
      ['ranking/individual', `${c}/ranking/individual`, admin],
      ['ranking/individual ?period', `${c}/ranking/individual?period_id=${fixture.periodId}`, admin],
      ['ranking/units', `${c}/ranking/units`, admin],
      ['badges', `${c}/badges`, admin],
      ['finance/summary', `${c}/finance/summary`, admin],
      ['transactions', `${c}/transactions`, admin],
      ['admin/stats', `${server.base}/api/admin/stats`, admin],
    ];
    let peakSample = atStart.rss;
    const sampler = setInterval(() => {
      void memoryOf(server.pid).then((m) => { peakSample = Math.max(peakSample, m.rss); }, () => undefined);
    }, 100);
    const rows: string[] = [];
    for (const [label, url, cookie] of reads) {
      const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers: { cookie, ...(ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : {}) } });
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`${label}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
      const m = await memoryOf(server.pid);
      rows.push(`| ${label} | ${r.requests.average.toFixed(0)} | ${r.latency.p99} | ${mb(m.rss)} |`);
    }
    clearInterval(sampler);
    await new Promise((r) => setTimeout(r, 1000));
    const after = await memoryOf(server.pid);
    console.log(`\n[${engine}] ${CONNECTIONS} connections, ${DURATION_S} s per read; server started in ${server.readyMs.toFixed(0)} ms`);
    console.log('| read | req/s | p99 ms | RSS after it |\n|---|---|---|---|');
    for (const row of rows) console.log(row);
    const loadPeak = peakReset ? Math.max(after.hwm, peakSample) : peakSample;
    console.log(`\n[${engine}] server RSS: start ${mb(atStart.rss)} (peak while starting ${mb(atStart.hwm)}), ` +
      `peak under load ${mb(loadPeak)}${peakReset ? ' (VmHWM)' : ' (sampled)'}, after load ${mb(after.rss)}`);
  } finally {
    await server.stop();
  }
}

await buildCompiledServer();
const pgliteClubs = Number(process.env.BENCH_PGLITE_CLUBS ?? 100);
const dataDir = process.env.BENCH_DATA_DIR ?? path.join(tmpdir(), `trilha-bench-memory-${pgliteClubs}`);
if (process.env.BENCH_SKIP_PGLITE !== '1') {
  const fixture = await pgliteFixture(dataDir, pgliteClubs);
  await measure(`pglite, ${pgliteClubs} clubs`, { DATA_DIR: dataDir }, fixture);
}
const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) {
  const clubs = Number(process.env.BENCH_CLUBS ?? 1000);
  const fixture = await postgresFixture(pgUrl, clubs);
  await measure(`postgres, ${clubs} clubs`, { DATABASE_URL: pgUrl, DATA_DIR: path.join(tmpdir(), 'trilha-bench-memory-pg') }, fixture);
}
process.exit(0);
