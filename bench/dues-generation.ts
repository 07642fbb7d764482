// Generating a month of dues for every club (issue 35): the hourly `dues-generation` job
// (`runDuesJob`, src/server/charges/dues.ts) run once with its clock in the month after the plans'
// `generated_through`, so each club's plan creates one new month (a due per active member and the
// 'cobrança criada' notices) in the job's own transactions, as in production. Prints the total time,
// per club and per due written. Each run generates the next month (re-runnable on the same data).
//
// BENCH_DATABASE_URL (a database to wipe) measures PostgreSQL with BENCH_CLUBS (default 1,000); else
// PGlite with BENCH_PGLITE_CLUBS (default 100). A platform already there (BENCH_REUSE=1, e.g. the one
// `npm run bench` left) is kept; otherwise the platform is generated with the dues (bench/platform-data.ts),
// with 2 tasks per club and without programme and notifications. BENCH_GENERATE_ONLY=1 stops after generating.
import { openPglite } from '../src/server/db/pglite.js';
import { openPostgres } from '../src/server/db/postgres.js';
import { migrate } from '../src/server/db/migrate.js';
import type { Db } from '../src/server/db/index.js';
import { runDuesJob } from '../src/server/charges/dues.js';
import { DEFAULT_SIZE, generatePlatform } from './platform-data.js';

async function bench(engine: string, db: Db, clubs: number): Promise<void> {
  await migrate(db);
  const [existing] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM clubs');
  if (!existing || existing.n < clubs) {
    const t0 = performance.now();
    await generatePlatform(db, { ...DEFAULT_SIZE, clubs, tasks: 2, requisitos: 0, notifications: 0 });
    console.log(`[${engine}] generated ${clubs} clubs in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  if (process.env.BENCH_GENERATE_ONLY === '1') return;
  const [{ month, plans }] = await db.query<{ month: string; plans: number }>(
    `SELECT to_char(max(generated_through) + interval '1 month', 'YYYY-MM-DD') AS month, count(*)::int AS plans FROM dues_plans WHERE active`);
  // Mid-month at noon UTC: the same month in every Brazilian time zone.
  const now = new Date(`${month.slice(0, 8)}15T12:00:00Z`);
  const [{ before }] = await db.query<{ before: number }>(`SELECT count(*)::int AS before FROM charges`);
  const t0 = performance.now();
  const result = await runDuesJob(db, now);
  const ms = performance.now() - t0;
  const [{ after }] = await db.query<{ after: number }>(`SELECT count(*)::int AS after FROM charges`);
  console.log(`\n[${engine}] dues of ${month.slice(0, 7)} for ${plans} clubs (runDuesJob, its clock on ${now.toISOString()})`);
  console.log('| clubs | dues written | total ms | ms per club | µs per due |\n|---|---|---|---|---|');
  console.log(`| ${result.plans} | ${result.created} (charges +${after - before}) | ${ms.toFixed(0)} | ${(ms / Math.max(1, result.plans)).toFixed(2)} | ${((ms * 1000) / Math.max(1, result.created)).toFixed(0)} |`);
}

const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) {
  const db = openPostgres(pgUrl, { max: 10 });
  if (process.env.BENCH_REUSE !== '1') await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  await bench('postgres', db, Number(process.env.BENCH_CLUBS ?? 1000));
} else {
  await bench('pglite', await openPglite(), Number(process.env.BENCH_PGLITE_CLUBS ?? 100));
}
process.exit(0);
