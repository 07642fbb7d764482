import type { Queryable } from '../db/index.js';
import { earnsPoints, type TAttendanceStatus, type TCriterion, type TMeeting } from '../../shared/meetings.js';
import type * as repo from './repo.js';
import { appendPointEvents, appendReversals, netLines } from '../progress/ledger-repo.js';

/** One roll-call line: net points per criterion, unit and instant. */
interface LedgerLine {
  criterion_id: string | null;
  unit_id: string | null;
  occurred_at: string;
  points: number;
}

const key = (l: LedgerLine) => `${l.criterion_id ?? ''}|${l.unit_id ?? ''}|${l.occurred_at}|${l.points}`;

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
  const desired: LedgerLine[] = [];
  if (mark && earnsPoints(mark.status)) {
    for (const id of mark.criteria) {
      const c = criteria.get(id);
      if (c && c.points > 0) desired.push({ criterion_id: id, unit_id: member.unit_id, occurred_at: meeting.starts_at, points: c.points });
    }
  }
  const existing: LedgerLine[] = await netLines(tx, { clubId, source: 'meeting', meetingId: meeting.id, profileId: member.profile_id });
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
  const line = (l: LedgerLine, points: number, why: string) => ({
    clubId, profileId: member.profile_id, source: 'meeting' as const, points, reason: why, occurredAt: l.occurred_at,
    createdBy: actorId, meetingId: meeting.id, criterionId: l.criterion_id,
  });
  const reversed = await appendReversals(tx, existing.filter((l) => !kept.has(key(l)))
    .map((l) => ({ ...line(l, -l.points, `Estorno: ${reason(l.criterion_id)}`), unitId: l.unit_id })));
  // A new line carries the unit the member is in now (the writer reads it), at the meeting's start.
  const added = await appendPointEvents(tx, desired.filter((l) => !kept.has(key(l))).map((l) => line(l, l.points, reason(l.criterion_id))));
  const written = reversed.length + added.length;
  return written;
}
