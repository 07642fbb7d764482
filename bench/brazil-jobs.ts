// The platform's jobs at Brazil's size (issue 46), on the platform bench/brazil-generate.ts left (a
// database of its own; it gains a month of dues and the notices, so run the reads first):
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/trilha_brazil npx tsx bench/brazil-jobs.ts
// 1. a month of dues for every club: the hourly job (runDuesJob) with its clock on the 1st of the month
//    after the plans' generated_through, in its own transactions, with the 'nova cobrança' notices;
// 2. the daily charge reminders (sendChargeReminders) on the two heaviest days of that month: the 7th
//    (every due of the 10th 'vence em 3 dias') and the 11th (every one still open 'vencida' a day);
// 3. the digests: half of the guardians' notices are moved to the daily summary (money goes 'na hora' by
//    default), the notices waiting for a digest are made old enough to be due (created_at 8 days back), then the digest job's work (queueDigests, 50 people a
//    batch) runs until nobody is due, and the 'na hora' e-mails (queueImmediateEmails) until none is left.
// Each step prints its time, what it wrote and the load average; nothing here is a pass/fail test.
// BENCH_JOBS_SKIP_DUES=1, BENCH_JOBS_SKIP_REMINDERS=1 and BENCH_JOBS_SKIP_IMMEDIATE=1 leave those steps out (e.g. to time
// the digests again); BENCH_JOBS_REMINDER_DAYS=07 runs the reminders of one day only.
import { loadavg } from 'node:os';
import { randomBytes } from 'node:crypto';
import { openPostgres } from '../src/server/db/postgres.js';
import { migrate } from '../src/server/db/migrate.js';
import { runDuesJob } from '../src/server/charges/dues.js';
import { sendChargeReminders } from '../src/server/charges/notices.js';
import { queueDigests, queueImmediateEmails } from '../src/server/notifications/email.js';
import { GUARDIAN_CONSENTS } from './platform-data.js';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL (the generated platform) is required');
const db = openPostgres(url, { max: 4 });
await migrate(db);
const la = () => loadavg().map((l) => l.toFixed(1)).join(' ');
const count = async (sql: string) => (await db.query<{ n: number }>(`SELECT (${sql})::int AS n`))[0]?.n ?? 0;
const rows: string[] = [];
async function timed(label: string, fn: () => Promise<string>): Promise<void> {
  const before = la();
  const t0 = performance.now();
  const what = await fn();
  const s = (performance.now() - t0) / 1000;
  const line = `| ${label} | ${what} | ${s.toFixed(1)} s | ${before} → ${la()} |`;
  console.log(line);
  rows.push(line);
}

// A platform generated before the guardians' consents were (a guardian without one is not told anything).
const [{ n: consents }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM member_consents');
if (consents === 0) {
  const t0 = performance.now();
  await db.exec(`BEGIN; SET LOCAL session_replication_role = replica; ${GUARDIAN_CONSENTS} COMMIT;`);
  console.log(`guardians' consents added in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}
const [{ month, clubs }] = await db.query<{ month: string; clubs: number }>(
  `SELECT to_char(max(generated_through) + interval '1 month', 'YYYY-MM-DD') AS month, count(*)::int AS clubs FROM dues_plans WHERE active`);
console.log(`${clubs} clubs with a dues plan; the month generated: ${month.slice(0, 7)}`);
console.log('| job | written | time | load average (1, 5, 15 min) before → after |\n|---|---|---|---|');
const notices = () => count('SELECT count(*) FROM notifications');

if (process.env.BENCH_JOBS_SKIP_DUES !== '1') {
  await timed(`dues of ${month.slice(0, 7)} (runDuesJob)`, async () => {
    const n0 = await notices();
    // The 1st at noon UTC: the dues fall on the 10th (a clock past it would move them to today, migration 0801).
    const r = await runDuesJob(db, new Date(`${month.slice(0, 8)}01T12:00:00Z`));
    return `${r.plans} clubs, ${r.created.toLocaleString('en')} dues, ${(await notices() - n0).toLocaleString('en')} notifications, ${r.failed} failed`;
  });
}
for (const day of process.env.BENCH_JOBS_SKIP_REMINDERS === '1' ? [] : (process.env.BENCH_JOBS_REMINDER_DAYS ?? '07,11').split(',')) {
  await timed(`charge reminders of ${day}/${month.slice(5, 7)} (sendChargeReminders)`, async () => {
    const n0 = await notices();
    const n = await sendChargeReminders(db, new Date(`${month.slice(0, 8)}${day}T12:00:00Z`));
    return `${n.toLocaleString('en')} reminders (notifications +${(await notices() - n0).toLocaleString('en')})`;
  });
}
const waiting = await db.query<{ mode: string; n: number; people: number }>(
  `SELECT email_mode AS mode, count(*)::int AS n, count(DISTINCT profile_id)::int AS people
     FROM notifications WHERE emailed_at IS NULL AND email_mode <> 'off' GROUP BY 1 ORDER BY 1`);
console.log(`waiting for an e-mail: ${waiting.map((w) => `${w.mode} ${w.n.toLocaleString('en')} notices of ${w.people.toLocaleString('en')} people`).join('; ')}`);
// The jobs above added notifications: fresh statistics, or the planner loops over them one by one below.
await db.exec('ANALYZE notifications, member_guardians');
// Money notices go 'na hora' by default; half of the guardians are taken to have chosen the daily summary
// (notification preferences), so the digest job has the work a real platform gives it.
// Set up as a platform would have it, without the per-row triggers (the club data versions, like the
// generator): a platform-wide UPDATE is not something a request or a job does, and its trigger work is not the job's.
await db.exec(`BEGIN; SET LOCAL session_replication_role = replica;
  UPDATE notifications SET email_mode = 'daily' WHERE emailed_at IS NULL AND email_mode = 'immediate'
     AND profile_id IN (SELECT profile_id FROM member_guardians WHERE profile_id IS NOT NULL) AND abs(hashtext(profile_id::text)) % 2 = 0;
  UPDATE notifications SET created_at = created_at - interval '8 days' WHERE emailed_at IS NULL AND email_mode IN ('daily', 'weekly');
  COMMIT; ANALYZE notifications;`);
const ctx = { baseUrl: 'https://trilha.example', secret: randomBytes(32) };
await timed('digests (queueDigests until none is due)', async () => {
  const m0 = await count('SELECT count(*) FROM mail_queue');
  let total = 0;
  let runs = 0;
  for (;;) {
    const n = await queueDigests(db, ctx);
    runs += 1;
    total += n;
    if (n === 0) break;
  }
  return `${total.toLocaleString('en')} digests in ${runs} batches of up to 50 (mail_queue +${(await count('SELECT count(*) FROM mail_queue') - m0).toLocaleString('en')})`;
});
if (process.env.BENCH_JOBS_SKIP_IMMEDIATE !== '1') await timed("'na hora' e-mails (queueImmediateEmails until none is left)", async () => {
  let total = 0;
  for (;;) {
    const n = await queueImmediateEmails(db, ctx);
    total += n;
    if (n === 0) break;
  }
  return `${total.toLocaleString('en')} e-mails`;
});
await db.close();
