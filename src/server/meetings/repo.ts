import type { Queryable } from '../db/index.js';
import { maybeOne, one } from '../db/index.js';
import { clubInstant, clubTodayOf, clubZoneOf } from '../db/club-clock.js';
import type { TAttendanceStatus, TCriterion, TMark, TMeeting, TMeetingRule, TMeetingType, TRollMember, TRollUnit } from '../../shared/meetings.js';

export interface MeetingFields {
  date: string;
  start_time: string;
  title: string;
  type: TMeetingType;
}

const MEETING_COLUMNS = `m.id, m.club_id, m.rule_id, m.date, to_char(m.start_time, 'HH24:MI') AS start_time, m.starts_at, m.title, m.type, m.status,
  (SELECT count(*) FILTER (WHERE a.status IN ('present', 'late')) FROM meeting_attendance a WHERE a.club_id = m.club_id AND a.meeting_id = m.id)::int AS present_count,
  (SELECT count(*) FROM meeting_attendance a WHERE a.club_id = m.club_id AND a.meeting_id = m.id)::int AS marked_count,
  m.created_at, m.updated_at`;

/** The club-local date and time as an instant, in the club's time zone. */
const STARTS_AT = clubInstant('$2', '$3', clubZoneOf('$1'));

/** A club's meetings, newest first. */
export function listMeetings(q: Queryable, clubId: string) {
  return q.query<TMeeting>(`SELECT ${MEETING_COLUMNS} FROM meetings m WHERE m.club_id = $1 ORDER BY m.date DESC, m.start_time DESC, m.id LIMIT 500`, [clubId]);
}

export function getMeeting(q: Queryable, clubId: string, meetingId: string, lock = false) {
  return maybeOne<TMeeting>(q, `SELECT ${MEETING_COLUMNS} FROM meetings m WHERE m.club_id = $1 AND m.id = $2${lock ? ' FOR UPDATE' : ''}`, [clubId, meetingId]);
}

export async function insertMeeting(q: Queryable, clubId: string, f: MeetingFields, createdBy: string | null) {
  const row = await one<{ id: string }>(
    q,
    `INSERT INTO meetings (club_id, date, start_time, starts_at, title, type, created_by)
     VALUES ($1, $2, $3, ${STARTS_AT}, $4, $5, $6) RETURNING id`,
    [clubId, f.date, f.start_time, f.title, f.type, createdBy],
  );
  return row.id;
}

export async function updateMeeting(q: Queryable, clubId: string, meetingId: string, f: MeetingFields) {
  const rows = await q.query<{ id: string }>(
    `UPDATE meetings SET date = $2, start_time = $3, starts_at = ${STARTS_AT}, title = $5, type = $6, updated_at = now()
      WHERE club_id = $1 AND id = $4 RETURNING id`,
    [clubId, f.date, f.start_time, meetingId, f.title, f.type],
  );
  return rows.length > 0;
}

export async function cancelMeeting(q: Queryable, clubId: string, meetingId: string) {
  await q.query(`UPDATE meetings SET status = 'cancelled', updated_at = now() WHERE club_id = $1 AND id = $2`, [clubId, meetingId]);
}

/** The next scheduled meeting from now and the latest one already started (dashboard). */
export function nextMeeting(q: Queryable, clubId: string) {
  return maybeOne<TMeeting>(q, `SELECT ${MEETING_COLUMNS} FROM meetings m WHERE m.club_id = $1 AND m.status = 'scheduled' AND m.starts_at >= now() - interval '3 hours' ORDER BY m.starts_at LIMIT 1`, [clubId]);
}
export function lastMeeting(q: Queryable, clubId: string) {
  return maybeOne<TMeeting>(
    q,
    `SELECT ${MEETING_COLUMNS} FROM meetings m WHERE m.club_id = $1 AND m.status = 'scheduled' AND m.starts_at < now()
        AND EXISTS (SELECT 1 FROM meeting_attendance a WHERE a.club_id = m.club_id AND a.meeting_id = m.id)
      ORDER BY m.starts_at DESC LIMIT 1`,
    [clubId],
  );
}

/**
 * How long from now the next and the last meeting stay what they are (the summary's `next` is a meeting
 * that started less than 3 hours ago or is to come, its `last` one that has started): until a scheduled
 * meeting starts or its 3 hours pass. Infinity when nothing is to come.
 */
export async function summaryUnchangedForMs(q: Queryable, clubId: string): Promise<number> {
  const [row] = await q.query<{ ms: string | null }>(
    `SELECT floor(1000 * extract(epoch FROM least(
              (SELECT min(m.starts_at) FROM meetings m WHERE m.club_id = $1 AND m.status = 'scheduled' AND m.starts_at > now()),
              (SELECT min(m.starts_at) + interval '3 hours' FROM meetings m
                WHERE m.club_id = $1 AND m.status = 'scheduled' AND m.starts_at > now() - interval '3 hours')
            ) - now()))::text AS ms`,
    [clubId],
  );
  return row?.ms == null ? Infinity : Number(row.ms);
}

// Criteria ----------------------------------------------------------------------------------------

