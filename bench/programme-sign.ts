// Signing a requisito as a write (issue 34), for bench/run.ts: POST /programme/signatures over HTTP under
// 50 connections, each request a requisito not yet signed, against the same SQL without the server:
// pgbench (PostgreSQL) or the statements run from node on the same engine (PGlite, or PostgreSQL without
// pgbench). "The same SQL" is the statements of one signing request's transaction, recorded from the
// real route, with the target's ids put in place of the recorded ones.
//
// Targets: in the first clubs of the platform (not the middle one the reads use, nor the big one), the
// requisitos 1…29 an enrolment has not signed yet; odd positions go to HTTP, even ones to the baseline,
// and the 30th is never signed, so no signature completes a class (the same work on both sides).
import { execFileSync } from 'node:child_process';
import { writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db, Queryable } from '../src/server/db/index.js';

export type SignTarget = {
  c: string; // club
  e: string; // enrolment
  r: string; // requisito
  m: string; // club member
  p: string; // the member's profile
  u: string | null; // the member's unit
  d: string; // the club's director (who signs)
  i: string; // the class
  q: string; // the class's requisitos in use, as an array literal
  k: number; // position
};

export interface Statement { sql: string; params: unknown[] }

/** The database with a tap on every statement (transactions included) sent while recording. */
export function recordingDb(db: Db): { db: Db; start: () => void; take: () => Statement[] } {
  let log: Statement[] | null = null;
  const tap = (q: Queryable): Queryable => ({
    query: <T>(sql: string, params: readonly unknown[] = []) => {
      log?.push({ sql, params: [...params] });
      return q.query<T>(sql, params);
    },
    exec: (sql: string) => q.exec(sql),
  });
  const tapped: Db = Object.create(db) as Db;
  tapped.query = tap(db).query;
  tapped.transaction = <T>(fn: (tx: Queryable) => Promise<T>) => {
    log?.push({ sql: 'BEGIN', params: [] });
    return db.transaction((tx) => fn(tap(tx))).finally(() => log?.push({ sql: 'COMMIT', params: [] }));
  };
  return { db: tapped, start: () => { log = []; }, take: () => { const out = log ?? []; log = null; return out; } };
}

/** Unsigned requisitos (never the last one) of the enrolments of `clubs` clubs, split between HTTP and baseline. */
export async function signTargets(db: Db, clubs: number, skip: string[], limit: number): Promise<{ http: SignTarget[]; base: SignTarget[]; clubIds: string[] }> {
  const picked = await db.query<{ id: string }>(
    `SELECT id FROM clubs WHERE slug <> ALL($1::text[]) ORDER BY created_at DESC, id LIMIT $2`, [skip, clubs]);
  const clubIds = picked.map((c) => c.id);
  const rows = await db.query<SignTarget>(
    `WITH lists AS (
       SELECT e.id AS enrolment_id, e.club_id, e.item_code,
              coalesce((SELECT array_agg(r.id ORDER BY r.position, r.id) FROM programme_requirements r WHERE r.club_id = e.club_id AND r.item_code = e.item_code),
                       (SELECT array_agg(r.id ORDER BY r.position, r.id) FROM programme_requirements r WHERE r.club_id IS NULL AND r.item_code = e.item_code)) AS reqs
         FROM programme_enrolments e WHERE e.club_id = ANY($1::uuid[]) AND e.kind = 'class' AND e.completed_on IS NULL)
     SELECT l.club_id AS c, l.enrolment_id AS e, r.id AS r, cm.id AS m, cm.profile_id AS p, cm.unit_id AS u,
            (SELECT d.profile_id FROM club_members d WHERE d.club_id = l.club_id AND d.role = 'admin' ORDER BY d.created_at LIMIT 1) AS d,
            l.item_code AS i, l.reqs::text AS q, r.position AS k
       FROM lists l
       JOIN programme_enrolments e ON e.id = l.enrolment_id
       JOIN club_members cm ON cm.id = e.member_id AND cm.active
       JOIN programme_requirements r ON r.id = ANY(l.reqs) AND r.id <> l.reqs[array_upper(l.reqs, 1)]
      WHERE NOT EXISTS (SELECT 1 FROM programme_signatures s WHERE s.enrolment_id = l.enrolment_id AND s.requirement_id = r.id)
        AND cm.role <> 'admin'
      ORDER BY md5(l.enrolment_id::text || r.id::text)`,
    [clubIds]);
  const http = rows.filter((t) => t.k % 2 === 1).slice(0, limit);
  const base = rows.filter((t) => t.k % 2 === 0).slice(0, limit);
  return { http, base, clubIds };
}

/** A target as the replay sees it: named values (ids, texts), one per column of its pgbench table. */
type Values = Record<string, unknown>;

/**
 * What a replay puts in place of the recorded target's values: the columns of the targets' table (with
 * their SQL types), the one-element arrays a route sends (member_ids…), a column holding an array literal,
 * and the ids a text parameter may carry inside it (the ledger writer's JSON rows).
 */
export interface ReplayShape {
  table: string;
  columns: Array<[string, 'uuid' | 'text']>;
  arrays: Array<[string, string]>;
  list?: string;
  ids: string[];
}

