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

const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error('BENCH_DATABASE_URL (a PostgreSQL database this bench may wipe) is required');
  process.exit(1);
}
const CLUBS = Number(process.env.BENCH_CLUBS ?? 1000);
const MEMBERS = 50;
const UNITS = 6;
const TASKS = 20;
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

async function step(label: string, fn: () => Promise<unknown>): Promise<void> {
  const start = performance.now();
  await fn();
  console.log(`  ${label.padEnd(44)} ${((performance.now() - start) / 1000).toFixed(1)} s`);
}

async function generate(db: Db): Promise<void> {
  console.log(`Generating ${CLUBS} clubs × ${MEMBERS} members, ${UNITS} units and ${TASKS} tasks per club…`);
  await step('clubs, units, members', () => db.exec(`
    CREATE TEMP TABLE b_clubs AS SELECT g AS n, gen_random_uuid() AS id FROM generate_series(1, ${CLUBS}) g;
    INSERT INTO clubs (id, name, slug, created_at)
      SELECT id, 'Clube ' || n, 'clube-' || n, now() - make_interval(days => n % 700) FROM b_clubs;
    CREATE TEMP TABLE b_units AS
      SELECT c.n AS club_n, c.id AS club_id, k, gen_random_uuid() AS id FROM b_clubs c, generate_series(1, ${UNITS}) k;
    INSERT INTO units (id, club_id, name) SELECT id, club_id, 'Unidade ' || k FROM b_units;
    CREATE TEMP TABLE b_members AS
      SELECT c.n AS club_n, c.id AS club_id, i, gen_random_uuid() AS profile_id FROM b_clubs c, generate_series(1, ${MEMBERS}) i;
    INSERT INTO profiles (id, full_name, email, created_at)
      SELECT profile_id, 'Membro ' || club_n || '-' || i, 'm' || club_n || '.' || i || '@bench.test', now() - make_interval(days => i * 7)
        FROM b_members;
    INSERT INTO club_members (club_id, profile_id, role, unit_id)
      SELECT m.club_id, m.profile_id, CASE WHEN m.i = 1 THEN 'admin' ELSE 'member' END, u.id
        FROM b_members m JOIN b_units u ON u.club_n = m.club_n AND u.k = m.i % ${UNITS} + 1;
    INSERT INTO periods (club_id, name, start_date, end_date)
      SELECT c.id, 'Trimestre ' || q, now() - make_interval(days => 90 * q), now() - make_interval(days => 90 * (q - 1))
        FROM b_clubs c, generate_series(1, 4) q;`));
  await step('tasks and assignments (every member, every task)', () => db.exec(`
    CREATE TEMP TABLE b_tasks AS
      SELECT c.n AS club_n, c.id AS club_id, j, gen_random_uuid() AS id FROM b_clubs c, generate_series(1, ${TASKS}) j;
    INSERT INTO tasks (id, club_id, title, type, points, due_date, created_at)
      SELECT id, club_id, 'Tarefa ' || j, CASE WHEN j % 5 = 0 THEN 'accumulative' ELSE 'check' END, 10 + j,
             now() + make_interval(days => j), now() - make_interval(days => j)
        FROM b_tasks;
    INSERT INTO assigned_tasks (club_id, task_id, profile_id, status, completed_at)
      SELECT t.club_id, t.id, m.profile_id,
             CASE WHEN (m.i + t.j) % 2 = 0 THEN 'completed' ELSE 'pending' END,
             CASE WHEN (m.i + t.j) % 2 = 0 THEN now() - make_interval(hours => (m.i * t.j) % 2000) END
        FROM b_tasks t JOIN b_members m ON m.club_n = t.club_n;`));
  await step('completions (half of the assignments)', () => db.exec(`
    INSERT INTO task_completions (club_id, task_id, profile_id, assignment_id, points, completed_at)
      SELECT a.club_id, a.task_id, a.profile_id, a.id, t.points, a.completed_at
        FROM assigned_tasks a JOIN tasks t ON t.id = a.task_id
       WHERE a.status = 'completed';`));
  await step('ledger (one event per completion + manual)', () => db.exec(`
    INSERT INTO point_events (club_id, profile_id, unit_id, source, task_id, points, occurred_at)
      SELECT tc.club_id, tc.profile_id, cm.unit_id, 'task_completion', tc.task_id, tc.points, tc.completed_at
        FROM task_completions tc JOIN club_members cm ON cm.club_id = tc.club_id AND cm.profile_id = tc.profile_id;
    INSERT INTO point_events (club_id, profile_id, unit_id, source, reason, points, occurred_at)
      SELECT m.club_id, m.profile_id, u.id, 'manual', 'Presença', (m.i * r) % 20 + 1, now() - make_interval(hours => (m.i * r * 7) % 8000)
        FROM b_members m JOIN b_units u ON u.club_n = m.club_n AND u.k = m.i % ${UNITS} + 1,
             generate_series(1, ${TASKS / 2}) r;`));
  await step('VACUUM ANALYZE', () => db.exec('VACUUM ANALYZE'));
  const counts = await db.query<Record<string, string>>(`
    SELECT (SELECT count(*) FROM club_members) AS members, (SELECT count(*) FROM assigned_tasks) AS assignments,
           (SELECT count(*) FROM task_completions) AS completions, (SELECT count(*) FROM point_events) AS point_events`);
  console.log(`  rows: ${Object.entries(counts[0]).map(([k, v]) => `${k} ${Number(v).toLocaleString('en')}`).join(', ')}`);
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
await generate(db);

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
