// Generating a month of dues for every club (issue 35): the hourly `dues-generation` job
// (`runDuesJob`, src/server/charges/dues.ts) run once with its clock in the month after the plans'
// `generated_through`, so each club's plan creates one new month (a due per active member and the
// 'cobrança criada' notices) in the job's own transactions, as in production. Prints the total time,
// per club and per due written. Each run generates the next two months (re-runnable on the same data):
// the first with the notices made as before (one `notify` per charge and recipient set: the baseline),
// the second with the job's own set-based notices (one statement per club), and prints the ratio.
//
// BENCH_DATABASE_URL (a database to wipe) measures PostgreSQL with BENCH_CLUBS (default 1,000); else
// PGlite with BENCH_PGLITE_CLUBS (default 100). A platform already there (BENCH_REUSE=1, e.g. the one
// `npm run bench` left) is kept; otherwise the platform is generated with the dues (bench/platform-data.ts),
// with 2 tasks per club and without programme and notifications. BENCH_GENERATE_ONLY=1 stops after generating.
//
// On PostgreSQL it then measures the job against its floor (issue 45): a copy of the database is made as
// it is before the next month (CREATE DATABASE … TEMPLATE), the job writes that month in the original
// with every statement it sends recorded, and pgbench sends the same statements with the same values, one
// after the other on one connection, to the copy. Both must write the same dues and notices.
import { openPglite } from '../src/server/db/pglite.js';
import { openPostgres } from '../src/server/db/postgres.js';
import { migrate } from '../src/server/db/migrate.js';
import type { Db } from '../src/server/db/index.js';
import type { Queryable } from '../src/server/db/index.js';
import { runDuesJob } from '../src/server/charges/dues.js';
import { guardiansByMember, notify } from '../src/server/notifications/notify.js';
import { formatBrl } from '../src/shared/format-brl.js';
import { DEFAULT_SIZE, generatePlatform } from './platform-data.js';
import { pgbenchLine, pgbenchRun, recordingDb } from './programme-sign.js';

/** The dues and notices the database holds. */
async function written(db: Db): Promise<{ charges: number; notifications: number }> {
  const [row] = await db.query<{ charges: number; notifications: number }>(
    `SELECT (SELECT count(*)::int FROM charges) AS charges, (SELECT count(*)::int FROM notifications) AS notifications`);
  return row;
}

/** The month after the plans' generated_through, its active plans, and the job's clock in it. */
async function nextMonth(db: Db): Promise<{ month: string; plans: number; now: Date }> {
  const [{ month, plans }] = await db.query<{ month: string; plans: number }>(
    `SELECT to_char(max(generated_through) + interval '1 month', 'YYYY-MM-DD') AS month, count(*)::int AS plans FROM dues_plans WHERE active`);
  // Mid-month at noon UTC: the same month in every Brazilian time zone.
  return { month, plans, now: new Date(`${month.slice(0, 8)}15T12:00:00Z`) };
}

