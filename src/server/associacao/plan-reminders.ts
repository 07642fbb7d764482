import type { Db } from '../db/index.js';
import { ClubJobRun } from '../db/club-job-run.js';
import { membersWithRoles, notifyMany } from '../notifications/notify.js';
import { registrationCycle } from '../../shared/associacao.js';
import { DEADLINE_REMINDER_DAYS, brDay } from '../../shared/associacao-plan.js';
import { plural, pluralWord } from '../../shared/plural.js';
import { readiness } from './service.js';
import * as repo from './plan-repo.js';

export const DEADLINE_REMINDERS_JOB = 'associacao-deadline-reminders';

/**
 * Which reminder is due with `daysLeft` days to the deadline: the smallest of 30, 7 and 1 at or above
 * it (so a job that did not run on the day itself still reminds the next time), or null.
 */
export function reminderDue(daysLeft: number): number | null {
  if (daysLeft < 0) return null;
  const due = [...DEADLINE_REMINDER_DAYS].sort((a, b) => a - b).find((d) => daysLeft <= d);
  return due ?? null;
}

/**
 * The SGC/seguro deadline reminders (issue 48): 30, 7 and 1 days before the club's deadline (10
 * February unless the Associação set another), to the director(s) and the secretary, through the
 * notifications. Run hourly by every instance: the dedupe key holds the registration year and the
 * reminder, so each person is told exactly once per reminder whatever runs it.
 */
export async function sendDeadlineReminders(db: Db, now: Date = new Date()): Promise<number> {
  const clubs = await repo.remindableClubs(db, now);
  const run = new ClubJobRun(db, DEADLINE_REMINDERS_JOB);
  let n = 0;
  for (const c of clubs) {
    const cycle = registrationCycle(c.today, c);
    const due = reminderDue(cycle.daysLeft);
    if (due === null) continue;
    n += (await run.inTransaction(c.club_id, async (tx) => {
      const to = await membersWithRoles(tx, c.club_id, ['admin', 'secretary']);
      if (to.length === 0) return 0;
      const r = await readiness(tx, c.club_id);
      const when = cycle.daysLeft === 0 ? 'é hoje' : `em ${plural(cycle.daysLeft, 'dia', 'dias')}`;
      return notifyMany(tx, { clubId: c.club_id, category: 'leadership', kind: 'associacao.deadline', urgent: due === 1 }, [{
        to,
        title: `Prazo do SGC e do seguro ${when} (${brDay(cycle.deadline)})`,
        body: `${r.sgc_ready} de ${r.total} ${pluralWord(r.total, 'membro pronto', 'membros prontos')} para o SGC; ${r.insured} de ${r.total} com seguro.`,
        link: '/dashboard/associacao',
        dedupeKey: `associacao.deadline:${cycle.year}:${due}`,
      }]);
    })) ?? 0;
  }
  await run.finish();
  return n;
}
