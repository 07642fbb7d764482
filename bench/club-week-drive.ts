// The club's week across two instances behind a transaction pooler, with a streaming replica that stops
// halfway (issue 46, ADR 080): the drive bench/replica-drive.ts prints and src/server/db/club-week.test.ts
// checks. Starts a primary and a streaming replica (test/replica.ts: initdb + pg_basebackup -R), a PgBouncer
// in transaction mode in front of the primary (test/pgbouncer.ts), a generated platform of `clubs` clubs and
// two compiled instances (DATABASE_URL = the pooler, DATABASE_DIRECT_URL = the primary, DATABASE_REPLICA_URL
// = the replica) behind a round-robin proxy. Then `connections` connections read the club's screens for
// `seconds` while a writer drives the club's week on one instance and reads each write back at once on the
// other: a new member (the members list), a lançamento (the transactions), a member's points (the ranking),
// a requisito signed (the cartão), the next month's dues and a payment of one (the member's charges, the
// charge); halfway the replica is stopped. Everything it started is stopped before it returns or throws.
import autocannon from 'autocannon';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signIn, startServerProcess, type ServerProcess } from './server-process.js';
import { DIRECTOR_EMAIL, PASSWORD, postgresFixture } from './platform-fixture.js';
import { roundRobin } from './round-robin.js';
import { startStreamingPair } from '../test/replica.js';
import { startPgbouncer } from '../test/pgbouncer.js';
import { freePort } from '../test/free-port.js';
import { NODE_FLAGS } from '../scripts/node-flags.mjs';
import { openPostgres } from '../src/server/db/postgres.js';
import { clubCurrent } from '../src/server/db/club-clock.js';
import { centsToMoney, moneyToCents } from '../src/shared/money.js';

const TOKEN = 'bench-metrics-token';
export const WEEK_KINDS = ['member', 'money', 'points', 'programme', 'payment'] as const;

export interface ClubWeekOptions {
  clubs: number;
  seconds: number;
  connections: number;
  /** The compiled server to run (default: dist/server/main.js, built by the caller). */
  serverJs?: string;
  /** Told what happens (the replica stopped). */
  log?: (line: string) => void;
}

export interface ClubWeekResult {
  requests: number;
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** The month whose dues were generated on one instance and read back on the other, and how many. */
  duesMonth: string;
  duesCreated: number;
  /** Writes made, and the ones not read back on the other instance (kind, number and what was read). */
  writes: number;
  missed: string[];
  /** Badges the points adjustments earned (their XP is counted in the ranking's check). */
  badgesEarned: number;
  /** Whether the replica was stopped halfway, as planned, before the load ended. */
  replicaStopped: boolean;
  /** trilha_reads_total of each instance, by target/reason (replica/caught_up, primary/unusable…). */
  reads: Array<Record<string, number>>;
}

async function json<T>(base: string, method: string, url: string, cookie: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { cookie, 'x-trilha-client': 'web', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** trilha_reads_total of one instance, by target and reason. */
async function readsOf(base: string): Promise<Record<string, number>> {
  const text = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } }).then((r) => r.text());
  const out: Record<string, number> = {};
  for (const m of text.matchAll(/^trilha_reads_total\{target="(\w+)",reason="(\w+)"\} (\d+)$/gm)) out[`${m[1]}/${m[2]}`] = Number(m[3]);
  return out;
}