/** The signing bench's targets: club, enrolment, requisito, member, profile, unit, director, class, requisitos. */
export const SIGN_SHAPE: ReplayShape = {
  table: 'bench_sign_targets',
  columns: [['c', 'uuid'], ['e', 'uuid'], ['r', 'uuid'], ['m', 'uuid'], ['p', 'uuid'], ['u', 'uuid'], ['d', 'uuid'], ['i', 'text'], ['q', 'text']],
  arrays: [['ma', 'm'], ['ea', 'e'], ['ia', 'i']],
  list: 'q',
  ids: ['c', 'e', 'r', 'm', 'p', 'u', 'd'],
};

/**
 * Each recorded parameter either names a value of the recorded target (then it becomes the same value
 * of another target) or stays as recorded (texts, dates, the audit line's JSON).
 */
function variableOf(value: unknown, t: Values, shape: ReplayShape): string | null {
  if (Array.isArray(value)) {
    if (value.length === 1) for (const [name, v] of shape.arrays) if (value[0] === t[v]) return name;
    if (shape.list && `{${value.join(',')}}` === t[shape.list]) return shape.list;
    return null;
  }
  for (const [v] of shape.columns) if (value !== null && value === t[v]) return v;
  return null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A text parameter that holds recorded ids inside it (the ledger writer sends its rows as one JSON text),
 * cut into literal pieces and the variables between them; null when it holds none.
 */
function embeddedIds(value: unknown, t: Values, shape: ReplayShape): Array<string | { v: string }> | null {
  if (typeof value !== 'string' || UUID.test(value)) return null;
  const ids = shape.ids.filter((v) => typeof t[v] === 'string' && UUID.test(t[v] as string) && value.includes(t[v] as string));
  if (!ids.length) return null;
  const pattern = new RegExp(ids.map((v) => t[v] as string).join('|'), 'g');
  const parts: Array<string | { v: string }> = [];
  let at = 0;
  for (const m of value.matchAll(pattern)) {
    parts.push(value.slice(at, m.index), { v: ids.find((v) => t[v] === m[0]) as string });
    at = (m.index ?? 0) + m[0].length;
  }
  parts.push(value.slice(at));
  return parts;
}

const arrayLiteral = (xs: unknown[]) => `{${xs.map((x) => `"${String(x).replace(/(["\\])/g, '\\$1')}"`).join(',')}}`;
/** A parameter written in as an untyped literal (as the driver sends it); U& keeps colons away from pgbench's :variables. */
export function pgbenchLiteral(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  const text = typeof v === 'string' ? v : Array.isArray(v) ? arrayLiteral(v) : v instanceof Date ? v.toISOString() : JSON.stringify(v);
  return `U&'${text.replace(/\\/g, '\\\\').replace(/'/g, "''").replace(/:/g, '\\003A')}'`;
}

/**
 * One recorded statement as a line of a pgbench script: each `$n` becomes what `param` writes for that
 * value (a variable, or the literal by default).
 */
export function pgbenchLine(s: Statement, param: (value: unknown) => string = pgbenchLiteral): string {
  // A colon inside a quoted literal ('HH24:MI') is written as U&'\\003A', out of pgbench's sight.
  // Comments go first: an apostrophe in one ("the member's unit") would pair the quotes wrongly.
  const text = s.sql.replace(/--[^\n]*/g, '').replace(/'((?:[^']|'')*)'/g, (literal, inner: string) => (inner.includes(':') ? `U&'${inner.replace(/\\/g, '\\\\').replace(/:/g, '\\003A')}'` : literal));
  if (/(^|[^:]):[A-Za-z0-9_]/.test(text)) throw new Error(`a recorded statement has a ':name' pgbench would read as a variable: ${s.sql}`);
  const sql = text.replace(/\$(\d+)/g, (_, n: string) => param(s.params[Number(n) - 1]));
  // One line per statement for pgbench: a '--' comment would swallow the rest of it.
  return `${sql.replace(/--[^\n]*/g, '').replace(/\s+/g, ' ').trim()};`;
}

/** The recorded transaction as a pgbench script: the next target from the shape's table, then the statements. */
export function pgbenchScript(statements: Statement[], recorded: Values, shape: ReplayShape = SIGN_SHAPE): string {
  const columns = [...shape.columns.map(([c]) => c), ...shape.arrays.map(([name, v]) => `'{' || ${v} || '}' AS ${name}`)];
  const lines = [
    `SELECT ${columns.join(', ')} FROM ${shape.table} WHERE n = (SELECT nextval('${shape.table}_seq'))`,
    '\\gset',
  ];
  for (const s of statements) {
    lines.push(pgbenchLine(s, (value) => {
      const name = variableOf(value, recorded, shape);
      if (name) return `:${name}`;
      const parts = embeddedIds(value, recorded, shape);
      // The text put together again from the next target's ids: ('…' || (:p)::text || '…').
      return parts ? `(${parts.map((x) => (typeof x === 'string' ? pgbenchLiteral(x) : `(:${x.v})::text`)).join(' || ')})` : pgbenchLiteral(value);
    }));
  }
  return `${lines.join('\n')}\n`;
}

