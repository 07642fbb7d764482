import type { Queryable } from '../db/index.js';
import { clubDate } from '../db/club-clock.js';

export interface ChargeNotice {
  id: string;
  club_id: string;
  profile_id: string;
  description: string;
  open_amount: string;
  due_date: string;
}

const SELECT = `SELECT ch.id, ch.club_id, ch.profile_id, ch.description, (ch.amount - ch.paid_amount)::numeric(14,2)::text AS open_amount, ch.due_date::text AS due_date
                  FROM charges ch`;

/** The charges just written, with what their 'Nova cobrança' says. */
export function createdChargeNotices(tx: Queryable, clubId: string, ids: readonly string[]) {
  return tx.query<ChargeNotice>(`${SELECT} WHERE ch.club_id = $1 AND ch.id = ANY ($2::uuid[])`, [clubId, ids]);
}

/** Open charges of active members of active clubs due in `dueSoonDays` or late by one of `overdueDays`, in each club's calendar. */
export function reminderCandidates(q: Queryable, now: Date, dueSoonDays: number, overdueDays: readonly [number, number, number]) {
  return q.query<ChargeNotice & { today: string; late: number }>(
    `SELECT ch.id, ch.club_id, ch.profile_id, ch.description, (ch.amount - ch.paid_amount)::numeric(14,2)::text AS open_amount,
            ch.due_date::text AS due_date, d.today::text AS today, (d.today - ch.due_date) AS late
       FROM clubs c
       CROSS JOIN LATERAL (SELECT ${clubDate('$1::timestamptz')} AS today) d
       JOIN charges ch ON ch.club_id = c.id AND ch.cancelled_at IS NULL AND ch.paid_amount < ch.amount
        AND ch.due_date = ANY (ARRAY[d.today + $2::int, d.today - $3::int, d.today - $4::int, d.today - $5::int])
       JOIN club_members cm ON cm.club_id = ch.club_id AND cm.profile_id = ch.profile_id AND cm.active
      WHERE c.active`,
    [now.toISOString(), dueSoonDays, ...overdueDays],
  );
}

/** A batch's charges with their members' names. */
export function batchChargeNotices(tx: Queryable, clubId: string, ids: readonly string[]) {
  return tx.query<ChargeNotice & { member_name: string }>(
    `SELECT ch.id, ch.club_id, ch.profile_id, ch.description, ch.amount::text AS open_amount, ch.due_date::text AS due_date, p.full_name AS member_name
       FROM charges ch JOIN profiles p ON p.id = ch.profile_id
      WHERE ch.club_id = $1 AND ch.id = ANY ($2::uuid[])`,
    [clubId, ids],
  );
}
