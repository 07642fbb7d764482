// npx tsx bench/ranking.ts : ranking views over a large ledger, and task completions with the
// award engine evaluating seven automatic badges. BENCH_DATABASE_URL (a database to wipe) adds PostgreSQL.
import { openPglite } from '../src/server/db/pglite.js';
import { openPostgres } from '../src/server/db/postgres.js';
import { migrate } from '../src/server/db/migrate.js';
import type { Db } from '../src/server/db/index.js';
import { completeTask } from '../src/server/progress/service.js';
import { individualRanking, unitRanking } from '../src/server/ranking/repo.js';

const MEMBERS = 300;
const EVENTS = 100_000;
const RUNS = 20;

async function time(label: string, runs: number, fn: () => Promise<unknown>): Promise<void> {
  await fn();
  const start = performance.now();
  for (let i = 0; i < runs; i += 1) await fn();
  const ms = (performance.now() - start) / runs;
  console.log(`  ${label.padEnd(52)} ${ms.toFixed(1)} ms`);
}

async function bench(label: string, db: Db): Promise<void> {
  await migrate(db);
  const [club] = await db.query<{ id: string }>(`INSERT INTO clubs (name, slug) VALUES ('Bench', 'bench-ranking') RETURNING id`);
  await db.query(`INSERT INTO units (club_id, name) SELECT $1, 'Unidade ' || g FROM generate_series(1, 8) g`, [club.id]);
  await db.query(
    `WITH p AS (INSERT INTO profiles (full_name) SELECT 'Membro ' || g FROM generate_series(1, $2::int) g RETURNING id)
     INSERT INTO club_members (club_id, profile_id, unit_id)
     SELECT $1, p.id, (SELECT id FROM units WHERE club_id = $1 ORDER BY random() LIMIT 1) FROM p`,
    [club.id, MEMBERS],
  );
  await db.query(
    `INSERT INTO periods (club_id, name, start_date, end_date)
     SELECT $1, 'Trimestre ' || g, now() - make_interval(days => 90 * g), now() - make_interval(days => 90 * (g - 1)) FROM generate_series(1, 4) g`,
    [club.id],
  );
  await db.query(
    `INSERT INTO point_events (club_id, profile_id, unit_id, source, points, reason, occurred_at)
     SELECT $1, m.profile_id, m.unit_id, 'manual', (random() * 20)::int + 1, 'bench', now() - random() * interval '360 days'
       FROM generate_series(1, $2::int) g
       JOIN LATERAL (SELECT profile_id, unit_id FROM club_members WHERE club_id = $1 AND g > 0 ORDER BY random() LIMIT 1) m ON true`,
    [club.id, EVENTS],
  );
  await db.exec('ANALYZE');
  const [period] = await db.query<{ id: string }>(`SELECT id FROM periods WHERE club_id = $1 LIMIT 1`, [club.id]);
  console.log(`[${label}] ${MEMBERS} members, 8 units, ${EVENTS} ledger events`);
  await time('individual ranking (geral)', RUNS, () => individualRanking(db, club.id));
  await time('individual ranking (one period)', RUNS, () => individualRanking(db, club.id, period.id));
  await time('unit ranking (geral)', RUNS, () => unitRanking(db, club.id));
  await time('unit ranking (one period)', RUNS, () => unitRanking(db, club.id, period.id));

  // Completions: each one runs the award engine (auto badges none reachable, so all evaluated).
  const criteria = [['task_count', 'count'], ['points_total', 'points'], ['login_streak', 'days'], ['ranking_position', 'position'], ['badge_count', 'count'], ['task_perfect', 'count'], ['membership_duration', 'days']];
  for (const [type, field] of criteria.filter(([t]) => t !== 'ranking_position')) {
    await db.query(`INSERT INTO badges (name, description, icon_svg, badge_type, auto_criteria) VALUES ($1, 'b', '<svg/>', 'auto', $2::jsonb)`,
      [`Bench ${type}`, JSON.stringify({ type, [field]: type === 'ranking_position' ? 0 : 1_000_000 })]);
  }
  const [task] = await db.query<{ id: string }>(`INSERT INTO tasks (club_id, title, type, points) VALUES ($1, 'Repetir', 'accumulative', 1) RETURNING id`, [club.id]);
  const [admin] = await db.query<{ profile_id: string }>(`SELECT profile_id FROM club_members WHERE club_id = $1 LIMIT 1`, [club.id]);
  const access = { clubId: club.id, profileId: admin.profile_id, role: 'admin', isAdmin: true, viaSuperAdmin: false };
  await time('completion + engine (6 criteria, no ranking badge)', 50, () => completeTask(db, access, task.id, {}));
  await db.query(`INSERT INTO badges (name, description, icon_svg, badge_type, auto_criteria) VALUES ('Bench ranking', 'b', '<svg/>', 'auto', '{"type":"ranking_position","position":0}')`);
  await time('completion + engine (all 7 criteria)', 50, () => completeTask(db, access, task.id, {}));
  await db.close();
}

await bench('pglite', await openPglite());
if (process.env.BENCH_DATABASE_URL) {
  const db = openPostgres(process.env.BENCH_DATABASE_URL);
  await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  await bench('postgres', db);
}
