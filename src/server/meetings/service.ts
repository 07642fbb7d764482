import type { Db, Queryable } from '../db/index.js';
import { notifyAbsenceStreaks } from '../notifications/club-events.js';
import {
  MEETING_MSG,
  autoTicked,
  earnsPoints,
  type TAttendanceConflict,
  type TAttendanceSaved,
  type TAttendanceSheet,
  type TCriterion,
  type TMarkInput,
  type TMeeting,
  type TMeetingSummary,
} from '../../shared/meetings.js';
import { AppError, badRequest, forbidden, notFound } from '../core/errors.js';
import { writeAudit } from '../audit/repo.js';
import type { ClubAccess } from '../core/access.js';
import { mayCallAnyRoll, mayCallRoll, rollReadScope, type RollCaller } from './permissions.js';
import { reconcileMemberLedger } from './ledger.js';
import { countsFor } from './report.js';
import * as repo from './repo.js';

/** The caller with their own unit, for the roll-call rules. */
export async function rollCaller(q: Queryable, access: ClubAccess): Promise<RollCaller> {
  const own = await repo.findOwnMembership(q, access.clubId, access.profileId);
  return { access, unitId: own?.unit_id ?? null };
}

async function requireMeeting(q: Queryable, clubId: string, meetingId: string, lock = false): Promise<TMeeting> {
  const meeting = await repo.getMeeting(q, clubId, meetingId, lock);
  if (!meeting) throw notFound(MEETING_MSG.notFound);
  return meeting;
}

const criteriaMap = (list: TCriterion[]) => new Map(list.map((c) => [c.id, c]));

/** Re-writes the ledger of every marked member (after the meeting moved or was cancelled). */
async function reconcileMeeting(tx: Queryable, clubId: string, meeting: TMeeting, actorId: string, cancelled: boolean): Promise<void> {
  const criteria = criteriaMap(await repo.listCriteria(tx, clubId));
  for (const m of await repo.listMarksWithMembers(tx, clubId, meeting.id)) {
    await reconcileMemberLedger(tx, { clubId, meeting, member: m, mark: cancelled ? null : m, criteria, actorId });
  }
}

export async function createMeeting(db: Db, access: ClubAccess, input: repo.MeetingFields): Promise<TMeeting> {
  return db.transaction(async (tx) => {
    const id = await repo.insertMeeting(tx, access.clubId, input, access.profileId);
    const meeting = await requireMeeting(tx, access.clubId, id);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'meeting.create', entity: 'meeting', entityId: id, after: meeting });
    return meeting;
  });
}

export async function updateMeeting(db: Db, access: ClubAccess, meetingId: string, input: repo.MeetingFields): Promise<TMeeting> {
  return db.transaction(async (tx) => {
    const before = await requireMeeting(tx, access.clubId, meetingId, true);
    await repo.updateMeeting(tx, access.clubId, meetingId, input);
    const meeting = await requireMeeting(tx, access.clubId, meetingId);
    // Points count at the meeting's start: a moved meeting moves them (reversed, then written again).
    if (meeting.starts_at !== before.starts_at && meeting.status === 'scheduled') await reconcileMeeting(tx, access.clubId, meeting, access.profileId, false);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'meeting.update', entity: 'meeting', entityId: meetingId, before, after: meeting });
    return meeting;
  });
}

/** Cancels a meeting: its roll-call points are reversed; the marks stay for history. */
export async function cancelMeeting(db: Db, access: ClubAccess, meetingId: string): Promise<TMeeting> {
  return db.transaction(async (tx) => {
    const before = await requireMeeting(tx, access.clubId, meetingId, true);
    if (before.status === 'cancelled') return before;
    await repo.cancelMeeting(tx, access.clubId, meetingId);
    await reconcileMeeting(tx, access.clubId, before, access.profileId, true);
    const meeting = await requireMeeting(tx, access.clubId, meetingId);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'meeting.cancel', entity: 'meeting', entityId: meetingId, before, after: meeting });
    return meeting;
  });
}

/** The roll-call sheet: the meeting, criteria, the units and members the caller may see, and their marks. */
export async function getAttendanceSheet(db: Db, access: ClubAccess, meetingId: string): Promise<TAttendanceSheet> {
  const caller = await rollCaller(db, access);
  const meeting = await requireMeeting(db, access.clubId, meetingId);
  const scope = rollReadScope(caller);
  if (!scope) throw forbidden(MEETING_MSG.readForbidden);
  const members = await repo.listRollMembers(db, access.clubId, scope.all ? null : scope.unitId);
  const units = (await repo.listRollUnits(db, access.clubId))
    .filter((u) => scope.all || u.id === scope.unitId)
    .map((u) => ({ ...u, can_mark: mayCallRoll(caller, u.id) }));
  const marks = await repo.listMarks(db, access.clubId, meetingId, scope.all ? null : members.map((m) => m.member_id));
  const criteria = (await repo.listCriteria(db, access.clubId)).filter((c) => c.active);
  return { meeting, criteria, units, members, marks };
}

