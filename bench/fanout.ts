// One event told to a whole club (issue 36), for bench/run.ts: the director of the big generated club
// (BIG_CLUB_MEMBERS members, bench/platform-data.ts) creates a task, which notifies every member in the
// task's transaction and queues a push to each member's device; the server's worker then encrypts and
// sends the pushes to a local push service (bench/probe-worker.mjs, answering 201). Timed: the request,
// and until every push was delivered. Meanwhile GET /api/health is probed one request at a time from
// another process; its latencies are compared with a quiet probe just before, on the same server.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Db } from '../src/server/db/index.js';
import { BIG_CLUB_MEMBERS, PUSH_AUTH, PUSH_P256DH } from './platform-data.js';
import { signInAs } from './endpoints.js';

interface ProbeResult { n: number; p50: number; p95: number; p99: number; max: number }

function ask<T>(child: ChildProcess, message: object): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as T));
    child.send(message);
  });
}

/** An IANA zone where it is day now (8h–20h), so the pushes are not held for the quiet hours (22h–7h). */
function daytimeZone(): string {
  for (const tz of ['America/Sao_Paulo', 'Europe/Lisbon', 'Asia/Tokyo', 'Pacific/Auckland', 'America/Los_Angeles', 'Asia/Kolkata']) {
    const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
    if (hour >= 8 && hour <= 20) return tz;
  }
  return 'America/Sao_Paulo';
}

const fmt = (r: ProbeResult) => `p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms (${r.n} answers)`;

/** Nothing starts the delivery worker here: the task's commit does (Db.onCommit), as in production. */
export async function fanOut(engine: string, db: Db, base: string, clubs: number): Promise<void> {
  const [club] = await db.query<{ id: string }>(`SELECT id FROM clubs WHERE slug = $1`, [`clube-${clubs}`]);
  if (!club) throw new Error('big club not found');
  const [director] = await db.query<{ profile_id: string }>(
    `SELECT profile_id FROM club_members WHERE club_id = $1 AND role = 'admin' ORDER BY created_at LIMIT 1`, [club.id]);
  if (!director) throw new Error('big club has no director');
  const cookie = await signInAs(db, base, director.profile_id, 'diretor-grande@bench.test');
  const probe = fork(fileURLToPath(new URL('./probe-worker.mjs', import.meta.url)), [], { stdio: 'inherit' });
  try {
    const { port } = await ask<{ port: number }>(probe, { sink: true });
    const tz = daytimeZone();
    await db.query(`UPDATE clubs SET timezone = $2 WHERE id = $1`, [club.id, tz]);
    // Every member but the director has one device, at the local push service.
    await db.query(`DELETE FROM push_subscriptions WHERE profile_id IN (SELECT profile_id FROM club_members WHERE club_id = $1)`, [club.id]);
    await db.query(
      `INSERT INTO push_subscriptions (profile_id, endpoint, p256dh, auth)
       SELECT profile_id, 'http://127.0.0.1:' || $2::int || '/push/' || profile_id, $3, $4
         FROM club_members WHERE club_id = $1 AND active AND role <> 'admin'`,
      [club.id, port, PUSH_P256DH, PUSH_AUTH]);
    const health = `${base}/api/health`;

    probe.send({ probe: health });
    await new Promise((r) => setTimeout(r, 3000));
    const quiet = await ask<ProbeResult>(probe, { stop: true });

    probe.send({ probe: health });
    await new Promise((r) => setTimeout(r, 300));
    const t0 = performance.now();
    const res = await fetch(`${base}/api/clubs/${club.id}/tasks`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'x-trilha-client': 'web' },
      body: JSON.stringify({ title: `Acampamento ${new Date().toISOString()}`, type: 'check', points: 10, active: true }),
    });
    const task = (await res.json()) as { id?: string };
    const requestMs = performance.now() - t0;
    if (!res.ok || !task.id) throw new Error(`task create: ${res.status} ${JSON.stringify(task)}`);
    const key = `task.created:${task.id}`;
    let created = 0;
    let status = { done: 0, total: 0, sent: 0 };
    let firstSentMs = 0;
    const deadline = Date.now() + 180_000;
    for (;;) {
      const [row] = await db.query<{ notified: number; done: number; total: number; sent: number }>(
        `SELECT (SELECT count(*)::int FROM notifications WHERE dedupe_key = $1) AS notified,
                count(d.id) FILTER (WHERE d.status IN ('sent', 'failed'))::int AS done, count(d.id)::int AS total,
                count(d.id) FILTER (WHERE d.status = 'sent')::int AS sent
           FROM notifications n JOIN push_deliveries d ON d.notification_id = n.id WHERE n.dedupe_key = $1`, [key]);
      created = row?.notified ?? 0;
      status = { done: row?.done ?? 0, total: row?.total ?? 0, sent: row?.sent ?? 0 };
      if (!firstSentMs && status.sent > 0) firstSentMs = performance.now() - t0;
      if ((status.total > 0 && status.done === status.total) || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const allMs = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 300));
    const during = await ask<ProbeResult>(probe, { stop: true });
    const { pushes } = await ask<{ pushes: number }>(probe, { count: true });

    console.log(`\n[${engine}] fan-out: one new task in a club of ${BIG_CLUB_MEMBERS} members (time zone ${tz}), GET /api/health probed one at a time meanwhile`);
    console.log(`| | figure |\n|---|---|`);
    console.log(`| notifications created in the task's transaction | ${created} |`);
    console.log(`| pushes queued / sent / received by the push service | ${status.total} / ${status.sent} / ${pushes} |`);
    console.log(`| POST /tasks (notify in the transaction) | ${requestMs.toFixed(0)} ms |`);
    console.log(`| first push sent (delivery started by the task's commit) | ${firstSentMs ? `${firstSentMs.toFixed(0)} ms` : 'never'} |`);
    console.log(`| until every push was delivered | ${allMs.toFixed(0)} ms (${(status.sent / (allMs / 1000)).toFixed(0)} pushes/s) |`);
    console.log(`| health, quiet (3 s before) | ${fmt(quiet)} |`);
    console.log(`| health, during the fan-out | ${fmt(during)} |`);
    console.log(`| health p95 during ÷ quiet | ${(during.p95 / Math.max(0.01, quiet.p95)).toFixed(2)}× |`);
    console.log(`| health under 100 ms throughout | ${during.max < 100 ? 'yes' : `no (max ${during.max.toFixed(0)} ms)`} |`);
  } finally {
    probe.kill();
  }
}
