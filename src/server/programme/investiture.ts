import type { Db, Queryable } from '../db/index.js';
import { AppError, badRequest, notFound } from '../core/errors.js';
import type { ClubAccess } from '../core/access.js';
import { writeAudit } from '../audit/repo.js';
import { PROGRAMME_MSG, type TInvestiture } from '../../shared/programme.js';
import { clubToday } from './repo.js';
import * as investitureRepo from './investiture-repo.js';
import { notifyInvested } from './notices.js';
import { draftAtoFromFact } from '../secretaria/ato-drafts.js';

/** One investidura with who was invested in what, by item then name (the ceremony's list). */
export async function getInvestiture(q: Queryable, clubId: string, id: string): Promise<TInvestiture> {
  const head = await investitureRepo.investitureHead(q, clubId, id);
  if (!head) throw notFound(PROGRAMME_MSG.investitureNotFound);
  const invested = await investitureRepo.investedAt(q, clubId, id);
  return { ...head, invested };
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
    const rows = await investitureRepo.lockForInvestiture(tx, access.clubId, ids);
    if (rows.length !== ids.length) throw notFound(PROGRAMME_MSG.enrolmentNotFound);
    if (rows.some((r) => !r.completed_on || r.invested_on)) throw new AppError('conflict', 409, PROGRAMME_MSG.notReady);
    // An advanced class runs beside its regular class (issue 43) but is invested only once the
    // regular one is complete (invested before, or at this ceremony, which takes complete ones only).
    const early = await investitureRepo.advancedBeforeRegular(tx, access.clubId, ids);
    if (early) throw new AppError('conflict', 409, PROGRAMME_MSG.advancedNeedsRegular(early.item, early.regular));
    const id = await investitureRepo.insertInvestiture(tx, access.clubId, input.held_on, input.place, access.profileId);
    await investitureRepo.markInvested(tx, access.clubId, ids, input.held_on, id);
    const invested = await investitureRepo.investedEnrolments(tx, access.clubId, ids);
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
