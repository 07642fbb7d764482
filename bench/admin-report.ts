// npx tsx bench/admin-report.ts : time of the super admin's heavy reads (platform report, club list,
// user search) on a generated platform. BENCH_DATABASE_URL=postgres://…/db_to_wipe adds a PostgreSQL run
// (its public schema is dropped and recreated). BENCH_SCALE multiplies the data (default 1).
import { onEachEngine } from './engines.js';
import { migrate } from '../src/server/db/migrate.js';
import type { Db } from '../src/server/db/index.js';
import * as repo from '../src/server/admin/repo.js';
import { REPORT_TIMEZONE } from '../src/shared/admin.js';
import { medianTime } from './median-time.js';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const N = { clubs: 200 * SCALE, users: 20_000 * SCALE, tasksPerClub: 20, completions: 100_000 * SCALE };

async function generate(db: Db): Promise<void> {
  await db.query(`INSERT INTO profiles (full_name, email, password_hash, created_at)
                  SELECT 'Pessoa ' || i, 'p' || i || '@bench.test', 'x', now() - (i % 700) * interval '1 day'
                    FROM generate_series(1, $1) i`, [N.users]);
  await db.query(`INSERT INTO clubs (name, slug, created_at)
                  SELECT 'Clube ' || i, 'clube-' || i, now() - (i % 700) * interval '1 day' FROM generate_series(1, $1) i`, [N.clubs]);
  // Every person in one club, the first of each club its admin.
  await db.query(`INSERT INTO club_members (club_id, profile_id, role)
                  SELECT c.id, p.id, CASE WHEN p.rn <= $1 THEN 'admin' ELSE 'member' END
                    FROM (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM profiles) p
                    JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM clubs) c ON c.k = p.rn % $1`, [N.clubs]);
  await db.query(`INSERT INTO tasks (club_id, title) SELECT c.id, 'Tarefa ' || t FROM clubs c, generate_series(1, $1) t`, [N.tasksPerClub]);
  // One assignment per (task, member) pair used, and N completions spread over them and 400 days.
  await db.query(`WITH m AS (SELECT cm.club_id, cm.profile_id, row_number() OVER () AS rn FROM club_members cm),
                       t AS (SELECT id, club_id, row_number() OVER (PARTITION BY club_id ORDER BY id) AS k FROM tasks)
                  INSERT INTO assigned_tasks (club_id, task_id, profile_id, status, completed_at)
                  SELECT DISTINCT m.club_id, t.id, m.profile_id, 'completed', now()
                    FROM generate_series(1, $1) g
                    JOIN m ON m.rn = 1 + g % (SELECT count(*) FROM club_members)
                    JOIN t ON t.club_id = m.club_id AND t.k = 1 + g % $2`, [N.completions, N.tasksPerClub]);
  await db.query(`WITH a AS (SELECT id, club_id, task_id, profile_id, row_number() OVER () AS rn FROM assigned_tasks)
                  INSERT INTO task_completions (club_id, task_id, profile_id, assignment_id, points, completed_at)
                  SELECT a.club_id, a.task_id, a.profile_id, a.id, 10, now() - (g % 400) * interval '1 day'
                    FROM generate_series(1, $1) g JOIN a ON a.rn = 1 + g % (SELECT count(*) FROM assigned_tasks)`, [N.completions]);
  await db.query(`INSERT INTO login_days (profile_id, day)
                  SELECT p.id, current_date - d FROM profiles p, generate_series(0, 59, 7) d WHERE abs(hashtext(p.id::text)) % 3 = 0`);
  await db.query(`INSERT INTO sessions (token_hash, profile_id, expires_at, last_seen_at)
                  SELECT md5(p.id::text), p.id, now() + interval '1 day', now() - (abs(hashtext(p.id::text)) % 90) * interval '1 day'
                    FROM profiles p`);
  if (db.engine === 'postgres') await db.exec('ANALYZE');
}

async function benchEngine(engine: string, db: Db): Promise<void> {
  await migrate(db);
  const t0 = performance.now();
  await generate(db);
  const [counts] = await db.query<{ p: number; c: number; tc: number; ld: number }>(
    `SELECT (SELECT count(*)::int FROM profiles) AS p, (SELECT count(*)::int FROM clubs) AS c,
            (SELECT count(*)::int FROM task_completions) AS tc, (SELECT count(*)::int FROM login_days) AS ld`);
  console.log(`[${engine}] data: ${counts.p} accounts, ${counts.c} clubs, ${counts.tc} completions, ${counts.ld} login days (${((performance.now() - t0) / 1000).toFixed(1)} s to generate)`);
  await medianTime('platform stats (4 counters)', engine, () => repo.platformStats(db), 5);
  await medianTime('monthly report, 12 months', engine, () => repo.monthlyReport(db, 12, REPORT_TIMEZONE), 5);
  await medianTime('monthly report, 36 months', engine, () => repo.monthlyReport(db, 36, REPORT_TIMEZONE), 5);
  await medianTime('members active in 30 days', engine, () => repo.activeMembers30d(db), 5);
  await medianTime('active members by club (top 10)', engine, () => repo.activeMembersByClub(db, 10), 5);
  await medianTime('club list, first page of 50', engine, () => repo.listClubsPage(db, '', null, 50), 5);
  const [club] = await db.query<{ at: string; id: string }>(`SELECT created_at::text AS at, id FROM clubs ORDER BY created_at DESC, id DESC OFFSET 900 LIMIT 1`);
  if (club) await medianTime('club list, page after club 900 (keyset)', engine, () => repo.listClubsPage(db, '', [club.at, club.id], 50), 5);
  await medianTime('user search "pessoa 12", first page', engine, () => repo.searchUsers(db, 'pessoa 12', null, 50), 5);
  const [user] = await db.query<{ s: boolean; n: string; id: string }>(
    `SELECT user_type <> 'super_admin' AS s, lower(full_name) AS n, id FROM profiles WHERE password_hash IS NOT NULL
      ORDER BY user_type <> 'super_admin', lower(full_name), id OFFSET ${50 * 99} LIMIT 1`);
  if (user) await medianTime('user list, no filter, page 100 (keyset)', engine, () => repo.searchUsers(db, '', [user.s, user.n, user.id], 50), 5);
  await db.close();
}

await onEachEngine(benchEngine);
