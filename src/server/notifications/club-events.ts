import type { Db, Queryable } from '../db/index.js';
import { CLUB_PERMISSIONS } from '../../shared/permissions.js';
import { guardiansByMember, notify } from './notify.js';
import { ClubJobRun } from '../db/club-job-run.js';
import * as clubEventsRepo from './club-events-repo.js';

export const WAITING_SUBMISSIONS_JOB = 'waiting-submissions';

/**
 * Moments found by looking at the club's data rather than caught as they happen: three absences in a
 * row (after a roll call), and submissions left waiting (a daily look). Each is made once per person
 * and key, so a roll call saved again or a job run twice tells nobody twice.
 */

/**
 * After a roll call: each absent member whose last three marks (excused ones skipped, as in the
 * report) are all absences; their guardians are told. Runs in the roll call's transaction.
 */
export async function notifyAbsenceStreaks(tx: Queryable, clubId: string, meetingId: string, memberIds: readonly string[]): Promise<void> {
  const streaks = await clubEventsRepo.absenceStreaks(tx, clubId, memberIds);
  // Their guardians whose link and consent are in force (the one lookup of every notice about a child).
  const guardians = await guardiansByMember(tx, clubId, streaks.map((s) => s.profile_id));
  for (const s of streaks) {
    await notify(tx, {
      clubId, to: guardians.get(s.profile_id) ?? [], category: 'family', kind: 'attendance.absences', link: '/familia',
      title: `${s.full_name} faltou às três últimas reuniões`, body: 'Fale com a liderança do clube se precisar de ajuda.',
      dedupeKey: `attendance.absences:${s.member_id}:${meetingId}`,
    });
  }
}

/** Days a submission may wait before the leaders are reminded. */
export const SUBMISSION_WAIT_DAYS = 3;

/**
 * Daily: each person who reviews submissions (the 'submissions.review' holders; a counsellor for their
 * unit) is told how many waited more than {@link SUBMISSION_WAIT_DAYS} days, once per club day.
 */
export async function notifyWaitingSubmissions(db: Db, days = SUBMISSION_WAIT_DAYS): Promise<number> {
  const p = CLUB_PERMISSIONS['submissions.review'];
  const rows = await clubEventsRepo.waitingSubmissions(db, days, p.roles, p.unitRoles);
  // One transaction per person and club (issue 43): a failure is recorded under the club and stops nobody else.
  const run = new ClubJobRun(db, WAITING_SUBMISSIONS_JOB);
  let created = 0;
  for (const r of rows) {
    created += (await run.inTransaction(r.club_id, (tx) => notify(tx, {
      clubId: r.club_id, to: [r.profile_id], category: 'leadership', kind: 'submissions.waiting', link: '/dashboard/aprovacoes',
      title: r.waiting === 1 ? `1 envio espera aprovação há mais de ${days} dias` : `${r.waiting} envios esperam aprovação há mais de ${days} dias`,
      // Once per club day (its time zone), not per UTC day: at 21h in Brasília UTC's day turns.
      dedupeKey: `submissions.waiting:${r.club_day}`,
    }))) ?? 0;
  }
  await run.finish();
  return created;
}