/** Drives the club's week (see the top of the file) and says what happened; throws when a write itself failed. */
export async function driveClubWeek(opts: ClubWeekOptions): Promise<ClubWeekResult> {
  const { clubs: CLUBS, seconds: SECONDS, connections: CONNECTIONS } = opts;
  const log = opts.log ?? (() => undefined);
  const pair = await startStreamingPair();
  const primary = pair.primaryUrl('postgres');
  const bouncer = await startPgbouncer(primary, { poolSize: 20 });
  const instances: ServerProcess[] = [];
  const dataDirs: string[] = [];
  let proxy: Awaited<ReturnType<typeof roundRobin>> | undefined;
  try {
    const fixture = await postgresFixture(primary, CLUBS);
    const start = async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'trilha-drive-'));
      dataDirs.push(dir);
      const env = { DATABASE_URL: bouncer.through(primary), DATABASE_DIRECT_URL: primary, DATABASE_REPLICA_URL: pair.replicaUrl('postgres'), METRICS_TOKEN: TOKEN, DATA_DIR: dir };
      return startServerProcess(env, { port: await freePort(), ...(opts.serverJs ? { baseline: { serverJs: opts.serverJs, nodeFlags: NODE_FLAGS } } : {}) });
    };
    instances.push(await start(), await start());
    const [a, b] = instances;
    proxy = await roundRobin(instances, CONNECTIONS);
    const admin = await signIn(proxy.base, DIRECTOR_EMAIL, PASSWORD);
    const club = `/api/clubs/${fixture.clubId}`;
    const [account] = await json<Array<{ id: string }>>(a.base, 'GET', `${club}/cash-accounts`, admin);
    if (!account) throw new Error('the generated club has no caixa');
    // Both instances see the replica up before the drive starts.
    for (let i = 0; i < 100 && (await Promise.all(instances.map(async (s) => (await readsOf(s.base))['replica/caught_up'] ?? 0))).some((n) => n === 0); i += 1) {
      await fetch(`${a.base}${club}/members`, { headers: { cookie: admin } });
      await fetch(`${b.base}${club}/members`, { headers: { cookie: admin } });
      await new Promise((r) => setTimeout(r, 100));
    }

    // The club's week, one write after another on one instance, each read back at once on the other.
    type Row = { profile_id: string; total_points: number };
    const [scorer] = await json<Row[]>(a.base, 'GET', `${club}/ranking/individual`, admin);
    if (!scorer) throw new Error('the generated club has no ranking');
    let points = scorer.total_points;
    let badgesEarned = 0;
    // Requisitos not yet signed on the members' class cartões (the generated programme), signed one by one;
    // not the director's own (nobody signs their own requisito) nor the scorer's (a requisito brings points:
    // the ranking's check counts only the adjustments and the badges they earn).
    const primaryDb = openPostgres(primary, { max: 1 });
    const unsigned = await primaryDb.query<{ member_id: string; requirement_id: string }>(
      `SELECT e.member_id, r.id AS requirement_id
         FROM programme_enrolments e
         JOIN programme_requirements r ON r.item_code = e.item_code
          -- The club's own list of the item when it has one, else the catalogue's.
          AND r.club_id IS NOT DISTINCT FROM (SELECT x.club_id FROM programme_requirements x WHERE x.club_id = e.club_id AND x.item_code = e.item_code LIMIT 1)
        WHERE e.club_id = $1 AND e.kind = 'class' AND e.completed_on IS NULL
          AND NOT EXISTS (SELECT 1 FROM programme_signatures s WHERE s.enrolment_id = e.id AND s.requirement_id = r.id)
          AND NOT EXISTS (SELECT 1 FROM club_members cm JOIN profiles p ON p.id = cm.profile_id
                           WHERE cm.id = e.member_id AND (lower(p.email) = $2 OR p.id = $3))
        ORDER BY e.member_id, r.position LIMIT 500`, [fixture.clubId, DIRECTOR_EMAIL, scorer.profile_id]);
    // The club's next month on its own calendar: the server refuses dues beyond it, and in the evening in
    // Brasília UTC may already be in the month after.
    const [{ next_month: month }] = await primaryDb.query<{ next_month: string }>(
      `SELECT to_char(${clubCurrent('month')} + interval '1 month', 'YYYY-MM') AS next_month FROM clubs c WHERE c.id = $1`, [fixture.clubId]);
    await primaryDb.close();
    if (unsigned.length === 0) throw new Error('the generated club has no requisito left to sign');
    type Charge = { id: string; profile_id: string; due_date: string; paid_amount: string };
    // The next month's dues, generated on one instance and seen in a member's charges on the other.
    const generated = await json<{ created: number }>(a.base, 'POST', `${club}/dues/generate`, admin, { month });
    const [owed] = (await json<{ charges: Charge[] }>(a.base, 'GET', `${club}/charges?origin=mensalidade&status=aberta`, admin)).charges;
    if (!owed) throw new Error('the generated club has no open dues');
    const { charges: theirs } = await json<{ charges: Charge[] }>(b.base, 'GET', `${club}/charges?origin=mensalidade&profile_id=${owed.profile_id}`, admin);
    if (generated.created === 0 || !theirs[0]?.due_date.startsWith(month)) throw new Error(`the dues of ${month} were not read back on the other instance`);
    let paid = moneyToCents(owed.paid_amount);
    let writes = 0;
    const missedKinds: string[] = [];
    let writing = true;
    // A failed write ends the writing and is thrown after the load, so `finally` stops every process.
    let failure: unknown;
    const writer = (async () => {
      while (writing) {
        const [on, back] = writes % 2 === 0 ? [a, b] : [b, a];
        const kind = WEEK_KINDS[writes % WEEK_KINDS.length] ?? 'money';
        let readBack: boolean;
        let detail = '';
        if (kind === 'member') {
          const full_name = `Membro da semana ${writes}`;
          await json(on.base, 'POST', `${club}/members`, admin, { mode: 'accountless', full_name, email: '', birth_date: '', role: 'member', unit_id: null });
          readBack = (await fetch(`${back.base}${club}/members`, { headers: { cookie: admin } }).then((r) => r.text())).includes(full_name);
        } else if (kind === 'money') {
          const description = `Leitura de volta ${writes}`;
          await json(on.base, 'POST', `${club}/transactions`, admin, { cash_account_id: account.id, description, amount: '1.00', type: 'income' });
          readBack = (await fetch(`${back.base}${club}/transactions`, { headers: { cookie: admin } }).then((r) => r.text())).includes(description);
        } else if (kind === 'points') {
          const adjusted = await json<{ points: number; badges_awarded: Array<{ points: number }> }>(
            on.base, 'POST', `${club}/point-adjustments`, admin, { profile_id: scorer.profile_id, points: 1, reason: `Bônus ${writes}` });
          // A badge the points earned (an automatic one: total points, ranking position) brings its own XP.
          points += adjusted.points + adjusted.badges_awarded.reduce((sum, b) => sum + b.points, 0);
          badgesEarned += adjusted.badges_awarded.length;
          const totalOn = async (base: string) =>
            (await json<Row[]>(base, 'GET', `${club}/ranking/individual`, admin)).find((r) => r.profile_id === scorer.profile_id)?.total_points;
          const seen = await totalOn(back.base);
          readBack = seen === points;
          // What was read, and what both instances read a second later: a late read or a count that is off.
          if (!readBack) {
            await new Promise((r) => setTimeout(r, 1000));
            detail = ` (expected ${points}, read ${seen}, a second later ${await totalOn(back.base)} there and ${await totalOn(on.base)} on the writer)`;
          }
        } else if (kind === 'programme') {
          const next = unsigned[Math.floor(writes / WEEK_KINDS.length)];
          if (!next) break;
          await json(on.base, 'POST', `${club}/programme/signatures`, admin, { requirement_id: next.requirement_id, member_ids: [next.member_id] });
          const card = await json<{ enrolments: Array<{ requirements: Array<{ id: string; signature: unknown }> }> }>(back.base, 'GET', `${club}/programme/members/${next.member_id}/card`, admin);
          readBack = card.enrolments.some((e) => e.requirements.some((r) => r.id === next.requirement_id && r.signature !== null));
        } else {
          await json(on.base, 'POST', `${club}/charges/${owed.id}/payments`, admin, { amount: '0.01', cash_account_id: account.id, method: 'dinheiro' });
          paid += 1n;
          const charge = await json<Charge>(back.base, 'GET', `${club}/charges/${owed.id}`, admin);
          readBack = charge.paid_amount === centsToMoney(paid);
        }
        if (!readBack) missedKinds.push(`${kind} ${writes}${detail}`);
        writes += 1;
      }
    })().catch((e: unknown) => {
      failure = e;
      writing = false;
    });
    let replicaStopped = false;
    const stopReplica = setTimeout(() => void pair.stopReplica().then(() => {
      replicaStopped = true;
      log(`replica stopped at ${SECONDS / 2} s`);
    }), (SECONDS / 2) * 1000);
    const result = await autocannon({
      url: proxy.base,
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: { cookie: admin },
      requests: [
        { method: 'GET', path: `${club}/members` },
        { method: 'GET', path: `${club}/ranking/individual` },
        { method: 'GET', path: `${club}/dashboard` },
        { method: 'GET', path: `${club}/transactions` },
        { method: 'GET', path: `${club}/finance/summary` },
        { method: 'GET', path: `${club}/charges` },
        { method: 'GET', path: `${club}/programme/ready` },
      ],
    });
    clearTimeout(stopReplica);
    writing = false;
    await writer;
    if (failure) throw failure;
    const reads = await Promise.all(instances.map((s) => readsOf(s.base)));
    return {
      requests: result.requests.total, rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors,
      duesMonth: month, duesCreated: generated.created, writes, missed: missedKinds, badgesEarned, replicaStopped, reads,
    };
  } finally {
    await proxy?.close();
    for (const s of instances) await s.stop();
    await bouncer.stop();
    await pair.stop();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  }
}
