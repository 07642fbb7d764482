// BENCH_DATABASE_URL=postgres://…/db_to_wipe npx tsx bench/platform-queries.ts
//
// Every SQL statement behind each screen read of bench/run.ts (session lookup and membership check
// included), captured from the real routes on a generated platform (default 1,000 clubs × 50 members,
// 6 units and 20 tasks per club, every member assigned all 20, half done: 500k completions, 1M
// point_events; BENCH_CLUBS scales it), then run under EXPLAIN (ANALYZE, BUFFERS) with the same
// parameters: median planning and execution time per statement, summed per read, the largest buffer
// count, and a warning for any sequential scan of a table that grows with the platform.
// BENCH_PLANS=1 prints every plan; BENCH_REUSE=1 keeps an already generated platform (given its events if it
// has dues and none); BENCH_ONLY=charges explains only the reads whose label contains one of the words.
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.js';
import { openPostgres } from '../src/server/db/postgres.js';
import { migrate } from '../src/server/db/migrate.js';
import type { Db } from '../src/server/db/index.js';
import { benchSize, ensureEvents, ensurePatrimonio, generatePlatform } from './platform-data.js';
import { ensureSecretaria } from './secretaria-data.js';
import { screenReads } from './endpoints.js';
import pg from 'pg';

const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error('BENCH_DATABASE_URL (a PostgreSQL database this bench may wipe) is required');
  process.exit(1);
}
// BENCH_BRAZIL=1: the platform of Brazil's shape (bench/platform-data.ts BRAZIL_SIZE; bench/brazil-generate.ts makes it).
const { clubs: CLUBS, size: SIZE } = benchSize();
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

interface Statement { sql: string; params: unknown[] }