const sameMark = (a: { status: string; criteria: string[] }, b: { status: string; criteria: string[] }) =>
  a.status === b.status && [...a.criteria].sort().join(',') === [...b.criteria].sort().join(',');

/**
 * Saves the marks of the members listed, replacing their earlier ones (last write wins), and brings
 * the points ledger in line. The meeting row is locked, so two identical saves at once write one
 * ledger; a save that changes nothing writes nothing. A mark written by someone else after the
 * version the client saw is reported as a conflict (and still replaced).
 */
export async function saveAttendance(db: Db, access: ClubAccess, meetingId: string, marks: TMarkInput[]): Promise<TAttendanceSaved> {
  const memberIds = marks.map((m) => m.member_id);
  if (new Set(memberIds).size !== memberIds.length) throw badRequest(MEETING_MSG.memberRepeated);
  return db.transaction(async (tx) => {
    const meeting = await requireMeeting(tx, access.clubId, meetingId, true);
    if (meeting.status === 'cancelled') throw new AppError('meeting_cancelled', 409, MEETING_MSG.cancelled);
    const caller = await rollCaller(tx, access);
    const members = new Map((await repo.findMembers(tx, access.clubId, memberIds)).map((m) => [m.member_id, m]));
    if (members.size !== memberIds.length) throw badRequest(MEETING_MSG.memberUnknown);
    for (const m of members.values()) {
      if (!mayCallRoll(caller, m.unit_id)) throw forbidden(mayCallAnyRoll(caller) ? MEETING_MSG.notYourUnit : MEETING_MSG.rollCallForbidden);
    }
    const allCriteria = await repo.listCriteria(tx, access.clubId);
    const active = new Map(allCriteria.filter((c) => c.active).map((c) => [c.id, c]));
    const previous = new Map((await repo.listMarks(tx, access.clubId, meetingId, memberIds)).map((m) => [m.member_id, m]));
    const conflicts: TAttendanceConflict[] = [];
    let changed = 0;
    let ledgerEvents = 0;
    for (const input of marks) {
      const criteria = [...new Set(input.criteria ?? [])];
      if (criteria.some((id) => !active.has(id))) throw badRequest(MEETING_MSG.criterionUnknown);
      // An absent member earns nothing, whatever was ticked.
      const mark = { member_id: input.member_id, status: input.status, criteria: earnsPoints(input.status) ? criteria : [] };
      const member = members.get(input.member_id);
      if (!member) throw badRequest(MEETING_MSG.memberUnknown);
      const before = previous.get(input.member_id);
      if (before && !sameMark(before, mark)) {
        const base = input.base_updated_at ? Date.parse(input.base_updated_at) : Number.NaN;
        if (Number.isNaN(base) || Date.parse(before.updated_at) > base) {
          conflicts.push({ member_id: member.member_id, full_name: member.full_name, previous_status: before.status, marked_by_name: before.marked_by_name });
        }
      }
      if (!before || !sameMark(before, mark)) {
        await repo.upsertMark(tx, access.clubId, meetingId, mark, access.profileId);
        changed += 1;
      }
      ledgerEvents += await reconcileMemberLedger(tx, { clubId: access.clubId, meeting, member, mark, criteria: criteriaMap(allCriteria), actorId: access.profileId });
    }
    const absent = marks.filter((m) => m.status === 'absent').map((m) => m.member_id);
    if (absent.length > 0) await notifyAbsenceStreaks(tx, access.clubId, meetingId, absent);
    if (changed) await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'meeting.attendance', entity: 'meeting', entityId: meetingId, after: { changed, ledger_events: ledgerEvents } });
    const saved = await repo.listMarks(tx, access.clubId, meetingId, memberIds);
    // Conflicts are only news when the client believed it was writing over something else.
    return { changed, ledger_events: ledgerEvents, conflicts: conflicts.filter((c) => marks.find((m) => m.member_id === c.member_id)?.base_updated_at !== undefined), marks: saved };
  });
}

/** The criteria a status ticks by default (the screen does the same before the user unticks). */
export function defaultCriteria(criteria: TCriterion[], status: Parameters<typeof autoTicked>[1]): string[] {
  return criteria.filter((c) => c.active && autoTicked(c.auto_tick, status)).map((c) => c.id);
}

/** Next meeting and the last one's attendance, for the dashboard. */
export async function meetingSummary(db: Db, access: ClubAccess): Promise<TMeetingSummary> {
  const [next, last] = await Promise.all([repo.nextMeeting(db, access.clubId), repo.lastMeeting(db, access.clubId)]);
  const lastCounts = last ? await countsFor(db, access.clubId, last.id) : null;
  return { next, last, last_counts: lastCounts };
}
