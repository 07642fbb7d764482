import type { z } from 'zod';
import type { Db, Queryable } from '../db/index.js';
import { writeAudit } from '../audit/repo.js';
import { badRequest, conflict, forbidden, notFound } from '../core/errors.js';
import { scopeOf, type ClubAccess } from '../core/access.js';
import { PERMISSION_MSG } from '../../shared/permissions.js';
import { PAT_MSG, type TItemDetail, type TLoan, type ZCheckInInput, type ZCheckOutInput } from '../../shared/patrimonio.js';
import * as repo from './repo.js';
import { checkId, getItemDetail } from './service.js';

/**
 * A counsellor (unit scope of 'patrimonio.lend') lends to their own unit or to themselves, and takes back
 * only those loans; the other leaders act on any loan.
 */
async function assertLoanInReach(q: Queryable, access: ClubAccess, unitId: string | null, memberId: string | null): Promise<void> {
  if (scopeOf(access, 'patrimonio.lend') === 'club') return;
  const me = await repo.memberOf(q, access.clubId, access.profileId);
  const mine = (unitId !== null && unitId === (access.unitId ?? null)) || (memberId !== null && memberId === me?.id);
  if (!mine) throw forbidden(PERMISSION_MSG.otherUnit);
}

/**
 * Lends some units of an item. The item row is locked first, so two leaders lending the last tent at
 * once take turns: the second finds nothing available and is refused (issue 50).
 */
export async function checkOut(db: Db, access: ClubAccess, itemId: string, input: z.output<typeof ZCheckOutInput>): Promise<TItemDetail> {
  checkId(itemId, PAT_MSG.itemNotFound);
  return db.transaction(async (tx) => {
    const item = await repo.lockItem(tx, access.clubId, itemId);
    if (!item) throw notFound(PAT_MSG.itemNotFound);
    const borrower = await repo.findBorrower(tx, access.clubId, input.borrower_kind, input.borrower_id);
    if (!borrower) throw badRequest({ unidade: PAT_MSG.unitNotFound, lider: PAT_MSG.leaderNotFound, evento: PAT_MSG.eventNotFound }[input.borrower_kind]);
    const unitId = input.borrower_kind === 'unidade' ? input.borrower_id : null;
    const memberId = input.borrower_kind === 'lider' ? input.borrower_id : null;
    await assertLoanInReach(tx, access, unitId, memberId);
    if (input.due_on < (await repo.today(tx, access.clubId))) throw badRequest(PAT_MSG.dueBeforeToday);
    const available = item.quantity - item.written_off - item.out;
    if (input.quantity > available) throw conflict(PAT_MSG.notAvailable(available));
    const loanId = await repo.insertLoan(tx, access.clubId, itemId, {
      quantity: input.quantity, kind: input.borrower_kind, unitId, memberId, eventId: input.borrower_kind === 'evento' ? input.borrower_id : null,
      name: borrower.name, dueOn: input.due_on, condition: item.condition,
    }, access.profileId);
    await repo.appendHistory(tx, access.clubId, itemId, {
      kind: 'emprestimo', quantity: input.quantity, conditionBefore: item.condition, note: `Para ${borrower.name}, devolver até ${brDate(input.due_on)}.`, loanId, actorId: access.profileId,
    });
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'patrimonio.check_out', entity: 'patrimonio_item', entityId: itemId, after: { loan_id: loanId, ...input, borrower_name: borrower.name } });
    return getItemDetail(tx, access.clubId, itemId);
  });
}

const brDate = (iso: string) => iso.split('-').reverse().join('/');

/**
 * Records a return with the condition it came back in (a torn floor: 'ruim' and a note). By item, the
 * oldest open loan returns; an item not out is refused in pt-BR.
 */
export async function checkIn(db: Db, access: ClubAccess, itemId: string, loanId: string | null, input: z.output<typeof ZCheckInInput>): Promise<TItemDetail> {
  checkId(itemId, PAT_MSG.itemNotFound);
  if (loanId !== null) checkId(loanId, PAT_MSG.loanNotFound);
  return db.transaction(async (tx) => {
    const item = await repo.lockItem(tx, access.clubId, itemId);
    if (!item) throw notFound(PAT_MSG.itemNotFound);
    const id = loanId ?? (await repo.openLoanIds(tx, access.clubId, itemId))[0];
    if (!id) throw conflict(PAT_MSG.notOut);
    const loan = await repo.lockLoan(tx, access.clubId, id);
    if (!loan || loan.item_id !== itemId) throw notFound(PAT_MSG.loanNotFound);
    if (loan.returned_at !== null) throw conflict(PAT_MSG.alreadyReturned);
    await assertLoanInReach(tx, access, loan.unit_id, loan.member_id);
    await repo.returnLoan(tx, access.clubId, id, input.condition, input.note, access.profileId);
    await repo.appendHistory(tx, access.clubId, itemId, {
      kind: 'devolucao', quantity: loan.quantity, conditionBefore: loan.out_condition, conditionAfter: input.condition, note: input.note, loanId: id, actorId: access.profileId,
    });
    if (input.condition !== item.condition) await repo.setCondition(tx, access.clubId, itemId, input.condition);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'patrimonio.check_in', entity: 'patrimonio_item', entityId: itemId, after: { loan_id: id, ...input } });
    return getItemDetail(tx, access.clubId, itemId);
  });
}

/** What is out now, the overdue first (their due date is the earliest). */
export function openLoans(db: Db, clubId: string): Promise<TLoan[]> {
  return repo.listLoans(db, clubId, { open: true });
}