/** The recorded statements with another target's values, for a baseline run from node. */
export function instantiate(statements: Statement[], recorded: Values, t: Values, shape: ReplayShape = SIGN_SHAPE): Statement[] {
  const arrays = new Map(shape.arrays.map(([name, v]) => [name, [t[v]]]));
  return statements.map((s) => ({
    sql: s.sql,
    params: s.params.map((value) => {
      const name = variableOf(value, recorded, shape);
      if (!name) {
        const parts = embeddedIds(value, recorded, shape);
        return parts ? parts.map((x) => (typeof x === 'string' ? x : String(t[x.v]))).join('') : value;
      }
      const array = arrays.get(name);
      if (array) return array;
      if (name === shape.list) return String(t[name]).slice(1, -1).split(',');
      return t[name];
    }),
  }));
}

/** Loads the baseline's targets into the shape's table, which pgbench reads one row per transaction from. */
export async function loadPgbenchTargets(db: Db, targets: Values[], shape: ReplayShape = SIGN_SHAPE): Promise<void> {
  const names = shape.columns.map(([c]) => c).join(', ');
  const typed = shape.columns.map(([c, type]) => `${c} ${type}`).join(', ');
  await dropPgbenchTargets(db, shape);
  await db.exec(`CREATE TABLE ${shape.table} (n bigint PRIMARY KEY, ${typed}); CREATE SEQUENCE ${shape.table}_seq;`);
  await db.query(`INSERT INTO ${shape.table} SELECT row_number() OVER (), ${names} FROM jsonb_to_recordset($1::jsonb) AS x(${typed})`, [JSON.stringify(targets)]);
}

export async function dropPgbenchTargets(db: Db, shape: ReplayShape = SIGN_SHAPE): Promise<void> {
  await db.exec(`DROP TABLE IF EXISTS ${shape.table}; DROP SEQUENCE IF EXISTS ${shape.table}_seq;`);
}

type Protocol = 'prepared' | 'extended';

/** pgbench -n -j 2 -M `protocol` on the script with `args` (clients and length): its tps and mean latency. */
async function pgbenchScriptRun(url: string, script: string, args: string[], protocol: Protocol): Promise<{ tps: number; latencyMs: number; out: string }> {
  const file = path.join(tmpdir(), `trilha-pgbench-${process.pid}.sql`);
  await writeFile(file, script);
  try {
    const out = execFileSync('pgbench', ['-n', '-f', file, ...args, '-j', '2', '-M', protocol, url], { encoding: 'utf8' });
    const tps = /tps = ([\d.]+)/.exec(out);
    const latency = /latency average = ([\d.]+) ms/.exec(out);
    if (!tps) throw new Error(`pgbench printed no tps:\n${out}`);
    return { tps: Number(tps[1]), latencyMs: Number(latency?.[1] ?? 0), out };
  } finally {
    await rm(file, { force: true });
  }
}

/** pgbench on the script: `transactions` in all (one target each), `connections` clients. Returns tps and latency. */
export function pgbenchRun(url: string, script: string, connections: number, transactions: number, protocol: Protocol = 'prepared'): Promise<{ tps: number; latencyMs: number; out: string }> {
  // No more clients than targets: a client past the last target would read no row.
  const clients = Math.max(1, Math.min(connections, transactions));
  const perClient = Math.max(1, Math.floor(transactions / clients));
  return pgbenchScriptRun(url, script, ['-c', String(clients), '-t', String(perClient)], protocol);
}

/** pgbench on the script for `seconds`, `connections` clients. Returns tps and latency. */
export function pgbenchFor(url: string, script: string, connections: number, seconds: number): Promise<{ tps: number; latencyMs: number; out: string }> {
  return pgbenchScriptRun(url, script, ['-c', String(connections), '-T', String(seconds)], 'prepared');
}

/** Runs `work` for each target, `connections` at a time (bounded by the engine's): throughput and each one's time. */
export async function eachTarget<T>(db: Db, targets: T[], connections: number, work: (t: T) => Promise<unknown>): Promise<{ tps: number; latencies: number[] }> {
  let next = 0;
  const latencies: number[] = [];
  const start = performance.now();
  await Promise.all(Array.from({ length: Math.min(connections, db.connections) }, async () => {
    for (;;) {
      const t = targets[next++];
      if (!t) return;
      const t0 = performance.now();
      await work(t);
      latencies.push(performance.now() - t0);
    }
  }));
  return { tps: targets.length / ((performance.now() - start) / 1000), latencies };
}

/** The baseline from node: each target's statements in one transaction, `connections` at a time. */
export function nodeBaseline<T extends Values>(db: Db, statements: Statement[], recorded: T, targets: T[], connections: number, shape: ReplayShape = SIGN_SHAPE): Promise<{ tps: number; latencies: number[] }> {
  const work = statements.filter((s) => s.sql !== 'BEGIN' && s.sql !== 'COMMIT');
  return eachTarget(db, targets, connections, (t) => db.transaction(async (tx) => {
    for (const s of instantiate(work, recorded, t, shape)) await tx.query(s.sql, s.params);
  }));
}
