import type { Queryable } from '../db/index.js';
import { maybeOne } from '../db/index.js';
import { HEALTH_FORM_VALID_MONTHS, type TParticipant } from '../../shared/events.js';
import { CONSENT_STATUS_SQL } from '../families/repo.js';
import { clubTodayOf } from '../db/club-clock.js';

/** Whether the member was given the 'saúde' permission. */
export async function healthAccess(q: Queryable, clubId: string, profileId: string): Promise<boolean> {
  const me = await maybeOne<{ health_access: boolean }>(q, `SELECT health_access FROM club_members WHERE club_id = $1 AND profile_id = $2 AND active`, [clubId, profileId]);
  return me?.health_access ?? false;
}

export interface ParticipantRow extends Omit<TParticipant, 'authorisation' | 'items' | 'ready' | 'emergency_contacts' | 'payment'> {
  signed_name: string | null;
  signed_at: string | null;
  version: number | null;
  consent: string;
  ciphertext: string | null;
  charged: boolean;
  overdue: boolean;
}

/** The registrations in force with their checklist, names in pt-BR order. */
export function participantRows(q: Queryable, clubId: string, eventId: string) {
  return q.query<ParticipantRow>(
    `SELECT r.id AS registration_id, cm.id AS member_id, cm.profile_id, p.full_name AS member_name, u.name AS unit_name, r.registered_at,
            a.signed_name, a.signed_at, a.version,
            CASE WHEN h.id IS NULL THEN 'ausente'
                 WHEN h.updated_at >= now() - make_interval(months => $3::int) THEN 'em_dia' ELSE 'desatualizada' END AS health_form,
            ${CONSENT_STATUS_SQL('cm')} AS consent, h.ciphertext,
            coalesce(ch.amount, 0)::numeric(14,2) AS amount, coalesce(ch.paid, 0)::numeric(14,2) AS paid_amount,
            coalesce(ch.amount - ch.paid, 0)::numeric(14,2) AS open_amount,
            ch.amount IS NOT NULL AS charged, coalesce(ch.overdue, false) AS overdue
       FROM event_registrations r
       JOIN club_members cm ON cm.id = r.member_id
       JOIN profiles p ON p.id = cm.profile_id
       LEFT JOIN units u ON u.id = cm.unit_id
       LEFT JOIN event_authorisations a ON a.club_id = r.club_id AND a.registration_id = r.id AND a.revoked_at IS NULL
       LEFT JOIN health_records h ON h.member_id = cm.id
       LEFT JOIN LATERAL (
         SELECT sum(chg.amount) AS amount, sum(chg.paid_amount) AS paid,
                bool_or(chg.paid_amount < chg.amount AND chg.due_date < ${clubTodayOf('chg.club_id')}) AS overdue
           FROM charges chg WHERE chg.club_id = r.club_id AND chg.event_registration_id = r.id AND chg.cancelled_at IS NULL
       ) ch ON true
      WHERE r.club_id = $1 AND r.event_id = $2 AND r.cancelled_at IS NULL
      ORDER BY pt_sort_key(p.full_name) COLLATE "C", r.id`,
    [clubId, eventId, HEALTH_FORM_VALID_MONTHS],
  );
}

/** The club's checklist items ticked for the event's registrations. */
export function checklistTicks(q: Queryable, clubId: string, eventId: string) {
  return q.query<{ registration_id: string; item_id: string }>(
    `SELECT t.registration_id, t.item_id FROM event_checklist_ticks t
       JOIN event_registrations r ON r.club_id = t.club_id AND r.id = t.registration_id
      WHERE t.club_id = $1 AND r.event_id = $2`,
    [clubId, eventId],
  );
}