const CRITERION_COLUMNS = 'k.id, k.name, k.points, k.active, k.position, k.auto_tick';

export function listCriteria(q: Queryable, clubId: string) {
  return q.query<TCriterion>(`SELECT ${CRITERION_COLUMNS} FROM meeting_criteria k WHERE k.club_id = $1 ORDER BY k.position, k.name, k.id`, [clubId]);
}

export interface CriterionFields {
  name: string;
  points: number;
  active: boolean;
  position: number;
}

export function insertCriterion(q: Queryable, clubId: string, f: CriterionFields) {
  return one<TCriterion>(
    q,
    `INSERT INTO meeting_criteria AS k (club_id, name, points, active, position) VALUES ($1, $2, $3, $4, $5) RETURNING ${CRITERION_COLUMNS}`,
    [clubId, f.name, f.points, f.active, f.position],
  );
}

export function updateCriterion(q: Queryable, clubId: string, id: string, f: CriterionFields) {
  return maybeOne<TCriterion>(
    q,
    `UPDATE meeting_criteria AS k SET name = $3, points = $4, active = $5, position = $6, updated_at = now()
      WHERE k.club_id = $1 AND k.id = $2 RETURNING ${CRITERION_COLUMNS}`,
    [clubId, id, f.name, f.points, f.active, f.position],
  );
}

// Roll call ---------------------------------------------------------------------------------------

/** Active members of the club (of one unit when unitId is given), by name. */
export function listRollMembers(q: Queryable, clubId: string, unitId: string | null) {
  return q.query<TRollMember>(
    `SELECT cm.id AS member_id, cm.profile_id, p.full_name, cm.unit_id
       FROM club_members cm JOIN profiles p ON p.id = cm.profile_id
      WHERE cm.club_id = $1 AND cm.active AND ($2::uuid IS NULL OR cm.unit_id = $2::uuid)
      ORDER BY pt_sort_key(p.full_name) COLLATE "C", p.full_name, cm.id`,
    [clubId, unitId],
  );
}

export function listRollUnits(q: Queryable, clubId: string) {
  return q.query<Omit<TRollUnit, 'can_mark'>>(`SELECT u.id, u.name, u.color FROM units u WHERE u.club_id = $1 AND u.active ORDER BY pt_sort_key(u.name) COLLATE "C", u.name, u.id`, [clubId]);
}

export interface MemberRef {
  member_id: string;
  profile_id: string;
  full_name: string;
  unit_id: string | null;
}

export function findMembers(q: Queryable, clubId: string, memberIds: string[]) {
  return q.query<MemberRef>(
    `SELECT cm.id AS member_id, cm.profile_id, p.full_name, cm.unit_id
       FROM club_members cm JOIN profiles p ON p.id = cm.profile_id
      WHERE cm.club_id = $1 AND cm.id = ANY($2::uuid[])`,
    [clubId, memberIds],
  );
}

/** A member of the club by club-member id or profile id. */
export function findMember(q: Queryable, clubId: string, memberOrProfileId: string) {
  return maybeOne<MemberRef>(
    q,
    `SELECT cm.id AS member_id, cm.profile_id, p.full_name, cm.unit_id
       FROM club_members cm JOIN profiles p ON p.id = cm.profile_id
      WHERE cm.club_id = $1 AND (cm.id = $2::uuid OR cm.profile_id = $2::uuid)`,
    [clubId, memberOrProfileId],
  );
}

/** The signed-in person's own membership (function and unit) in the club. */
export function findOwnMembership(q: Queryable, clubId: string, profileId: string) {
  return maybeOne<{ role: string; unit_id: string | null }>(q, `SELECT role, unit_id FROM club_members WHERE club_id = $1 AND profile_id = $2 AND active`, [clubId, profileId]);
}

/**
 * Today's roll call, on the club's day: the members marked present or late at any meeting of today
 * that is not cancelled; null when no mark was taken today (the programme's 'assinar para todos os
 * presentes' signs these).
 */
export async function presentToday(q: Queryable, clubId: string): Promise<string[] | null> {
  const rows = await q.query<{ member_id: string; present: boolean }>(
    `SELECT a.member_id, bool_or(a.status IN ('present', 'late')) AS present
       FROM meetings m JOIN meeting_attendance a ON a.club_id = m.club_id AND a.meeting_id = m.id
      WHERE m.club_id = $1 AND m.date = ${clubTodayOf('$1')} AND m.status = 'scheduled'
      GROUP BY a.member_id`,
    [clubId],
  );
  if (!rows.length) return null;
  return rows.filter((r) => r.present).map((r) => r.member_id);
}

export function listMarks(q: Queryable, clubId: string, meetingId: string, memberIds: string[] | null = null) {
  return q.query<TMark>(
    `SELECT a.member_id, a.status, to_json(a.criteria) AS criteria, a.updated_at, pm.full_name AS marked_by_name,
            coalesce((SELECT sum(pe.points) FROM point_events pe JOIN club_members cm ON cm.id = a.member_id
                       WHERE pe.club_id = a.club_id AND pe.meeting_id = a.meeting_id AND pe.profile_id = cm.profile_id AND pe.source = 'meeting'), 0)::int AS points
       FROM meeting_attendance a LEFT JOIN profiles pm ON pm.id = a.marked_by
      WHERE a.club_id = $1 AND a.meeting_id = $2 AND ($3::uuid[] IS NULL OR a.member_id = ANY($3::uuid[]))`,
    [clubId, meetingId, memberIds],
  );
}

