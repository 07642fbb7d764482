import type { Queryable } from '../db/index.js';
import type { TPointSource } from '../../shared/progress.js';

/**
 * The one writer of the points ledger (ADR 071, issue 44). Every `INSERT INTO point_events` of the
 * server is in this file; tasks, adjustments, batches, badges, meetings and the programme call it. It
 * owns the rules every line obeys:
 * - unit at the moment: a member's line carries the unit the member belongs to when it is written
 *   (`club_members.unit_id`, read in the same statement), so unit rankings keep history when someone
 *   changes unit; a unit-wide line names its unit;
 * - period: a line counts in the period that holds its `occurred_at` (now, unless the event happened
 *   at a known instant, like a meeting's start);
 * - once: `once` skips a line whose key (club, member, source and references) already nets to a
 *   non-zero sum in the ledger, in the same statement as the insert;
 * - reversal: the ledger is append-only, so a line is undone by its opposite, booked on the unit of
 *   the line it reverses (`appendReversals`, with `netLines` saying what is left to undo).
 */

/** Where a line comes from: the profile's sources, and the programme's signatures (0500). */
export type TLedgerSource = TPointSource | 'programme';

export interface PointEventInput {
  clubId: string;
  /** null for points given to a unit as a whole. */
  profileId: string | null;
  /** Only for unit-wide points; a member's line takes the member's unit at the moment. */
  unitId?: string | null;
  source: TLedgerSource;
  points: number;
  taskId?: string | null;
  badgeId?: string | null;
  reason?: string | null;
  createdBy?: string | null;
  /** When the points count (which period holds them); now when omitted. */
  occurredAt?: string | null;
  meetingId?: string | null;
  criterionId?: string | null;
  batchId?: string | null;
  enrolmentId?: string | null;
  requirementId?: string | null;
}

/**
 * A line that undoes (part of) an earlier one, booked on that line's unit. Its instant is now unless
 * given: a roll call's correction stays at the meeting's start, a batch's undo counts when it is undone.
 */
export interface PointReversalInput extends Omit<PointEventInput, 'unitId'> {
  unitId: string | null;
}

/** What the writer reports of each line it wrote. */
export interface WrittenPointEvent {
  id: string;
  profile_id: string | null;
  unit_id: string | null;
  points: number;
  batch_id: string | null;
  programme_enrolment_id: string | null;
  programme_requirement_id: string | null;
}

const RETURNING = 'RETURNING id, profile_id, unit_id, points, batch_id, programme_enrolment_id, programme_requirement_id';

interface Row {
  profile_id: string | null;
  /** true: unit_id is written as given (a unit-wide line, or a reversal); false: the member's unit now. */
  unit_fixed: boolean;
  unit_id: string | null;
  source: TLedgerSource;
  points: number;
  task_id: string | null;
  badge_id: string | null;
  reason: string | null;
  created_by: string | null;
  occurred_at: string | null;
  meeting_id: string | null;
  criterion_id: string | null;
  batch_id: string | null;
  programme_enrolment_id: string | null;
  programme_requirement_id: string | null;
}

function rowOf(e: PointEventInput, unitFixed: boolean): Row {
  return {
    profile_id: e.profileId,
    unit_fixed: unitFixed || e.profileId === null,
    unit_id: e.unitId ?? null,
    source: e.source,
    points: e.points,
    task_id: e.taskId ?? null,
    badge_id: e.badgeId ?? null,
    reason: e.reason ?? null,
    created_by: e.createdBy ?? null,
    occurred_at: e.occurredAt ?? null,
    meeting_id: e.meetingId ?? null,
    criterion_id: e.criterionId ?? null,
    batch_id: e.batchId ?? null,
    programme_enrolment_id: e.enrolmentId ?? null,
    programme_requirement_id: e.requirementId ?? null,
  };
}

/** The key a `once` line is counted by: same club, member, source and references. */
const SAME_KEY = `pe.club_id = $1 AND pe.profile_id IS NOT DISTINCT FROM t.profile_id AND pe.source = t.source
  AND pe.task_id IS NOT DISTINCT FROM t.task_id AND pe.badge_id IS NOT DISTINCT FROM t.badge_id
  AND pe.meeting_id IS NOT DISTINCT FROM t.meeting_id AND pe.criterion_id IS NOT DISTINCT FROM t.criterion_id
  AND pe.batch_id IS NOT DISTINCT FROM t.batch_id
  AND pe.programme_enrolment_id IS NOT DISTINCT FROM t.programme_enrolment_id
  AND pe.programme_requirement_id IS NOT DISTINCT FROM t.programme_requirement_id`;