/** The database with a tap on every statement sent while `recording` is set. */
function recording(db: Db): { db: Db; take: () => Statement[]; start: () => void } {
  let log: Statement[] | null = null;
  const tapped: Db = Object.create(db) as Db;
  tapped.query = async <T>(sql: string, params: readonly unknown[] = []) => {
    log?.push({ sql, params: [...params] });
    return db.query<T>(sql, params);
  };
  return {
    db: tapped,
    start: () => { log = []; },
    take: () => {
      const out = log ?? [];
      log = null;
      return out;
    },
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

interface Timing { planMs: number; execMs: number; buffers: number; plan: string }

async function explain(db: Db, s: Statement): Promise<Timing> {
  const plan: number[] = [];
  const exec: number[] = [];
  let text = '';
  let buffers = 0;
  // Writes (the session's sliding expiry, a login day) are explained inside a rolled-back transaction.
  for (let i = 0; i < RUNS; i += 1) {
    await db.transaction(async (tx) => {
      const rows = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${s.sql}`, s.params);
      text = rows.map((r) => r['QUERY PLAN']).join('\n');
      throw new RolledBack();
    }).catch((err: unknown) => { if (!(err instanceof RolledBack)) throw err; });
    plan.push(Number(/Planning Time: ([\d.]+) ms/.exec(text)?.[1] ?? 0));
    exec.push(Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1] ?? 0));
    const top = /Buffers: shared (?:hit=(\d+))?\s*(?:read=(\d+))?/.exec(text);
    buffers = Number(top?.[1] ?? 0) + Number(top?.[2] ?? 0);
  }
  return { planMs: median(plan), execMs: median(exec), buffers, plan: text };
}
class RolledBack extends Error {}

// The server sends every statement prepared (ADR 020). PostgreSQL plans the first five executions with
// the values (custom plans), then keeps one generic plan only if its estimate is not worse; a statement
// whose text makes the generic plan look worse (`($2 IS NULL OR …)`) is planned again on every request.
// This runs each statement prepared as the server does and reads the planning time of the 8th execution.
const planner = new pg.Client(url);
await planner.connect();
let prepared = 0;
/** An array parameter as PostgreSQL's array literal ('{"a","b"}'), anything else as text. */
const arrayLiteral = (xs: unknown[]) => `{${xs.map((x) => `"${String(x).replace(/(["\\])/g, '\\$1')}"`).join(',')}}`;
const literal = (v: unknown) => (v === null || v === undefined ? 'NULL'
  : typeof v === 'number' || typeof v === 'boolean' ? String(v)
    : `'${(typeof v === 'string' ? v : Array.isArray(v) ? arrayLiteral(v) : JSON.stringify(v)).replace(/'/g, "''")}'`);
async function preparedPlanMs(s: Statement): Promise<number> {
  if (!/^\s*(SELECT|WITH)\b/i.test(s.sql)) return 0;
  const name = `bench_${prepared++}`;
  await planner.query(`PREPARE ${name} AS ${s.sql}`);
  const args = s.params.length ? `(${s.params.map(literal).join(', ')})` : '';
  for (let i = 0; i < 7; i += 1) await planner.query(`EXECUTE ${name}${args}`);
  const rows = await planner.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE) EXECUTE ${name}${args}`);
  await planner.query(`DEALLOCATE ${name}`);
  return Number(/Planning Time: ([\d.]+) ms/.exec(rows.rows.map((r) => r['QUERY PLAN']).join('\n'))?.[1] ?? 0);
}

const base = openPostgres(url, { max: 4 });
if (process.env.BENCH_REUSE !== '1') await base.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
await migrate(base);
const [existing] = await base.query<{ n: number }>('SELECT count(*)::int AS n FROM clubs');
if (!existing || existing.n < CLUBS) await generatePlatform(base, { clubs: CLUBS, ...SIZE });
else if (SIZE.events !== false) await ensureEvents(base);
if (SIZE.events !== false) await ensureSecretaria(base);
if (SIZE.events !== false) await ensurePatrimonio(base);
// BENCH_ONLY=charges explains only the reads whose label contains one of the words.
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').map((w) => w.trim()).filter(Boolean);

// A sequential scan is worth a warning on a table that grows with the platform (here: over 10,000 rows).
const BIG_TABLES = (await base.query<{ relname: string }>(
  `SELECT relname FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace AND reltuples > 10000`)).map((r) => r.relname);
const tap = recording(base);
const dataDir = await mkdtemp(path.join(tmpdir(), 'trilha-queries-'));
// Kept answers off (ADR 026): a repeated read would otherwise be answered from memory and show no statements.
const app = await buildApp({ db: tap.db, dataDir, answerCacheBytes: 0, limits: { apiPerMinute: 0, anonPerMinute: 0, signupsPerHour: 0, clubsPerAccount: 0 } });
await app.listen({ port: 0, host: '127.0.0.1' });
const reads = await screenReads(base, `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, CLUBS);
const [selectOne] = [await explain(base, { sql: 'SELECT 1', params: [] })];

console.log(`\nOne club of ${CLUBS}; every statement of each read, median of ${RUNS} EXPLAIN (ANALYZE, BUFFERS) runs.`);
console.log('| read | statements | planning ms | planning ms, prepared (8th run) | execution ms | buffers (all statements) | slowest statement (exec ms, buffers) |\n|---|---|---|---|---|---|---|');
const warnings: string[] = [];
for (const [label, target, cookie] of [...reads.endpoints, ...reads.explainOnly]) {
  if (ONLY.length > 0 && !ONLY.some((w) => label.includes(w))) continue;
  // Once to warm the caches, then the statements of a second call.
  await fetch(target, { headers: cookie ? { cookie } : {} });
  tap.start();
  const res = await fetch(target, { headers: cookie ? { cookie } : {} });
  await res.arrayBuffer();
  const statements = tap.take();
  let plan = 0;
  let replan = 0;
  let exec = 0;
  let buffers = 0;
  let slowest = { exec: 0, buffers: 0, sql: '' };
  for (const s of statements) {
    const t = await explain(base, s);
    plan += t.planMs;
    replan += await preparedPlanMs(s);
    exec += t.execMs;
    buffers += t.buffers;
    if (t.execMs >= slowest.exec) slowest = { exec: t.execMs, buffers: t.buffers, sql: s.sql };
    for (const table of BIG_TABLES) {
      if (new RegExp(`Seq Scan on ${table}\\b`).test(t.plan)) warnings.push(`${label}: sequential scan of ${table} in ${s.sql.replace(/\s+/g, ' ').slice(0, 90)}…`);
    }
    if (process.env.BENCH_PLANS) console.log(`\n--- ${label}\n${s.sql}\n${t.plan}\n`);
  }
  const first = slowest.sql.replace(/\s+/g, ' ').trim().slice(0, 60).replace(/\|/g, '/');
  console.log(`| ${label} | ${statements.length} | ${plan.toFixed(2)} | ${replan.toFixed(2)} | ${exec.toFixed(2)} | ${buffers} | ${slowest.exec.toFixed(2)} ms, ${slowest.buffers} buffers: \`${first}…\` |`);
}
console.log(`\nSELECT 1 for scale: planning ${selectOne.planMs.toFixed(3)} ms, execution ${selectOne.execMs.toFixed(3)} ms.`);
for (const w of warnings) console.log(`warning: ${w}`);
await planner.end();
await app.close();
await base.close();
await rm(dataDir, { recursive: true, force: true });
