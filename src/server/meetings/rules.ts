import type { Db } from '../db/index.js';
import { MEETING_RULE_HORIZON_DAYS } from '../../shared/meetings.js';
import { localDateString } from '../recurring/schedule.js';
import * as repo from './repo.js';
import { ClubJobRun } from '../db/club-job-run.js';

const DAY_MS = 86_400_000;
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const weekdayOf = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();

/**
 * Club-local dates on the rule's weekday, from today (or the rule's start, or the day after the last
 * one generated, whichever is latest) up to the horizon. Pure: same inputs, same dates.
 */
export function ruleDates(rule: Pick<repo.ClaimedRule, 'weekday' | 'start_date' | 'last_generated_date'>, today: string, horizonDays = MEETING_RULE_HORIZON_DAYS): string[] {
  let from = today > rule.start_date ? today : rule.start_date;
  if (rule.last_generated_date && addDays(rule.last_generated_date, 1) > from) from = addDays(rule.last_generated_date, 1);
  const until = addDays(today, horizonDays);
  const dates: string[] = [];
  for (let d = addDays(from, (rule.weekday - weekdayOf(from) + 7) % 7); d <= until; d = addDays(d, 7)) dates.push(d);
  return dates;
}

export const MEETING_RULES_JOB = 'meeting-rules';

/**
 * Creates the next meetings of every active rule (of one club or one rule when scoped), exactly once
 * even with several app instances on one PostgreSQL: rules are claimed FOR UPDATE SKIP LOCKED, a
 * meeting is unique on (club_id, rule_id, date) and the cursor moves in the same transaction (ADR 003).
 * Clubs the platform deactivated are skipped; each rule runs in its own savepoint (issue 43), so one
 * that fails is recorded for the super admin under its club and retried next run without stopping the rest.
 */
export async function generateRuleMeetings(db: Db, scope: { clubId?: string; ruleId?: string; now?: Date } = {}): Promise<number> {
  const now = scope.now ?? new Date();
  const run = new ClubJobRun(db, MEETING_RULES_JOB);
  const created = await db.transaction(async (tx) => {
    let n = 0;
    const rules = await repo.claimRules(tx, { clubId: scope.clubId ?? null, ruleId: scope.ruleId ?? null, limit: 500 });
    for (const rule of rules) {
      n += (await run.inSavepoint(tx, rule.club_id, async () => {
        const dates = ruleDates(rule, localDateString(now, rule.timezone));
        const made = await repo.insertRuleMeetings(tx, rule, dates);
        if (dates.length) await repo.moveRuleCursor(tx, rule.id, dates[dates.length - 1]);
        return made;
      })) ?? 0;
    }
    return n;
  });
  await run.finish();
  return created;
}