/** Appends the rows of one club in one statement, in the order given. */
async function insertRows(q: Queryable, clubId: string, rows: Row[], once: boolean): Promise<WrittenPointEvent[]> {
  if (rows.length === 0) return [];
  return q.query<WrittenPointEvent>(
    `WITH t AS (
       SELECT r.*, n FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS e(v, n),
              jsonb_to_record(e.v) AS r(profile_id uuid, unit_fixed boolean, unit_id uuid, source text, points int, task_id uuid,
                                        badge_id uuid, reason text, created_by uuid, occurred_at timestamptz, meeting_id uuid,
                                        criterion_id uuid, batch_id uuid, programme_enrolment_id uuid, programme_requirement_id uuid)
     )
     INSERT INTO point_events (club_id, profile_id, unit_id, source, points, task_id, badge_id, reason, created_by, occurred_at,
                               meeting_id, criterion_id, batch_id, programme_enrolment_id, programme_requirement_id)
     SELECT $1, t.profile_id,
            CASE WHEN t.unit_fixed THEN t.unit_id
                 ELSE (SELECT cm.unit_id FROM club_members cm WHERE cm.club_id = $1 AND cm.profile_id = t.profile_id) END,
            t.source, t.points, t.task_id, t.badge_id, t.reason, t.created_by, coalesce(t.occurred_at, now()),
            t.meeting_id, t.criterion_id, t.batch_id, t.programme_enrolment_id, t.programme_requirement_id
       FROM t
      WHERE NOT $3::boolean OR (SELECT coalesce(sum(pe.points), 0) FROM point_events pe WHERE ${SAME_KEY}) = 0
      ORDER BY t.n
     ${RETURNING}`,
    [clubId, JSON.stringify(rows), once],
  );
}

function oneClub(events: Array<{ clubId: string }>): string {
  const clubId = events[0].clubId;
  if (events.some((e) => e.clubId !== clubId)) throw new Error('appendPointEvents: one club per call');
  return clubId;
}

/** Appends one event to the ledger and returns its id. */
export async function appendPointEvent(q: Queryable, e: PointEventInput): Promise<string> {
  const [row] = await insertRows(q, e.clubId, [rowOf(e, false)], false);
  return row.id;
}

/**
 * Appends many events of one club in one statement. With `once`, a line whose key the ledger already
 * holds (a non-zero net) is skipped: what is returned is what was written.
 */
export async function appendPointEvents(q: Queryable, events: PointEventInput[], opts: { once?: boolean } = {}): Promise<WrittenPointEvent[]> {
  if (events.length === 0) return [];
  return insertRows(q, oneClub(events), events.map((e) => rowOf(e, false)), opts.once ?? false);
}

/** Appends lines that undo earlier ones, each on the unit of the line it reverses. */
export async function appendReversals(q: Queryable, lines: PointReversalInput[]): Promise<WrittenPointEvent[]> {
  if (lines.length === 0) return [];
  return insertRows(q, oneClub(lines), lines.map((l) => rowOf(l, true)), false);
}

/**
 * The ledger's net for one member's key (source and references), per unit and instant: what a
 * reversal has to undo. Lines that net to zero are left out.
 */
export function netLines(
  q: Queryable,
  key: Pick<PointEventInput, 'clubId' | 'source' | 'meetingId' | 'batchId' | 'enrolmentId'> & { profileId?: string | null },
) {
  return q.query<{ profile_id: string | null; unit_id: string | null; criterion_id: string | null; occurred_at: string; points: number }>(
    `SELECT pe.profile_id, pe.unit_id, pe.criterion_id, pe.occurred_at, sum(pe.points)::int AS points
       FROM point_events pe
      WHERE pe.club_id = $1 AND pe.source = $2
        AND ($3::uuid IS NULL OR pe.profile_id = $3::uuid)
        AND ($4::uuid IS NULL OR pe.meeting_id = $4::uuid)
        AND ($5::uuid IS NULL OR pe.batch_id = $5::uuid)
        AND ($6::uuid IS NULL OR pe.programme_enrolment_id = $6::uuid)
      GROUP BY pe.profile_id, pe.unit_id, pe.criterion_id, pe.occurred_at
     HAVING sum(pe.points) <> 0
      ORDER BY pe.profile_id, pe.unit_id, pe.criterion_id, pe.occurred_at`,
    [key.clubId, key.source, key.profileId ?? null, key.meetingId ?? null, key.batchId ?? null, key.enrolmentId ?? null],
  );
}