export function upsertMark(q: Queryable, clubId: string, meetingId: string, m: { member_id: string; status: TAttendanceStatus; criteria: string[] }, markedBy: string) {
  return q.query(
    `INSERT INTO meeting_attendance (club_id, meeting_id, member_id, status, criteria, marked_by)
     VALUES ($1, $2, $3, $4, $5::uuid[], $6)
     ON CONFLICT (club_id, meeting_id, member_id)
     DO UPDATE SET status = EXCLUDED.status, criteria = EXCLUDED.criteria, marked_by = EXCLUDED.marked_by, updated_at = now()`,
    [clubId, meetingId, m.member_id, m.status, m.criteria, markedBy],
  );
}

/** Every mark of a meeting with its member (for re-writing the ledger when the meeting moves or is cancelled). */
export function listMarksWithMembers(q: Queryable, clubId: string, meetingId: string) {
  return q.query<MemberRef & { status: TAttendanceStatus; criteria: string[] }>(
    `SELECT a.member_id, cm.profile_id, p.full_name, cm.unit_id, a.status, to_json(a.criteria) AS criteria
       FROM meeting_attendance a JOIN club_members cm ON cm.id = a.member_id JOIN profiles p ON p.id = cm.profile_id
      WHERE a.club_id = $1 AND a.meeting_id = $2`,
    [clubId, meetingId],
  );
}

// Recurring rules ---------------------------------------------------------------------------------

const RULE_COLUMNS = `r.id, r.title, r.type, r.weekday, to_char(r.start_time, 'HH24:MI') AS start_time, r.start_date, r.active, r.last_generated_date`;

export function listRules(q: Queryable, clubId: string) {
  return q.query<TMeetingRule>(`SELECT ${RULE_COLUMNS} FROM meeting_rules r WHERE r.club_id = $1 ORDER BY r.created_at, r.id`, [clubId]);
}

/** A new rule; without a start date it starts on the club's today. */
export function insertRule(q: Queryable, clubId: string, f: { title: string; type: TMeetingType; weekday: number; start_time: string; start_date: string | null }) {
  return one<TMeetingRule>(
    q,
    `INSERT INTO meeting_rules AS r (club_id, title, type, weekday, start_time, start_date)
     VALUES ($1, $2, $3, $4, $5, coalesce($6::date, ${clubTodayOf('$1')})) RETURNING ${RULE_COLUMNS}`,
    [clubId, f.title, f.type, f.weekday, f.start_time, f.start_date],
  );
}

export function deactivateRule(q: Queryable, clubId: string, ruleId: string) {
  return maybeOne<TMeetingRule>(q, `UPDATE meeting_rules AS r SET active = false, updated_at = now() WHERE r.club_id = $1 AND r.id = $2 RETURNING ${RULE_COLUMNS}`, [clubId, ruleId]);
}

export type ClaimedRule = TMeetingRule & { club_id: string; timezone: string };

/** Active rules, claimed so that two app instances never work on the same one at once. */
export function claimRules(q: Queryable, scope: { clubId: string | null; ruleId: string | null; limit: number }) {
  return q.query<ClaimedRule>(
    `SELECT ${RULE_COLUMNS}, r.club_id, c.timezone
       FROM meeting_rules r JOIN clubs c ON c.id = r.club_id
      WHERE r.active AND c.active AND ($1::uuid IS NULL OR r.club_id = $1::uuid) AND ($2::uuid IS NULL OR r.id = $2::uuid)
      ORDER BY r.id LIMIT $3
        FOR UPDATE OF r SKIP LOCKED`,
    [scope.clubId, scope.ruleId, scope.limit],
  );
}

/** Creates the rule's meeting on each date unless it exists already (unique (club_id, rule_id, date)). */
export async function insertRuleMeetings(q: Queryable, rule: ClaimedRule, dates: string[]): Promise<number> {
  if (!dates.length) return 0;
  const rows = await q.query<{ id: string }>(
    `INSERT INTO meetings (club_id, rule_id, date, start_time, starts_at, title, type)
     SELECT $1, $2, d::date, $4::time, ${clubInstant('d', '$4', '$5')}, $6, $7 FROM unnest($3::date[]) AS d
     ON CONFLICT (club_id, rule_id, date) DO NOTHING RETURNING id`,
    [rule.club_id, rule.id, dates, rule.start_time, rule.timezone, rule.title, rule.type],
  );
  return rows.length;
}

export function moveRuleCursor(q: Queryable, ruleId: string, lastDate: string) {
  return q.query(`UPDATE meeting_rules SET last_generated_date = greatest(last_generated_date, $2::date), updated_at = now() WHERE id = $1`, [ruleId, lastDate]);
}
