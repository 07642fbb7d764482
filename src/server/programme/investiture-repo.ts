import type { Queryable } from '../db/index.js';
import { maybeOne, one } from '../db/index.js';
import type { TInvestiture } from '../../shared/programme.js';

// Investiduras (investiture.ts) ---------------------------------------------------------------------

export function investitureHead(q: Queryable, clubId: string, id: string) {
  return maybeOne<{ id: string; held_on: string; place: string; club_name: string }>(
    q,
    `SELECT v.id, v.held_on, v.place, c.name AS club_name FROM programme_investitures v JOIN clubs c ON c.id = v.club_id WHERE v.club_id = $1 AND v.id = $2`,
    [clubId, id],
  );
}

/** Who was invested in what at one investidura, by item then name (the ceremony's list). */
export function investedAt(q: Queryable, clubId: string, id: string) {
  return q.query<TInvestiture['invested'][number]>(
    `SELECT e.id AS enrolment_id, e.member_id, p.full_name, e.item_code, i.name AS item_name, e.kind
       FROM programme_enrolments e JOIN club_members cm ON cm.id = e.member_id JOIN profiles p ON p.id = cm.profile_id JOIN programme_items i ON i.code = e.item_code
      WHERE e.club_id = $1 AND e.investiture_id = $2 ORDER BY e.kind, i.position, p.full_name, e.id`,
    [clubId, id],
  );
}

export function listInvestitures(q: Queryable, clubId: string) {
  return q.query<{ id: string; held_on: string; place: string; count: number }>(
    `SELECT v.id, v.held_on, v.place, (SELECT count(*) FROM programme_enrolments e WHERE e.club_id = v.club_id AND e.investiture_id = v.id)::int AS count
       FROM programme_investitures v WHERE v.club_id = $1 ORDER BY v.held_on DESC, v.created_at DESC LIMIT 200`,
    [clubId],
  );
}

/** The enrolments to invest, locked in id order. */
export function lockForInvestiture(tx: Queryable, clubId: string, ids: string[]) {
  return tx.query<{ id: string; completed_on: string | null; invested_on: string | null }>(
    'SELECT id, completed_on, invested_on FROM programme_enrolments WHERE club_id = $1 AND id = ANY($2::uuid[]) ORDER BY id FOR UPDATE',
    [clubId, ids],
  );
}

/** One advanced class among these whose regular class is neither complete nor invested, with both names, or null. */
export async function advancedBeforeRegular(tx: Queryable, clubId: string, ids: string[]) {
  const [early] = await tx.query<{ item: string; regular: string }>(
    `SELECT i.name AS item, r.name AS regular FROM programme_enrolments e
         JOIN programme_items i ON i.code = e.item_code AND i.class_kind = 'avancada'
         JOIN programme_items r ON r.code = i.prerequisite
        WHERE e.club_id = $1 AND e.id = ANY($2::uuid[])
          AND NOT EXISTS (SELECT 1 FROM programme_enrolments p WHERE p.club_id = e.club_id AND p.member_id = e.member_id
                            AND p.item_code = i.prerequisite AND (p.completed_on IS NOT NULL OR p.invested_on IS NOT NULL))
        LIMIT 1`,
    [clubId, ids],
  );
  return early ?? null;
}

export async function insertInvestiture(tx: Queryable, clubId: string, heldOn: string, place: string, createdBy: string): Promise<string> {
  const { id } = await one<{ id: string }>(tx, 'INSERT INTO programme_investitures (club_id, held_on, place, created_by) VALUES ($1, $2, $3, $4) RETURNING id', [clubId, heldOn, place, createdBy]);
  return id;
}

export function markInvested(tx: Queryable, clubId: string, ids: string[], heldOn: string, investitureId: string) {
  return tx.query('UPDATE programme_enrolments SET invested_on = $3, investiture_id = $4 WHERE club_id = $1 AND id = ANY($2::uuid[])', [clubId, ids, heldOn, investitureId]);
}

/** The enrolments just invested, with their members and items, in id order. */
export function investedEnrolments(tx: Queryable, clubId: string, ids: string[]) {
  return tx.query<{ enrolment_id: string; profile_id: string; full_name: string; item_name: string; kind: 'class' | 'specialty' }>(
    `SELECT e.id AS enrolment_id, cm.profile_id, p.full_name, i.name AS item_name, e.kind
         FROM programme_enrolments e JOIN club_members cm ON cm.id = e.member_id JOIN profiles p ON p.id = cm.profile_id JOIN programme_items i ON i.code = e.item_code
        WHERE e.club_id = $1 AND e.id = ANY($2::uuid[]) ORDER BY e.id`,
    [clubId, ids],
  );
}