async function bench(engine: string, db: Db, clubs: number): Promise<void> {
  await migrate(db);
  const [existing] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM clubs');
  if (!existing || existing.n < clubs) {
    const t0 = performance.now();
    await generatePlatform(db, { ...DEFAULT_SIZE, clubs, tasks: 2, requisitos: 0, notifications: 0 });
    console.log(`[${engine}] generated ${clubs} clubs in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  if (process.env.BENCH_GENERATE_ONLY === '1') return;
  const rows: string[] = [];
  const totals: number[] = [];
  for (const [label, notices] of [['one notify per charge (before)', perChargeNotices], ['one statement per club (now)', undefined]] as const) {
    const { month, plans, now } = await nextMonth(db);
    const before = await written(db);
    const t0 = performance.now();
    const result = await runDuesJob(db, now, notices);
    const ms = performance.now() - t0;
    const after = await written(db);
    totals.push(ms);
    rows.push(`| ${label} | ${month.slice(0, 7)} | ${result.plans} of ${plans} | ${result.created} (charges +${after.charges - before.charges}) | ${after.notifications - before.notifications} | ${ms.toFixed(0)} | ${(ms / Math.max(1, result.plans)).toFixed(2)} | ${((ms * 1000) / Math.max(1, result.created)).toFixed(0)} |`);
  }
  console.log(`\n[${engine}] a month of dues for every club (runDuesJob, its clock mid-month), notices made two ways, one after the other`);
  console.log('| notices | month | clubs | dues written | notifications | total ms | ms per club | µs per due |\n|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
  console.log(`now / before: ${(totals[1] / totals[0]).toFixed(3)}×`);
}

/** The notices as they were made before: one `notify` for the member and one for the guardians of each charge. */
async function perChargeNotices(tx: Queryable, clubId: string): Promise<void> {
  const rows = await tx.query<{ id: string; profile_id: string; description: string; open_amount: string; due_date: string }>(
    `SELECT id, profile_id, description, (amount - paid_amount)::numeric(14,2)::text AS open_amount, due_date::text AS due_date
       FROM charges WHERE club_id = $1 AND origin = 'mensalidade' AND dues_month IS NOT NULL AND created_at = now()`, [clubId]);
  const guardians = await guardiansByMember(tx, clubId, [...new Set(rows.map((c) => c.profile_id))]);
  for (const c of rows) {
    const base = {
      clubId, category: 'money' as const, kind: 'charge.created', dedupeKey: `charge.created:${c.id}`, urgent: false,
      title: `Nova cobrança: ${c.description}`,
      body: `R$ ${formatBrl(c.open_amount)}, vencimento em ${c.due_date.split('-').reverse().join('/')}. O PIX para pagar está em Cobranças.`,
    };
    await notify(tx, { ...base, to: [c.profile_id], link: '/dashboard/cobrancas' });
    await notify(tx, { ...base, to: guardians.get(c.profile_id) ?? [], link: '/familia' });
  }
}

/** The next month's job against pgbench sending its recorded statements to a copy made before it. */
async function againstPgbench(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const copy = `${name}_dues_floor`;
  const copyUrl = Object.assign(new URL(url), { pathname: `/${copy}` }).toString();
  const admin = openPostgres(Object.assign(new URL(url), { pathname: '/postgres' }).toString(), { max: 1 });
  await admin.exec(`DROP DATABASE IF EXISTS ${copy}`);
  const c0 = performance.now();
  await admin.exec(`CREATE DATABASE ${copy} TEMPLATE ${name}`);
  console.log(`\n[postgres] the copy before the month: ${((performance.now() - c0) / 1000).toFixed(1)} s`);
  try {
    const db = openPostgres(url, { max: 2 });
    const { month, now } = await nextMonth(db);
    const before = await written(db);
    const tap = recordingDb(db);
    tap.start();
    const t0 = performance.now();
    const result = await runDuesJob(tap.db, now);
    const jobMs = performance.now() - t0;
    const statements = tap.take();
    const after = await written(db);
    await db.close();
    const script = `${statements.map((st) => pgbenchLine(st)).join('\n')}\n`;
    const t1 = performance.now();
    const floor = await pgbenchRun(copyUrl, script, 1, 1, 'extended');
    const pgbenchWallMs = performance.now() - t1;
    const replica = openPostgres(copyUrl, { max: 1 });
    const replayed = await written(replica);
    await replica.close();
    const same = replayed.charges === after.charges && replayed.notifications === after.notifications;
    const share = `${((100 * floor.latencyMs) / jobMs).toFixed(0)} %`;
    console.log(`[postgres] a month of dues (${month.slice(0, 7)}), the job against pgbench with its ${statements.length} statements (one connection each)`);
    console.log('| run | clubs | dues | notifications | ms | share of the job |\n|---|---|---|---|---|---|');
    console.log(`| runDuesJob (node) | ${result.plans} | +${after.charges - before.charges} | +${after.notifications - before.notifications} | ${jobMs.toFixed(0)} | 100 % |`);
    console.log(`| pgbench, the same statements | ${result.plans} | +${replayed.charges - before.charges} | +${replayed.notifications - before.notifications} | ${floor.latencyMs.toFixed(0)} (${pgbenchWallMs.toFixed(0)} with pgbench's start) | ${share} |`);
    console.log(`job ÷ floor: pgbench takes ${share} of the job's time${same ? '' : ' (THE TWO WROTE DIFFERENT ROWS)'}`);
    if (!same) process.exitCode = 1;
  } finally {
    await admin.exec(`DROP DATABASE IF EXISTS ${copy}`);
    await admin.close();
  }
}

const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) {
  const db = openPostgres(pgUrl, { max: 10 });
  if (process.env.BENCH_REUSE !== '1') await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  await bench('postgres', db, Number(process.env.BENCH_CLUBS ?? 1000));
  await db.close();
  if (process.env.BENCH_GENERATE_ONLY !== '1') await againstPgbench(pgUrl);
} else {
  await bench('pglite', await openPglite(), Number(process.env.BENCH_PGLITE_CLUBS ?? 100));
}
process.exit(process.exitCode ?? 0);
