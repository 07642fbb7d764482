import type { Queryable } from '../db/index.js';
import { earnsPoints, type TAttendanceStatus, type TCriterion, type TMeeting } from '../../shared/meetings.js';
import * as repo from './repo.js';

const key = (l: repo.LedgerLine) => `${l.criterion_id ?? ''}|${l.unit_id ?? ''}|${l.occurred_at}|${l.points}`;

/**
 * Brings the ledger of one member at one meeting in line with their mark: what the mark earns now
 * (one event per ticked criterion, for the member and their unit, at the meeting's start) against what
 * the ledger holds. A line that matches stays; anything else is reversed (same criterion, unit and
 * instant, negative points) and the new line written. Run twice with the same mark, it writes nothing.
 * Returns the number of events appended.
 */
export async function reconcileMemberLedger(
  tx: Queryable,
  args: {
    clubId: string;
    meeting: Pick<TMeeting, 'id' | 'starts_at' | 'title' | 'date'>;
    member: repo.MemberRef;
    mark: { status: TAttendanceStatus; criteria: string[] } | null;
    criteria: Map<string, TCriterion>;
    actorId: string;
  },
): Promise<number> {
  const { clubId, meeting, member, mark, criteria, actorId } = args;
  const desired: repo.LedgerLine[] = [];
  if (mark && earnsPoints(mark.status)) {
    for (const id of mark.criteria) {
      const c = criteria.get(id);
      if (c && c.points > 0) desired.push({ criterion_id: id, unit_id: member.unit_id, occurred_at: meeting.starts_at, points: c.points });
    }
  }
  const existing = await repo.memberMeetingNet(tx, clubId, meeting.id, member.profile_id);
  const kept = new Set<string>();
  const existingKeys = new Map<string, number>();
  for (const l of existing) existingKeys.set(key(l), (existingKeys.get(key(l)) ?? 0) + 1);
  for (const l of desired) {
    const n = existingKeys.get(key(l)) ?? 0;
    if (n > 0) {
      existingKeys.set(key(l), n - 1);
      kept.add(key(l));
    }
  }
  const reason = (criterionId: string | null) => `Reunião ${meeting.date.split('-').reverse().join('/')}: ${(criterionId && criteria.get(criterionId)?.name) || meeting.title}`;
  let written = 0;
  for (const l of existing) {
    if (kept.has(key(l))) continue;
    await repo.appendMeetingEvent(tx, { clubId, meetingId: meeting.id, profileId: member.profile_id, line: { ...l, points: -l.points }, reason: `Estorno: ${reason(l.criterion_id)}`, createdBy: actorId });
    written += 1;
  }
  for (const l of desired) {
    if (kept.has(key(l))) continue;
    await repo.appendMeetingEvent(tx, { clubId, meetingId: meeting.id, profileId: member.profile_id, line: l, reason: reason(l.criterion_id), createdBy: actorId });
    written += 1;
  }
  return written;
}
