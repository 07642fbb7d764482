// npx tsx bench/recurring-generation.ts : how fast the recurring engine turns due occurrences into
// tasks, on PGlite and (with BENCH_DATABASE_URL, a database to wipe) on PostgreSQL with two instances
// generating at once. Prints figures; checks that no occurrence was generated twice.
import { openPglite } from '../src/server/db/pglite.js';
import { openPostgres } from '../src/server/db/postgres.js';
import { migrate } from '../src/server/db/migrate.js';
import type { Db } from '../src/server/db/index.js';
import { generateRecurringInstances } from '../src/server/recurring/engine.js';
import { dueOccurrences } from '../src/server/recurring/schedule.js';

const RULES = Number(process.env.BENCH_RULES ?? 500);

function scheduleSpeed(): void {
  const rule = { frequency: 'weekly' as const, interval: 2, days_of_week: [1, 3, 5], day_of_month: null, generation_time: '07:30:00', start_date: '2020-01-01', end_date: null };
  const now = new Date('2026-06-01T12:00:00Z');
  const runs = 2000;
  const t0 = performance.now();
  for (let i = 0; i < runs; i += 1) dueOccurrences(rule, 'America/New_York', null, now, 10);
  const ms = performance.now() - t0;
  console.log(`[schedule] bounded catch-up of a 6-year gap: ${(ms / runs).toFixed(3)} ms per rule (${runs} runs)`);
}

async function seed(db: Db): Promise<void> {
  await migrate(db);
  const [club] = await db.query<{ id: string }>(`INSERT INTO clubs (name, slug, timezone) VALUES ('Bench', 'bench-rec-${Date.now()}', 'America/Sao_Paulo') RETURNING id`);
  await db.query(
    `INSERT INTO recurring_tasks (club_id, title, frequency, generation_time, start_date, next_generation_date)
     SELECT $1, 'Regra ' || g, 'daily', make_time(g % 24, 0, 0), current_date - 30, now() - interval '1 minute'
       FROM generate_series(1, $2::int) AS g`,
    [club.id, RULES],
  );
}

async function report(label: string, db: Db, run: () => Promise<number>): Promise<void> {
  const t0 = performance.now();
  const created = await run();
  const s = (performance.now() - t0) / 1000;
  const [{ n, distinct }] = await db.query<{ n: number; distinct: number }>(
    `SELECT count(*)::int AS n, count(DISTINCT (recurring_task_id, occurrence_start))::int AS distinct FROM tasks`);
  console.log(`[${label}] ${RULES} rules → ${created} tasks in ${s.toFixed(2)} s (${(created / s).toFixed(0)} tasks/s); rows ${n}, distinct occurrences ${distinct}`);
  if (n !== distinct || n !== created) throw new Error('an occurrence was generated twice');
}

scheduleSpeed();

const lite = await openPglite();
await seed(lite);
await report('pglite, 1 instance', lite, async () => (await generateRecurringInstances(lite)).created);
await lite.close();

const url = process.env.BENCH_DATABASE_URL;
if (url) {
  const a = openPostgres(url);
  await a.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  await seed(a);
  const b = openPostgres(url);
  await report('postgres, 2 instances at once', a, async () => {
    const [ra, rb] = await Promise.all([generateRecurringInstances(a), generateRecurringInstances(b)]);
    console.log(`[postgres] instance A claimed ${ra.recurring_tasks} rules, instance B ${rb.recurring_tasks}`);
    return ra.created + rb.created;
  });
  await a.close();
  await b.close();
}
