import type { Db, Queryable } from '../db/index.js';
import { maybeOne, one } from '../db/index.js';
import { AppError, badRequest, notFound } from '../core/errors.js';
import type { ClubAccess } from '../core/access.js';
import { writeAudit } from '../audit/repo.js';
import { PROGRAMME_MSG, type TInvestiture } from '../../shared/programme.js';
import { clubToday } from './repo.js';
import { notifyInvested } from './notices.js';
import { draftAtoFromFact } from '../secretaria/ato-drafts.js';

/** One investidura with who was invested in what, by item then name (the ceremony's list). */
export async function getInvestiture(q: Queryable, clubId: string, id: string): Promise<TInvestiture> {
  const head = await maybeOne<{ id: string; held_on: string; place: string; club_name: string }>(
    q,
    `SELECT v.id, v.held_on, v.place, c.name AS club_name FROM programme_investitures v JOIN clubs c ON c.id = v.club_id WHERE v.club_id = $1 AND v.id = $2`,
    [clubId, id],
  );
  if (!head) throw notFound(PROGRAMME_MSG.investitureNotFound);
  const invested = await q.query<TInvestiture['invested'][number]>(
    `SELECT e.id AS enrolment_id, e.member_id, p.full_name, e.item_code, i.name AS item_name, e.kind
       FROM programme_enrolments e JOIN club_members cm ON cm.id = e.member_id JOIN profiles p ON p.id = cm.profile_id JOIN programme_items i ON i.code = e.item_code
      WHERE e.club_id = $1 AND e.investiture_id = $2 ORDER BY e.kind, i.position, p.full_name, e.id`,
    [clubId, id],
  );
  return { ...head, invested };
}

export function listInvestitures(q: Queryable, clubId: string) {
  return q.query<{ id: string; held_on: string; place: string; count: number }>(
    `SELECT v.id, v.held_on, v.place, (SELECT count(*) FROM programme_enrolments e WHERE e.club_id = v.club_id AND e.investiture_id = v.id)::int AS count
       FROM programme_investitures v WHERE v.club_id = $1 ORDER BY v.held_on DESC, v.created_at DESC LIMIT 200`,
    [clubId],
  );
}

/**
 * Records an investidura: the ceremony and, in the same transaction, every enrolment given as
 * invested on its date. Each must be complete and not yet invested (locked, so a second recording
 * of the same kid at once is refused rather than doubled). Each member and their guardians are told
 * 'investidura registrada' in that transaction.
 */
export async function recordInvestiture(db: Db, access: ClubAccess, input: { held_on: string; place: string; enrolment_ids: string[] }): Promise<TInvestiture> {
  const ids = [...new Set(input.enrolment_ids)];
  return db.transaction(async (tx) => {
    if (input.held_on > (await clubToday(tx, access.clubId))) throw badRequest(PROGRAMME_MSG.investitureDateInvalid);
    const rows = await tx.query<{ id: string; completed_on: string | null; invested_on: string | null }>(
      'SELECT id, completed_on, invested_on FROM programme_enrolments WHERE club_id = $1 AND id = ANY($2::uuid[]) ORDER BY id FOR UPDATE',
      [access.clubId, ids],
    );
    if (rows.length !== ids.length) throw notFound(PROGRAMME_MSG.enrolmentNotFound);
    if (rows.some((r) => !r.completed_on || r.invested_on)) throw new AppError('conflict', 409, PROGRAMME_MSG.notReady);
    // An advanced class runs beside its regular class (issue 43) but is invested only once the
    // regular one is complete (invested before, or at this ceremony, which takes complete ones only).
    const [early] = await tx.query<{ item: string; regular: string }>(
      `SELECT i.name AS item, r.name AS regular FROM programme_enrolments e
         JOIN programme_items i ON i.code = e.item_code AND i.class_kind = 'avancada'
         JOIN programme_items r ON r.code = i.prerequisite
        WHERE e.club_id = $1 AND e.id = ANY($2::uuid[])
          AND NOT EXISTS (SELECT 1 FROM programme_enrolments p WHERE p.club_id = e.club_id AND p.member_id = e.member_id
                            AND p.item_code = i.prerequisite AND (p.completed_on IS NOT NULL OR p.invested_on IS NOT NULL))
        LIMIT 1`,
      [access.clubId, ids],
    );
    if (early) throw new AppError('conflict', 409, PROGRAMME_MSG.advancedNeedsRegular(early.item, early.regular));
    const { id } = await one<{ id: string }>(tx, 'INSERT INTO programme_investitures (club_id, held_on, place, created_by) VALUES ($1, $2, $3, $4) RETURNING id', [access.clubId, input.held_on, input.place, access.profileId]);
    await tx.query('UPDATE programme_enrolments SET invested_on = $3, investiture_id = $4 WHERE club_id = $1 AND id = ANY($2::uuid[])', [access.clubId, ids, input.held_on, id]);
    const invested = await tx.query<{ enrolment_id: string; profile_id: string; full_name: string; item_name: string; kind: 'class' | 'specialty' }>(
      `SELECT e.id AS enrolment_id, cm.profile_id, p.full_name, i.name AS item_name, e.kind
         FROM programme_enrolments e JOIN club_members cm ON cm.id = e.member_id JOIN profiles p ON p.id = cm.profile_id JOIN programme_items i ON i.code = e.item_code
        WHERE e.club_id = $1 AND e.id = ANY($2::uuid[]) ORDER BY e.id`,
      [access.clubId, ids],
    );
    // Each member invested is one act in the livro de atos (a draft the secretary confirms).
    const byMember = new Map<string, string[]>();
    for (const r of invested) byMember.set(r.profile_id, [...(byMember.get(r.profile_id) ?? []), r.item_name]);
    for (const [profileId, items] of byMember) {
      await draftAtoFromFact(tx, access.clubId, { kind: 'investidura', who: { profileId }, date: input.held_on, body: `Investidura em ${items.join(', ')} (cerimônia em ${input.place}).` }, access.profileId);
    }
    await notifyInvested(tx, access.clubId, invested.map((r) => ({ member: r, enrolmentId: r.enrolment_id, itemName: r.item_name, kind: r.kind })), input.held_on, input.place);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'programme.investiture', entity: 'programme_investiture', entityId: id, after: { held_on: input.held_on, place: input.place, invested: ids.length } });
    return getInvestiture(tx, access.clubId, id);
  });
}
