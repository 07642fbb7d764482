// npx tsx bench/ranking-platform.ts : the ranking views of one club on a platform-sized PostgreSQL
// (1,000 clubs × 50 members, 1M ledger events, 4 periods per club), with EXPLAIN ANALYZE, to check
// that the club (and period) filter reaches the grouped ledger scan. BENCH_DATABASE_URL: a database
// to wipe (required). BENCH_SCALE multiplies clubs.
import { openPostgres } from '../src/server/db/postgres.js';
import { migrate } from '../src/server/db/migrate.js';
import { individualRanking, unitRanking } from '../src/server/ranking/repo.js';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL (a database to wipe) is required');
const CLUBS = 1000 * Number(process.env.BENCH_SCALE ?? 1);
const MEMBERS = 50;
const EVENTS = CLUBS * 1000;

const db = openPostgres(url);
await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
await migrate(db);
const t0 = performance.now();
await db.query(`INSERT INTO clubs (name, slug) SELECT 'Clube ' || g, 'clube-' || g FROM generate_series(1, $1::int) g`, [CLUBS]);
await db.query(`INSERT INTO units (club_id, name) SELECT c.id, 'Unidade ' || g FROM clubs c, generate_series(1, 5) g`);
await db.query(`INSERT INTO profiles (full_name) SELECT 'Pessoa ' || g FROM generate_series(1, $1::int) g`, [CLUBS * MEMBERS]);
await db.query(
  `WITH c AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM clubs),
        p AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM profiles)
   INSERT INTO club_members (club_id, profile_id, role, unit_id)
   SELECT c.id, p.id, CASE WHEN p.n % $1 < 5 THEN 'Conselheiro(a)' ELSE 'Desbravador(a)' END,
          (SELECT u.id FROM units u WHERE u.club_id = c.id ORDER BY u.id OFFSET (p.n % 5) LIMIT 1)
     FROM p JOIN c ON c.n = p.n / $1`,
  [MEMBERS],
);
await db.query(
  `INSERT INTO periods (club_id, name, start_date, end_date)
   SELECT c.id, 'Trimestre ' || g, now() - make_interval(days => 90 * g), now() - make_interval(days => 90 * (g - 1)) FROM clubs c, generate_series(1, 4) g`,
);
// 80% of the members score; 20% never do (they must still be listed at 0).
await db.query(
  `WITH m AS (SELECT club_id, profile_id, unit_id, row_number() OVER (ORDER BY club_id, profile_id) - 1 AS n FROM club_members),
        scorers AS (SELECT * FROM m WHERE n % 5 <> 0),
        k AS (SELECT count(*) AS c FROM scorers),
        s AS (SELECT *, row_number() OVER (ORDER BY n) - 1 AS i FROM scorers)
   INSERT INTO point_events (club_id, profile_id, unit_id, source, points, reason, occurred_at)
   SELECT s.club_id, s.profile_id, s.unit_id, 'manual', 1 + (g % 20), 'bench', now() - make_interval(hours => g % 8640)
     FROM generate_series(1, $1::int) g JOIN s ON s.i = g % (SELECT c FROM k)`,
  [EVENTS],
);
await db.exec('ANALYZE');
console.log(`generated ${CLUBS} clubs, ${CLUBS * MEMBERS} members, ${EVENTS} ledger events in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

const [club] = await db.query<{ id: string }>(`SELECT id FROM clubs ORDER BY id OFFSET $1 LIMIT 1`, [Math.floor(CLUBS / 2)]);
const [period] = await db.query<{ id: string }>(`SELECT id FROM periods WHERE club_id = $1 ORDER BY start_date DESC LIMIT 1`, [club.id]);

async function time(label: string, fn: () => Promise<unknown[]>): Promise<void> {
  const rows = await fn();
  const runs = 20;
  const start = performance.now();
  for (let i = 0; i < runs; i += 1) await fn();
  console.log(`  ${label.padEnd(34)} ${((performance.now() - start) / runs).toFixed(1)} ms  (${rows.length} rows)`);
}
await time('individual ranking (geral)', () => individualRanking(db, club.id));
await time('individual ranking (one period)', () => individualRanking(db, club.id, period.id));
await time('unit ranking (geral)', () => unitRanking(db, club.id));
await time('unit ranking (one period)', () => unitRanking(db, club.id, period.id));

for (const [label, sql, params] of [
  ['v_individual_ranking', `SELECT * FROM v_individual_ranking WHERE club_id = $1`, [club.id]],
  ['v_individual_ranking_period', `SELECT * FROM v_individual_ranking_period WHERE club_id = $1 AND period_id = $2`, [club.id, period.id]],
  ['v_unit_ranking', `SELECT * FROM v_unit_ranking WHERE club_id = $1`, [club.id]],
  ['v_unit_ranking_period', `SELECT * FROM v_unit_ranking_period WHERE club_id = $1 AND period_id = $2`, [club.id, period.id]],
] as const) {
  const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, [...params]);
  const text = plan.map((r) => r['QUERY PLAN']).join('\n');
  const seq = text.split('\n').filter((l) => /Seq Scan on (point_events|club_members|task_completions)/.test(l));
  console.log(`\n${label}: ${text.split('\n').at(-1)?.trim()}; sequential scans of big tables: ${seq.length === 0 ? 'none' : seq.map((l) => l.trim()).join(' | ')}`);
  if (process.env.BENCH_PLANS) console.log(text);
}
await db.close();
