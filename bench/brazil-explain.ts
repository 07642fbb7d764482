// ADR 081's evidence: the reads of one club (the middle one, as bench/run.ts) on the append-only tables
// that grow fastest — the ledger (point_events), the roll calls (meeting_attendance), notifications and
// the audit — under EXPLAIN (ANALYZE, BUFFERS), with each table's size, on a generated platform:
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/trilha_brazil npx tsx bench/brazil-explain.ts
// The statements are the repositories' (ranking through its exported SQL, the others as written there,
// parameters written in). Each runs twice and the second plan is printed (the first warms the cache).
// Two daily jobs that read the club's own date for every row are planned too: the membership-duration
// badges due and the reminder of waiting submissions (their repositories' statements, as called).
import { loadavg } from 'node:os';
import type { Queryable } from '../src/server/db/index.js';
import { openPostgres } from '../src/server/db/postgres.js';
import { individualRankingSql } from '../src/server/ranking/repo.js';
import { listMembershipDurationDue } from '../src/server/badges/award-repo.js';
import { waitingSubmissions } from '../src/server/notifications/club-events-repo.js';
import { SUBMISSION_WAIT_DAYS } from '../src/server/notifications/club-events.js';
import { CLUB_PERMISSIONS } from '../src/shared/permissions.js';

/** The statement and parameters a repository function sends, without running it. */
async function statementOf(call: (q: Queryable) => Promise<unknown>): Promise<[string, unknown[]]> {
  let sent: [string, unknown[]] | null = null;
  const q = { query: async (sql: string, params: unknown[] = []) => { sent = [sql, params]; return []; } } as unknown as Queryable;
  await call(q);
  if (!sent) throw new Error('no statement was sent');
  return sent;
}

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL (the generated platform) is required');
const db = openPostgres(url, { max: 2 });
const [{ n: clubs }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM clubs');
const [club] = await db.query<{ id: string }>(`SELECT id FROM clubs WHERE slug = $1`, [`clube-${Math.ceil(clubs / 2)}`]);
const [member] = await db.query<{ profile_id: string }>(
  `SELECT profile_id FROM club_members WHERE club_id = $1 AND role = 'member' ORDER BY profile_id LIMIT 1`, [club.id]);
const [period] = await db.query<{ id: string }>(`SELECT id FROM periods WHERE club_id = $1 ORDER BY start_date DESC LIMIT 1`, [club.id]);
const c = `'${club.id}'`;
const p = `'${member.profile_id}'`;

const reads: Array<[string, string, unknown[]?]> = [
  ['ledger: ranking individual of a period (ranking/repo.ts)', individualRankingSql(club.id, period.id)],
  ['ledger: a member\'s last 20 events', `SELECT id, source, points, occurred_at FROM point_events WHERE club_id = ${c} AND profile_id = ${p} ORDER BY occurred_at DESC LIMIT 20`],
  ['attendance: a quarter of roll calls of the club (meetings/report.ts marksInRange)', `
    SELECT cm.id AS member_id, p.full_name, cm.unit_id, u.name AS unit_name, u.color, m.date, a.status
       FROM meeting_attendance a
       JOIN meetings m ON m.club_id = a.club_id AND m.id = a.meeting_id
       JOIN club_members cm ON cm.id = a.member_id
       JOIN profiles p ON p.id = cm.profile_id
       LEFT JOIN units u ON u.id = cm.unit_id
      WHERE a.club_id = ${c} AND m.status = 'scheduled' AND m.date BETWEEN current_date - 90 AND current_date
      ORDER BY m.date, m.start_time, m.id`],
  ['notifications: first page of a member (notifications/repo.ts)', `
    SELECT n.id, n.club_id, c.name AS club_name, n.category, n.kind, n.title, n.body, n.link, n.urgent, n.created_at, n.read_at
       FROM notifications n LEFT JOIN clubs c ON c.id = n.club_id
      WHERE n.profile_id = ${p}
      ORDER BY n.created_at DESC, n.id DESC LIMIT 21`],
  ['notifications: the bell (unread per club)', `SELECT club_id, count(*)::int AS unread FROM notifications WHERE profile_id = ${p} AND read_at IS NULL GROUP BY club_id`],
  ['audit: first page of the club (audit/list.ts keyset)', `
    SELECT a.id FROM audit_log a WHERE a.club_id = ${c} ORDER BY a.at DESC, a.id DESC LIMIT 51`],
];
const review = CLUB_PERMISSIONS['submissions.review'];
reads.push(
  ['daily job: members due a membership-duration badge, club day per row (badges/award-repo.ts)', ...(await statementOf((q) => listMembershipDurationDue(q as never)))],
  ['hourly job: waiting submissions per reviewer and club day (notifications/club-events-repo.ts)', ...(await statementOf((q) => waitingSubmissions(q, SUBMISSION_WAIT_DAYS, review.roles, review.unitRoles)))],
);
console.log(`${clubs} clubs; club clube-${Math.ceil(clubs / 2)}; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
const sizes = await db.query<{ t: string; rows: string; total: string; heap: string; indexes: string }>(`
  SELECT c.relname AS t, to_char(c.reltuples, 'FM999G999G999') AS rows, pg_size_pretty(pg_total_relation_size(c.oid)) AS total,
         pg_size_pretty(pg_relation_size(c.oid)) AS heap, pg_size_pretty(pg_indexes_size(c.oid)) AS indexes
    FROM pg_class c WHERE c.oid IN ('point_events'::regclass, 'meeting_attendance'::regclass, 'notifications'::regclass, 'audit_log'::regclass)`);
console.log('| table | rows | total | heap | indexes |\n|---|---|---|---|---|');
for (const s of sizes) console.log(`| ${s.t} | ${s.rows} | ${s.total} | ${s.heap} | ${s.indexes} |`);
for (const [label, sql, params = []] of reads) {
  await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
  const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
  console.log(`\n### ${label}\n\`\`\`\n${plan.map((r) => r['QUERY PLAN']).join('\n')}\n\`\`\``);
}
await db.close();
