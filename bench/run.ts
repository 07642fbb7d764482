// npm run bench : every club read behind a screen, under 50 connections, on a generated platform
// (bench/platform-data.ts), each as a share of GET /api/auth/me measured in the same run on the same
// engine. PGlite always (BENCH_PGLITE_CLUBS, default 100 clubs); BENCH_DATABASE_URL (a database whose
// schema may be wiped) adds PostgreSQL (BENCH_CLUBS, default 1,000). BENCH_SECONDS per endpoint (default 5).
// The load comes from a child process (bench/load-worker.mjs), so the server's event loop and CPU are its own.
// BENCH_ONLY=ranking,badges measures only the endpoints whose label contains one of the words (auth/me always);
// BENCH_REUSE=1 keeps an already generated PostgreSQL platform instead of wiping it; BENCH_READS_ONLY=1 skips the writes.
// BENCH_WARMUP_SECONDS (default 1) of load before each measurement is not counted (first answer, JIT).
// BENCH_SESSIONS=N (default 1): the director's reads go out under N sessions of their own (N sign-ins),
// one after the other on each connection, so the server reads N different sessions, not one N times.
// BENCH_CPU_PROFILE=word: the server's process is profiled (V8 CPU profile) during each measured run whose
// label contains the word; the .cpuprofile files go to BENCH_CPU_PROFILE_DIR (default the temp dir).
import { Session } from 'node:inspector/promises';
import { fork, execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../src/server/app.js';
import { openPglite } from '../src/server/db/pglite.js';
import { openPostgres } from '../src/server/db/postgres.js';
import { migrate } from '../src/server/db/migrate.js';
import type { Db } from '../src/server/db/index.js';
import { DEFAULT_SIZE, benchSize, ensureEvents, ensurePatrimonio, generatePlatform } from './platform-data.js';
import { ensureSecretaria } from './secretaria-data.js';
import { DIRECTOR_EMAIL, logIn, screenReads, signInAs } from './endpoints.js';
import { individualRankingSql, unitRankingSql } from '../src/server/ranking/repo.js';
import { hash } from '@node-rs/argon2';
import { type ReplayShape, SIGN_SHAPE, type Statement, dropPgbenchTargets, loadPgbenchTargets, nodeBaseline, pgbenchFor, pgbenchRun, pgbenchScript, recordingDb, signTargets } from './programme-sign.js';
import { fanOut } from './fanout.js';
import { ROLL_CALL_SIZE, ROLL_SHAPE, rollCallBody, rollCallTargets, rollCallsWritten } from './roll-call-write.js';
import { PAYMENT_AMOUNT, PAY_SHAPE, paymentNodeBaseline, paymentStatement, paymentsWritten, payTargets } from './payment-write.js';
import Fastify from 'fastify';
import { loadavg } from 'node:os';

// BENCH_BRAZIL=1 (or --brazil): the PostgreSQL platform has Brazil's shape (bench/platform-data.ts BRAZIL_SIZE, 16,000 clubs by default).
const { size: SIZE, clubs: PG_CLUBS, name: SIZE_NAME } = benchSize();
const sizeOf = (engine: string) => (engine === 'postgres' ? SIZE : DEFAULT_SIZE);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
// What a browser sends (Chromium): answers from 1 KB up go compressed, as on a real screen. BENCH_ACCEPT_ENCODING= (empty) asks for plain JSON.
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd';

interface Result {
  label: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Bytes on the wire per answer (headers included). */
  bytes: number;
  /** CPU time of the server's process per answer (µs): with PGlite the database's work too. */
  cpuUs: number;
}

interface LoadAnswer { rps: number; total: number; p50: number; p95: number; p99: number; non2xx: number; errors: number; bytes: number }

const loader = fork(fileURLToPath(new URL('./load-worker.mjs', import.meta.url)), [], { stdio: 'inherit' });

// Each measurement is preceded by this much load on the same URL, not counted: the first seconds of a
// route pay its first answer, its serializer's compilation and V8's optimisation, once per process.
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
const SESSIONS = Math.max(1, Number(process.env.BENCH_SESSIONS ?? 1));
/** The cookies a load sends in turn for one session cookie (the director's: all their sessions). */
const cookiesOf = new Map<string, string[]>();

const PROFILE = process.env.BENCH_CPU_PROFILE ?? '';

async function hit(label: string, url: string, cookie: string): Promise<Result> {
  if (WARMUP_S > 0) await load(label, url, cookie, WARMUP_S);
  if (!PROFILE || !label.includes(PROFILE)) return load(label, url, cookie, DURATION_S);
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  // BENCH_CPU_PROFILE_INTERVAL: µs between samples (V8's default is 1,000).
  if (process.env.BENCH_CPU_PROFILE_INTERVAL) await session.post('Profiler.setSamplingInterval', { interval: Number(process.env.BENCH_CPU_PROFILE_INTERVAL) });
  await session.post('Profiler.start');
  try {
    return await load(label, url, cookie, DURATION_S);
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    const file = path.join(process.env.BENCH_CPU_PROFILE_DIR ?? tmpdir(), `bench-${label.replace(/[^\w-]+/g, '_')}-${Date.now()}.cpuprofile`);
    await writeFile(file, JSON.stringify(profile));
    console.log(`  (CPU profile of ${label}: ${file})`);
  }
}

function load(label: string, url: string, cookie: string, duration: number): Promise<Result> {
  return new Promise((resolve, reject) => {
    const cpu = process.cpuUsage();
    loader.once('message', (m) => {
      const r = m as LoadAnswer;
      const used = process.cpuUsage(cpu);
      const cpuUs = (used.user + used.system) / Math.max(1, r.total);
      if (r.non2xx > 0 || r.errors > 0) reject(new Error(`${label}: ${r.non2xx} non-2xx answers, ${r.errors} errors`));
      else resolve({ label, rps: r.rps, p50: r.p50, p95: r.p95, p99: r.p99, bytes: r.bytes, cpuUs });
    });
    loader.send({ url, cookies: cookiesOf.get(cookie) ?? [cookie], acceptEncoding: ACCEPT_ENCODING, connections: CONNECTIONS, duration });
  });
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

/** Waits until the server answers again after a run (requests cut off by the load's end drain first). */
async function settle(url: string, cookie: string, after: string): Promise<void> {
  const start = performance.now();
  for (;;) {
    const res = await fetch(url, { headers: { cookie }, signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    if (res.ok) break;
  }
  const ms = performance.now() - start;
  if (ms > 200) console.log(`  (after ${after} the server took ${ms.toFixed(0)} ms to answer again)`);
}

const CHANGING = 'members (first page of 50), the club written 20×/s';
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').map((w) => w.trim()).filter(Boolean);
const selected = (label: string) => ONLY.length === 0 || ONLY.some((w) => label.includes(w));
// BENCH_READS_ONLY=1: the reads alone, none of the writes (signing, payment, roll call, fan-out), which change the platform.
const READS_ONLY = process.env.BENCH_READS_ONLY === '1';
const selectedWrite = (label: string) => !READS_ONLY && selected(label);

/** pgbench on one SQL statement, same connections, prepared: the database's own ceiling for a read. */
async function pgbenchTps(url: string, sql: string): Promise<number> {
  return (await pgbenchFor(url, `${sql};\n`, CONNECTIONS, DURATION_S)).tps;
}

async function benchEngine(engine: string, db: Db, clubs: number, pgUrl?: string): Promise<void> {
  await migrate(db);
  const [existing] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM clubs');
  if (!existing || existing.n < clubs) {
    const t0 = performance.now();
    await generatePlatform(db, { clubs, ...sizeOf(engine) });
    console.log(`[${engine}] generated ${clubs} clubs in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  } else {
    if (sizeOf(engine).events !== false) await ensureEvents(db);
  }
  // The secretaria's books only when measured (Brazil's size has none generated: millions of rows more).
  if (sizeOf(engine) === DEFAULT_SIZE || selected('secretaria')) await ensureSecretaria(db);
  if (sizeOf(engine) === DEFAULT_SIZE || selected('patrimonio')) await ensurePatrimonio(db);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'trilha-bench-'));
  // No request limits: a benchmark is a few accounts flooding on purpose.
  const responseSerializer = process.env.BENCH_SERIALIZER === 'zod' ? 'zod' : 'compiled';
  console.log(`[${engine}] response serializer: ${responseSerializer}`);
  // BENCH_ANSWER_CACHE=0: every read runs its query (ADR 026); by default a repeated read of unchanged data is answered from memory.
  const answerCacheBytes = process.env.BENCH_ANSWER_CACHE === '0' ? 0 : undefined;
  console.log(`[${engine}] kept answers (ADR 026): ${answerCacheBytes === 0 ? 'off' : 'on'}; Accept-Encoding: ${ACCEPT_ENCODING || '(none)'}`);
  const app = await buildApp({ db, dataDir, responseSerializer, answerCacheBytes, limits: { apiPerMinute: 0, anonPerMinute: 0, signupsPerHour: 0, clubsPerAccount: 0 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const { club, period, admin, endpoints } = await screenReads(db, base, clubs);
  if (SESSIONS > 1) {
    const more = await Promise.all(Array.from({ length: SESSIONS - 1 }, () => logIn(base, DIRECTOR_EMAIL)));
    cookiesOf.set(admin, [admin, ...more]);
    console.log(`[${engine}] the director's reads go out under ${SESSIONS} sessions in turn`);
  }
  // auth/me is measured before every endpoint and once more at the end; each endpoint's share is
  // against the mean of the two measurements around it, so a neighbour's load on the shared machine
  // moves the numerator and the denominator together.
  const meUrl = `${base}/api/auth/me`;
  const measured: Array<{ r: Result; before: Result }> = [];
  // A bare Fastify hello-world in this same process, measured before the first and after the last
  // auth/me: what the request path (session, guard, hooks, headers, serializer) costs over Fastify's own.
  const hello = Fastify({ logger: false });
  hello.get('/hello', async () => ({ hello: 'world' }));
  await hello.listen({ port: 0, host: '127.0.0.1' });
  const helloUrl = `http://127.0.0.1:${(hello.server.address() as AddressInfo).port}/hello`;
  const hellos = [await hit('bare Fastify hello-world', helloUrl, '')];
  const loads = [loadavg()[0] ?? 0];
  let last = await hit('auth/me (baseline)', meUrl, admin);
  const mes = [last];
  // The same members page while the club keeps changing (a write every 50 ms moves its data version,
  // ADR 026): what kept answers are worth when a club is busy, not only when it is quiet.
  const members = endpoints.findIndex(([label]) => label.startsWith('members'));
  if (members >= 0) endpoints.splice(members + 1, 0, [CHANGING, endpoints[members][1], admin]);
  for (const [label, url, cookie] of endpoints) {
    if (!selected(label)) continue;
    // One write at a time: on a loaded machine a write can outlast 50 ms, and two overlapping updates of
    // the club's units lock them in different orders (a deadlock of the bench, not of the app).
    let writing = false;
    const writer = label === CHANGING
      ? setInterval(() => {
        if (writing) return;
        writing = true;
        void db.query(`UPDATE units SET name = name WHERE club_id = $1`, [club.id]).finally(() => { writing = false; });
      }, 50)
      : null;
    measured.push({ r: await hit(label, url, cookie), before: last });
    if (writer) clearInterval(writer);
    await settle(meUrl, admin, label);
    last = await hit('auth/me (baseline)', meUrl, admin);
    mes.push(last);
    loads.push(loadavg()[0] ?? 0);
  }
  hellos.push(await hit('bare Fastify hello-world', helloUrl, ''));
  await hello.close();
  const meanMe = mes.reduce((a, m) => a + m.rps, 0) / mes.length;
  const me: Result = { ...mes[0], rps: meanMe, p50: median(mes.map((m) => m.p50)), p95: median(mes.map((m) => m.p95)), p99: median(mes.map((m) => m.p99)), cpuUs: median(mes.map((m) => m.cpuUs)) };
  const results = [me, ...measured.map((m) => m.r)];
  const share = new Map<string, number>([[me.label, 1]]);
  measured.forEach((m, i) => share.set(m.r.label, m.r.rps / ((m.before.rps + (mes[i + 1]?.rps ?? m.before.rps)) / 2)));
  console.log(`\n[${engine}] ${clubs} clubs × ${sizeOf(engine).members} members, ${CONNECTIONS} connections, ${DURATION_S} s each;`
    + ` auth/me is the mean of ${mes.length} runs, one between every two endpoints (min ${Math.min(...mes.map((m) => m.rps)).toFixed(0)}, max ${Math.max(...mes.map((m) => m.rps)).toFixed(0)})`);
  // Under a busy shared machine the req/s move a lot; the server's CPU time per answer much less. Its
  // ratio to auth/me's is the share the endpoint would reach if the server's CPU were the limit.
  const helloRps = (hellos[0].rps + (hellos[1]?.rps ?? hellos[0].rps)) / 2;
  const helloCpu = median(hellos.map((h) => h.cpuUs));
  console.log(`[${engine}] load average (1 min) during the run: ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} (${loads.length} readings)`);
  console.log(`[${engine}] bare Fastify hello-world: ${helloRps.toFixed(0)} req/s, ${helloCpu.toFixed(0)} µs CPU/answer; auth/me ÷ hello-world: ${((meanMe / helloRps) * 100).toFixed(0)} % (CPU: ${((helloCpu / me.cpuUs) * 100).toFixed(0)} %)`);
  console.log('| endpoint | req/s | p50 ms | p95 ms | p99 ms | bytes/answer | share of auth/me | server CPU µs/answer | auth/me CPU ÷ this |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(`| ${r.label} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p95.toFixed(0)} | ${r.p99} | ${r.bytes.toFixed(0)} | ${((share.get(r.label) ?? 0) * 100).toFixed(0)} % | ${r.cpuUs.toFixed(0)} | ${((me.cpuUs / r.cpuUs) * 100).toFixed(0)} % |`);
  }
  if (pgUrl && selected('ranking')) {
    // The ranking's own SQL as the repository sends it, on the same data, against the HTTP figure above.
    const p = period?.id ?? '';
    const rankingSql: Array<[string, string]> = [
      ['ranking/individual', individualRankingSql(club.id)],
      ['ranking/individual ?period', individualRankingSql(club.id, p)],
      ['ranking/units', unitRankingSql(club.id)],
      ['ranking/units ?period', unitRankingSql(club.id, p)],
    ];
    console.log(`\n[${engine}] ranking over HTTP vs pgbench on its SQL (-c ${CONNECTIONS} -j 2 -M prepared)`);
    console.log('| ranking | HTTP req/s | pgbench tps | HTTP / pgbench |\n|---|---|---|---|');
    for (const [label, sql] of rankingSql) {
      const httpRps = results.find((r) => r.label === label)?.rps ?? 0;
      const tps = await pgbenchTps(pgUrl, sql);
      console.log(`| ${label} | ${httpRps.toFixed(0)} | ${tps.toFixed(0)} | ${((httpRps / tps) * 100).toFixed(0)} % |`);
    }
  }
  if (selectedWrite('sign')) await signBench(engine, db, base, clubs, meUrl, admin, pgUrl);
  if (selectedWrite('payment')) await paymentBench(engine, db, base, clubs, meUrl, admin, pgUrl);
  if (selectedWrite('roll-call')) await rollCallBench(engine, db, base, clubs, meUrl, admin, pgUrl);
  if (selectedWrite('fan-out')) await fanOut(engine, db, base, clubs);
  const t = performance.now();
  for (let i = 0; i < 20; i += 1) await fetch(`${base}/api/admin/stats`, { headers: { cookie: admin }, signal: AbortSignal.timeout(10_000) });
  console.log(`\n[${engine}] admin/stats, one at a time: ${((performance.now() - t) / 20).toFixed(1)} ms average`);
  console.log(`[${engine}] server RSS after the run (load generator in its own process): ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);
  console.log(`[${engine}] kept answers: ${app.answers.hits} reads answered from memory, ${app.answers.misses} ran their query`);
  await app.close();
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
}

interface Floor { label: string; tps: number; p50: string; p95: string }

/**
 * A write's floor in this run: on PostgreSQL (with pgbench) the script over the targets loaded into the
 * shape's table, `n` transactions; otherwise `node` (the same statements or call from node).
 */
async function floorOf<T extends Record<string, unknown>>(
  db: Db, pgUrl: string | undefined, n: number, targets: T[], shape: ReplayShape, script: () => Promise<string> | string,
  node: { label: string; run: () => Promise<{ tps: number; latencies: number[] }> },
): Promise<Floor> {
  if (pgUrl && hasPgbench()) {
    await loadPgbenchTargets(db, targets, shape);
    const r = await pgbenchRun(pgUrl, await script(), CONNECTIONS, n);
    await dropPgbenchTargets(db, shape);
    if (/number of failed transactions: [1-9]/.test(r.out)) console.log(r.out);
    return { label: `pgbench -M prepared -c ${CONNECTIONS}`, tps: r.tps, p50: `${r.latencyMs.toFixed(1)} (mean)`, p95: '–' };
  }
  const r = await node.run();
  const sorted = [...r.latencies].sort((a, b) => a - b);
  return { label: `${node.label}, ${Math.min(CONNECTIONS, db.connections)} at a time`, tps: r.tps, p50: (sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(1), p95: (sorted[Math.floor(sorted.length * 0.95)] ?? 0).toFixed(1) };
}

/**
 * One write request's transaction, recorded on a second server over the same database: the request is
 * injected there, and of its transactions in turn (the session's own comes first) the one holding
 * `marker` is returned, BEGIN and COMMIT included. Throws unless the request answered 200.
 */
async function recordTransaction(db: Db, request: InjectOptions, marker: string): Promise<{ statements: Statement[]; body: string }> {
  const rec = recordingDb(db);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'trilha-record-'));
  const capture = await buildApp({ db: rec.db, dataDir, answerCacheBytes: 0, limits: { apiPerMinute: 0, anonPerMinute: 0, signupsPerHour: 0, clubsPerAccount: 0 } });
  rec.start();
  const answer = await capture.inject(request);
  const all = rec.take();
  await capture.close();
  // Its background writers (keys, backups) may still be closing files: a leftover temp dir is harmless.
  await rm(dataDir, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined);
  if (answer.statusCode !== 200) throw new Error(`${request.method} ${request.url} (recording): ${answer.statusCode} ${answer.body}`);
  const blocks: Statement[][] = [];
  for (const s of all) {
    if (s.sql === 'BEGIN') blocks.push([]);
    blocks[blocks.length - 1]?.push(s);
  }
  return { statements: blocks.find((b) => b.some((s) => s.sql.includes(marker))) ?? [], body: answer.body };
}

interface WritePost { method?: string; path: string; cookie?: string; body: string }

/** The writes over HTTP under CONNECTIONS, between two auth/me runs (their mean is the share's base). */
async function httpWrites(base: string, meUrl: string, admin: string, posts: WritePost[], what: string): Promise<{ http: LoadAnswer; meRps: number }> {
  const before = await hit('auth/me (baseline)', meUrl, admin);
  const http = await new Promise<LoadAnswer>((resolve) => {
    loader.once('message', (m) => resolve(m as LoadAnswer));
    loader.send({ url: base, connections: CONNECTIONS, posts });
  });
  await settle(meUrl, admin, what);
  const after = await hit('auth/me (baseline)', meUrl, admin);
  return { http, meRps: (before.rps + after.rps) / 2 };
}

/** A write's two rows: HTTP and its floor, each with what it wrote of `n`. */
function printWrite(title: string, noun: string, n: number, w: { http: LoadAnswer; meRps: number }, done: number, floor: Floor, floorDone: number): void {
  const { http, meRps } = w;
  console.log(`\n${title}`);
  console.log(`| write | per s | p50 ms | p95 ms | p99 ms | ${noun} written | HTTP ÷ baseline | share of auth/me |\n|---|---|---|---|---|---|---|---|`);
  console.log(`| HTTP, ${CONNECTIONS} connections | ${http.rps.toFixed(0)} | ${http.p50} | ${http.p95.toFixed(0)} | ${http.p99} | ${done} of ${n} | ${((http.rps / floor.tps) * 100).toFixed(0)} % | ${((http.rps / meRps) * 100).toFixed(1)} % |`);
  console.log(`| ${floor.label} | ${floor.tps.toFixed(0)} | ${floor.p50} | ${floor.p95} | – | ${floorDone} of ${n} | 100 % | – |`);
}

/** How many of the targets' (enrolment, requisito) pairs are signed. */
async function signaturesWritten(db: Db, targets: Array<{ e: string; r: string }>): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM programme_signatures WHERE (enrolment_id, requirement_id) IN (SELECT * FROM unnest($1::uuid[], $2::uuid[]))`,
    [targets.map((t) => t.e), targets.map((t) => t.r)]);
  return row?.n ?? 0;
}

/**
 * Signing a requisito as a write (bench/programme-sign.ts): BENCH_SIGN_WRITES (default 2,000) signatures
 * over HTTP, 50 at a time, each a requisito not signed yet in one of the first clubs, by that club's
 * director; then as many through the same SQL without the server: pgbench on PostgreSQL (-M prepared,
 * 50 clients), the statements run from node on PGlite. auth/me is measured before and after, as above.
 */
async function signBench(engine: string, db: Db, base: string, clubs: number, meUrl: string, admin: string, pgUrl?: string): Promise<void> {
  const writes = Number(process.env.BENCH_SIGN_WRITES ?? 2000);
  const skip = [`clube-${Math.ceil(clubs / 2)}`, `clube-${clubs}`];
  const targets = await signTargets(db, Math.max(1, Math.min(clubs - 2, Math.ceil((writes + 1) / 300))), skip, writes + 1);
  if (targets.http.length < 2 || targets.base.length < 1) {
    console.log(`\n[${engine}] sign: not enough unsigned requisitos (${targets.http.length}/${targets.base.length})`);
    return;
  }
  // Each club's director signs in its club; one password hash for all of them.
  const passwordHash = await hash('segredo123');
  const cookies = new Map<string, string>();
  for (const t of [...targets.http, ...targets.base]) {
    if (cookies.has(t.c)) continue;
    const email = `diretor-${t.d}@bench.test`;
    await db.query('UPDATE profiles SET email = $2, password_hash = $3 WHERE id = $1', [t.d, email, passwordHash]);
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-trilha-client': 'web' }, body: JSON.stringify({ email, password: 'segredo123' }),
    });
    if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
    cookies.set(t.c, (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '');
  }
  const [recorded, ...httpTargets] = targets.http;
  if (!recorded) return;
  const { statements, body } = await recordTransaction(db, {
    method: 'POST', url: `/api/clubs/${recorded.c}/programme/signatures`,
    headers: { cookie: cookies.get(recorded.c) ?? '', 'content-type': 'application/json', 'x-trilha-client': 'web' },
    payload: { requirement_id: recorded.r, member_ids: [recorded.m] },
  }, 'INSERT INTO programme_signatures');
  if ((JSON.parse(body) as { signed: number }).signed !== 1) throw new Error(`sign (recording): ${body}`);
  if (process.env.BENCH_SIGN_PRINT) console.log(pgbenchScript(statements, recorded));
  const n = Math.min(httpTargets.length, targets.base.length);
  const sent = httpTargets.slice(0, n);
  const w = await httpWrites(base, meUrl, admin, sent.map((t) => ({
    path: `/api/clubs/${t.c}/programme/signatures`, cookie: cookies.get(t.c), body: JSON.stringify({ requirement_id: t.r, member_ids: [t.m] }),
  })), 'signing');
  const done = await signaturesWritten(db, sent);
  const baseTargets = targets.base.slice(0, n);
  const floor = await floorOf(db, pgUrl, n, baseTargets, SIGN_SHAPE, () => pgbenchScript(statements, recorded),
    { label: 'the same statements from node', run: () => nodeBaseline(db, statements, recorded, baseTargets, CONNECTIONS) });
  printWrite(`[${engine}] signing a requisito (POST /programme/signatures, one member each, ${n} writes in ${cookies.size} clubs): HTTP vs ${floor.label} on the ${statements.length - 2} statements of its transaction`,
    'signatures', n, w, done, floor, await signaturesWritten(db, baseTargets));
}

/**
 * Recording a payment as a write (bench/payment-write.ts): BENCH_PAYMENT_WRITES (default 2,000) payments of
 * R$ 1,00, each on its own open charge, over HTTP under 50 connections, against charge_payment_register
 * run by pgbench (PostgreSQL) or from node (PGlite) on as many other charges of the same clubs.
 */
async function paymentBench(engine: string, db: Db, base: string, clubs: number, meUrl: string, admin: string, pgUrl?: string): Promise<void> {
  const writes = Number(process.env.BENCH_PAYMENT_WRITES ?? 2000);
  const skip = [`clube-${Math.ceil(clubs / 2)}`, `clube-${clubs}`];
  const { http: httpTargets, base: baseTargets } = await payTargets(db, Math.max(1, Math.min(clubs - 2, 10)), skip, writes);
  const n = Math.min(httpTargets.length, baseTargets.length);
  if (n < 1) {
    console.log(`\n[${engine}] payment: no open charges to pay`);
    return;
  }
  const sent = httpTargets.slice(0, n);
  const cookies = new Map<string, string>();
  for (const t of sent) {
    if (!cookies.has(t.c)) cookies.set(t.c, await signInAs(db, base, t.d, `tesouraria-${t.d}@bench.test`));
  }
  const w = await httpWrites(base, meUrl, admin, sent.map((t) => ({
    path: `/api/clubs/${t.c}/charges/${t.h}/payments`, cookie: cookies.get(t.c), body: JSON.stringify({ amount: PAYMENT_AMOUNT, cash_account_id: t.a, method: 'pix' }),
  })), 'payments');
  const done = await paymentsWritten(db, sent);
  const targets = baseTargets.slice(0, n);
  const floor = await floorOf(db, pgUrl, n, targets, PAY_SHAPE, async () => pgbenchScript([await paymentStatement(targets[0])], targets[0], PAY_SHAPE),
    { label: 'the same call from node', run: () => paymentNodeBaseline(db, targets, CONNECTIONS) });
  printWrite(`[${engine}] recording a payment (POST /charges/:id/payments, R$ 1,00 each, ${n} writes in ${cookies.size} clubs): HTTP vs ${floor.label} on charge_payment_register`,
    'payments', n, w, done, floor, await paymentsWritten(db, targets));
}

/**
 * Saving a roll call of 40 as a write (bench/roll-call-write.ts): BENCH_ROLL_CALL_WRITES (default 400) PUT
 * /meetings/:id/attendance, each on its own meeting of one club, against the statements of one save's
 * transaction, recorded from the route and replayed on as many other meetings (pgbench or node).
 */
async function rollCallBench(engine: string, db: Db, base: string, clubs: number, meUrl: string, admin: string, pgUrl?: string): Promise<void> {
  const writes = Number(process.env.BENCH_ROLL_CALL_WRITES ?? 400);
  const skip = [`clube-${Math.ceil(clubs / 2)}`, `clube-${clubs}`];
  const { http: targets, base: baseAll, members, criterion } = await rollCallTargets(db, skip, 2 * writes + 2);
  const body = rollCallBody(members, criterion);
  const [recorded, ...httpTargets] = targets;
  const cookie = await signInAs(db, base, recorded.d, `chamada-${recorded.d}@bench.test`);
  const { statements } = await recordTransaction(db, {
    method: 'PUT', url: `/api/clubs/${recorded.c}/meetings/${recorded.g}/attendance`,
    headers: { cookie, 'content-type': 'application/json', 'x-trilha-client': 'web' }, payload: body,
  }, 'INSERT INTO meeting_attendance');
  const n = Math.min(httpTargets.length, baseAll.length, writes);
  const sent = httpTargets.slice(0, n);
  const w = await httpWrites(base, meUrl, admin, sent.map((t) => ({
    method: 'PUT', path: `/api/clubs/${t.c}/meetings/${t.g}/attendance`, cookie, body,
  })), 'roll calls');
  const done = await rollCallsWritten(db, sent);
  const baseTargets = baseAll.slice(0, n);
  const floor = await floorOf(db, pgUrl, n, baseTargets, ROLL_SHAPE, () => pgbenchScript(statements, recorded, ROLL_SHAPE),
    { label: 'the same statements from node', run: () => nodeBaseline(db, statements, recorded, baseTargets, CONNECTIONS, ROLL_SHAPE) });
  printWrite(`[${engine}] saving a roll call of ${ROLL_CALL_SIZE} (PUT /meetings/:id/attendance, every member present with a criterion, ${n} meetings of one club): HTTP vs ${floor.label} on the ${statements.length - 2} statements of its transaction`,
    'roll calls', n, w, done, floor, await rollCallsWritten(db, baseTargets));
}

function hasPgbench(): boolean {
  try {
    execFileSync('pgbench', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const pgUrl = process.env.BENCH_DATABASE_URL;
// BENCH_PGLITE_DIR keeps the generated PGlite platform on disk: a later run (another build, alternating) reuses it.
if (process.env.BENCH_ENGINES !== 'postgres') {
  await benchEngine('pglite', await openPglite({ dataDir: process.env.BENCH_PGLITE_DIR || undefined }), Number(process.env.BENCH_PGLITE_CLUBS ?? 100));
}
if (pgUrl) {
  const db = openPostgres(pgUrl, { max: 20 });
  if (process.env.BENCH_REUSE !== '1') await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  console.log(`[postgres] platform shape: ${SIZE_NAME}`);
  await benchEngine('postgres', db, PG_CLUBS, pgUrl);
}
loader.kill();
process.exit(0);
