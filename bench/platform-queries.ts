// BENCH_DATABASE_URL=postgres://…/db_to_wipe npx tsx bench/platform-queries.ts
//
// Generates a platform-sized club network on PostgreSQL with generate_series (default 1,000 clubs ×
// 50 members, 6 units and 20 tasks per club, every member assigned all 20 tasks, half of them done:
// 500k completions; 1M point_events — BENCH_CLUBS scales it), then times two hot reads of one
// club with EXPLAIN (ANALYZE, BUFFERS): a member's Minhas Tarefas and the individual ranking. Each
// is printed as a ratio to a trivial SELECT 1 measured the same way in the same run, and as a
// client round trip against the round trip of SELECT 1. The schema of that database is dropped.
import { openPostgres } from '../src/server/db/postgres.js';
import { migrate } from '../src/server/db/migrate.js';
import type { Db, Queryable } from '../src/server/db/index.js';
import { listMemberTasks } from '../src/server/progress/repo.js';
import { individualRanking } from '../src/server/ranking/repo.js';
import { DEFAULT_SIZE, generatePlatform } from './platform-data.js';

const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error('BENCH_DATABASE_URL (a PostgreSQL database this bench may wipe) is required');
  process.exit(1);
}
const CLUBS = Number(process.env.BENCH_CLUBS ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

/** The SQL and parameters a repository function would send, without running it. */
async function captureSql(fn: (q: Queryable) => Promise<unknown>): Promise<{ sql: string; params: unknown[] }> {
  let captured: { sql: string; params: unknown[] } | null = null;
  const q: Queryable = {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      captured = { sql, params: [...params] };
      return [] as T[];
    },
    async exec() {},
  };
  await fn(q);
  if (!captured) throw new Error('no query captured');
  return captured;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

interface Timing {
  executionMs: number;
  roundTripMs: number;
  plan: string;
}

/** Median EXPLAIN (ANALYZE, BUFFERS) execution time and median client round trip of the plain query. */
async function measure(db: Db, sql: string, params: unknown[]): Promise<Timing> {
  const exec: number[] = [];
  const trip: number[] = [];
  let plan = '';
  await db.query(sql, params);
  for (let i = 0; i < RUNS; i += 1) {
    const rows = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
    plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    const m = /Execution Time: ([\d.]+) ms/.exec(plan);
    if (!m) throw new Error(`no execution time in plan:\n${plan}`);
    exec.push(Number(m[1]));
    const start = performance.now();
    await db.query(sql, params);
    trip.push(performance.now() - start);
  }
  return { executionMs: median(exec), roundTripMs: median(trip), plan };
}

const db = openPostgres(url, { max: 2 });
await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
await migrate(db);
await generatePlatform(db, { clubs: CLUBS, ...DEFAULT_SIZE });

const [club] = await db.query<{ id: string }>(`SELECT id FROM clubs WHERE slug = $1`, [`clube-${Math.ceil(CLUBS / 2)}`]);
const [member] = await db.query<{ profile_id: string }>(
  `SELECT profile_id FROM club_members WHERE club_id = $1 AND role = 'member' ORDER BY profile_id LIMIT 1`, [club.id]);

const baseline = await measure(db, 'SELECT 1', []);
const myTasks = await captureSql((q) => listMemberTasks(q, club.id, member.profile_id));
const ranking = await captureSql((q) => individualRanking(q, club.id));
const results: [string, Timing][] = [
  ['my-tasks (one member)', await measure(db, myTasks.sql, myTasks.params)],
  ['ranking/individual (one club)', await measure(db, ranking.sql, ranking.params)],
];

if (process.env.BENCH_PLANS) {
  for (const [label, t] of results) console.log(`\n--- ${label}\n${t.plan}`);
}
console.log(`\nOne club of ${CLUBS}; median of ${RUNS} runs each.`);
console.log(`  ${'query'.padEnd(32)} ${'EXPLAIN exec'.padStart(13)} ${'× SELECT 1'.padStart(11)} ${'round trip'.padStart(11)} ${'× SELECT 1'.padStart(11)}`);
const row = (label: string, t: Timing) =>
  console.log(`  ${label.padEnd(32)} ${`${t.executionMs.toFixed(3)} ms`.padStart(13)} ${(t.executionMs / baseline.executionMs).toFixed(0).padStart(11)} ${`${t.roundTripMs.toFixed(2)} ms`.padStart(11)} ${(t.roundTripMs / baseline.roundTripMs).toFixed(1).padStart(11)}`);
row('SELECT 1 (baseline)', baseline);
for (const [label, t] of results) row(label, t);
for (const [label, t] of results) {
  if (/Seq Scan on (task_completions|point_events)\b/.test(t.plan)) console.log(`  warning: ${label} scans a whole ledger table`);
}
await db.close();
