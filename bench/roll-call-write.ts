// Saving a roll call of 40 members as a write (issue 45), for bench/run.ts: PUT /meetings/:id/attendance
// over HTTP under 50 connections, each on its own meeting of one club (the same 40 members marked
// present with the club's 'Presença' criterion, so every save writes 40 marks and 40 ledger lines),
// against the statements of that route's transaction recorded from the real route and replayed for
// other meetings: pgbench (PostgreSQL) or from node (PGlite), as the signature's bench does.
import type { Db } from '../src/server/db/index.js';
import type { ReplayShape } from './programme-sign.js';

export const ROLL_CALL_SIZE = 40;

/** A meeting to call the roll of: its club, itself, and the club's director (who saves it). */
export type RollTarget = { c: string; g: string; d: string };

/** Targets are meetings of one club; the members and the criterion are the same for all. */
export const ROLL_SHAPE: ReplayShape = {
  table: 'bench_roll_targets',
  columns: [['c', 'uuid'], ['g', 'uuid'], ['d', 'uuid']],
  arrays: [],
  ids: ['g'],
};

/**
 * In the first club of the platform with ROLL_CALL_SIZE active members (not `skip`): a 'Presença'
 * criterion if it has none, and `count` new meetings on past Sundays (one transaction), split between
 * HTTP and the baseline; the 40 members and the criterion's id for the marks.
 */
export async function rollCallTargets(db: Db, skip: string[], count: number): Promise<{ http: RollTarget[]; base: RollTarget[]; members: string[]; criterion: string }> {
  return db.transaction(async (tx) => {
    const [club] = await tx.query<{ c: string; d: string }>(
      `SELECT c.id AS c, (SELECT d.profile_id FROM club_members d WHERE d.club_id = c.id AND d.role = 'admin' ORDER BY d.created_at LIMIT 1) AS d
         FROM clubs c WHERE c.slug <> ALL($1::text[]) AND c.active
          AND (SELECT count(*) FROM club_members m WHERE m.club_id = c.id AND m.active AND m.role <> 'admin') >= $2
        ORDER BY c.created_at DESC, c.id LIMIT 1`,
      [skip, ROLL_CALL_SIZE]);
    if (!club?.d) throw new Error(`no club with ${ROLL_CALL_SIZE} members and a director`);
    const members = (await tx.query<{ id: string }>(
      `SELECT id FROM club_members WHERE club_id = $1 AND active AND role <> 'admin' ORDER BY id LIMIT $2`, [club.c, ROLL_CALL_SIZE])).map((m) => m.id);
    const [found] = await tx.query<{ id: string }>(`SELECT id FROM meeting_criteria WHERE club_id = $1 AND active ORDER BY position, id LIMIT 1`, [club.c]);
    const criterion = found?.id ?? (await tx.query<{ id: string }>(
      `INSERT INTO meeting_criteria (club_id, name, points, auto_tick) VALUES ($1, 'Presença', 10, 'attended') RETURNING id`, [club.c]))[0].id;
    const meetings = await tx.query<{ g: string }>(
      `INSERT INTO meetings (club_id, date, starts_at, title, created_by)
       SELECT $1, d::date, (d::date + time '15:00') AT TIME ZONE (SELECT timezone FROM clubs WHERE id = $1), 'Reunião (bench)', $2
         FROM generate_series(date_trunc('week', now())::date - 1 - 7 * 400, date_trunc('week', now())::date - 1 - 7 * (400 - $3 + 1), interval '7 days') d
       RETURNING id AS g`,
      [club.c, club.d, count]);
    const targets: RollTarget[] = meetings.map((m) => ({ c: club.c, g: m.g, d: club.d }));
    return {
      http: targets.filter((_, i) => i % 2 === 0),
      base: targets.filter((_, i) => i % 2 === 1),
      members,
      criterion,
    };
  });
}

/** The body of one save: every member present with the criterion. */
export function rollCallBody(members: string[], criterion: string): string {
  return JSON.stringify({ marks: members.map((member_id) => ({ member_id, status: 'present', criteria: [criterion] })) });
}

/** How many of the targets' meetings hold all 40 marks. */
export async function rollCallsWritten(db: Db, targets: RollTarget[]): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT meeting_id FROM meeting_attendance WHERE meeting_id = ANY($1::uuid[]) GROUP BY meeting_id HAVING count(*) = $2) x`,
    [targets.map((t) => t.g), ROLL_CALL_SIZE]);
  return row?.n ?? 0;
}
