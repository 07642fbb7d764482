import { z } from 'zod';
import type { Db, Queryable } from '../db/index.js';
import {
  CHARGE_MSG, type TCharge, type TChargeDetail, type TOpenCharge, type ZCancelCharge, type ZChargeQuery, type ZCreateCharge, type ZRecordPayment,
} from '../../shared/charges.js';
import { pixCopiaECola, type TPixSettings, type ZPixSettingsInput } from '../../shared/pix.js';
import { writeAudit } from '../audit/repo.js';
import { decodeCursor } from '../core/cursor.js';
import { pageOf } from '../db/cursor.js';
import { PG, badRequest, conflict, isPgError, notFound } from '../core/errors.js';
import { notifyCreatedCharges } from './notices.js';
import type { Actor } from '../core/access.js';
import * as repo from './repo.js';
import { isUuid } from '../../shared/ids.js';


function checkId(id: string, message: string): void {
  if (!isUuid(id)) throw notFound(message);
}

/** The money functions raise P0001 for the user's mistake and P0002 for something missing, in pt-BR. */
function translateMoneyError(err: unknown): never {
  if (isPgError(err)) {
    if (err.code === PG.raise) throw badRequest(err.message);
    if (err.code === 'P0002') throw notFound(err.message);
    // Two reversals of one payment racing: the second finds the transaction already reversed.
    if (err.code === PG.uniqueViolation) throw conflict('Este pagamento já foi estornado.');
  }
  throw err;
}

async function mustGetCharge(q: Queryable, clubId: string, id: string): Promise<TCharge> {
  const row = await repo.getCharge(q, clubId, id);
  if (!row) throw notFound(CHARGE_MSG.chargeNotFound);
  return row;
}

export async function getChargeDetail(q: Queryable, clubId: string, id: string): Promise<TChargeDetail> {
  checkId(id, CHARGE_MSG.chargeNotFound);
  const charge = await mustGetCharge(q, clubId, id);
  const [withPix] = await withPixCodes(q, clubId, [charge]);
  return { ...withPix, payments: await repo.listPayments(q, clubId, id), payer_suggestions: await repo.guardianNames(q, clubId, charge.profile_id) };
}

/** Each charge with the PIX copia e cola of what it still owes (null when paid, cancelled or no PIX key). */
export async function withPixCodes(q: Queryable, clubId: string, charges: TCharge[]): Promise<TOpenCharge[]> {
  const settings = charges.length ? await repo.getPixSettings(q, clubId) : null;
  return charges.map((c) => ({
    ...c,
    pix_copia_e_cola: settings && c.open_amount !== '0.00' ? pixCopiaECola(settings, c.open_amount, c.short_code) : null,
  }));
}

/** A member's own open charges, each with its PIX (their screen and /familia). */
export async function openChargesOf(q: Queryable, clubId: string, profileId: string): Promise<TOpenCharge[]> {
  return withPixCodes(q, clubId, await repo.listOpenCharges(q, clubId, profileId));
}

export async function savePixSettings(db: Db, actor: Actor, input: z.output<typeof ZPixSettingsInput>): Promise<TPixSettings> {
  return db.transaction(async (tx) => {
    const before = await repo.getPixSettings(tx, actor.clubId);
    await repo.upsertPixSettings(tx, actor.clubId, { key: input.pix_key.value, type: input.pix_key.type, name: input.beneficiary_name, city: input.city, by: actor.profileId });
    const after = await repo.getPixSettings(tx, actor.clubId);
    if (!after) throw new Error('PIX settings vanished inside their own transaction');
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'pix_settings.update', entity: 'club', entityId: actor.clubId, before, after });
    return after;
  });
}

const ZChargeCursor = z.tuple([z.iso.date(), z.uuid()]);

export async function listCharges(q: Queryable, clubId: string, query: z.output<typeof ZChargeQuery>) {
  const after = decodeCursor(query.after, ZChargeCursor);
  const rows = await repo.listCharges(q, clubId, { profileId: query.profile_id, origin: query.origin, status: query.status }, after, query.limit);
  const page = pageOf(rows, query.limit, (r) => [r.due_date, r.id]);
  return { charges: page.rows, next_cursor: page.next_cursor };
}

/** The fields of a new charge, whoever writes it (the treasurer's form, an event registration). */
export interface ChargeInput {
  profileId: string;
  description: string;
  amount: string;
  dueDate: string;
  origin: z.output<typeof ZCreateCharge>['origin'];
  eventId?: string;
  registrationId?: string;
}

/**
 * Writes one charge and its audit line inside the caller's transaction (the caller tells the payer
 * with notifyCreatedCharges once its charges are written).
 */
export async function addCharge(tx: Queryable, actor: Actor, input: ChargeInput): Promise<TCharge> {
  const { id } = await repo.insertCharge(tx, actor.clubId, { ...input, createdBy: actor.profileId });
  const created = await mustGetCharge(tx, actor.clubId, id);
  await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'charge.create', entity: 'charge', entityId: id, after: created });
  return created;
}

/**
 * Cancels, with the reason, each of these charges that has no payment standing (an event registration
 * cancelled); the ones with payments stay for the treasurer to reverse. Returns how many were cancelled.
 */
export async function cancelUnpaidCharges(tx: Queryable, actor: Actor, chargeIds: readonly string[], reason: string): Promise<number> {
  let cancelled = 0;
  for (const id of chargeIds) {
    const locked = await repo.lockCharge(tx, actor.clubId, id);
    if (!locked || locked.cancelled || locked.paid_amount !== '0.00') continue;
    await repo.cancelCharge(tx, actor.clubId, id, reason);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'charge.cancel', entity: 'charge', entityId: id, after: { status: 'cancelada', reason } });
    cancelled += 1;
  }
  return cancelled;
}

/** A charge for an active member of the club. */
export async function createCharge(db: Db, actor: Actor, input: z.output<typeof ZCreateCharge>): Promise<TCharge> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await repo.isActiveMember(tx, actor.clubId, input.profile_id))) throw badRequest(CHARGE_MSG.memberNotFound);
      const created = await addCharge(tx, actor, {
        profileId: input.profile_id, description: input.description, amount: input.amount, dueDate: input.due_date, origin: input.origin,
      });
      await notifyCreatedCharges(tx, actor.clubId, [created.id]);
      return created;
    });
  } catch (err) {
    // A monthly due for a month that already has one (the unique index of migration 0600).
    if (isPgError(err) && err.code === PG.uniqueViolation && err.constraint === 'charges_dues_month_key') {
      throw conflict('Este membro já tem a mensalidade deste mês.');
    }
    throw err;
  }
}

type PaymentInput = Omit<z.output<typeof ZRecordPayment>, 'payer_name'> & { payer_name?: string | null };

/** Records a payment and its income transaction together (charge_payment_register), with who paid when known. */
export async function recordPayment(db: Db, actor: Actor, chargeId: string, input: PaymentInput): Promise<TChargeDetail> {
  checkId(chargeId, CHARGE_MSG.chargeNotFound);
  const payment = {
    chargeId, amount: input.amount, paidOn: input.paid_on, method: input.method, cashAccountId: input.cash_account_id, createdBy: actor.profileId,
  };
  const payer = input.payer_name ?? null;
  try {
    if (payer === null) await repo.registerPayment(db, actor.clubId, payment);
    else {
      await db.transaction(async (tx) => {
        const id = await repo.registerPayment(tx, actor.clubId, payment);
        await repo.setPaymentPayer(tx, actor.clubId, id, payer);
      });
    }
  } catch (err) {
    translateMoneyError(err);
  }
  return getChargeDetail(db, actor.clubId, chargeId);
}

/** 'Estornar pagamento': reverses its income transaction; the charge owes that amount again. */
export async function reversePayment(db: Db, actor: Actor, chargeId: string, paymentId: string): Promise<TChargeDetail> {
  checkId(chargeId, CHARGE_MSG.chargeNotFound);
  checkId(paymentId, CHARGE_MSG.paymentNotFound);
  const owner = await repo.getPaymentChargeId(db, actor.clubId, paymentId);
  if (!owner || owner.charge_id !== chargeId) throw notFound(CHARGE_MSG.paymentNotFound);
  try {
    await repo.reversePayment(db, actor.clubId, paymentId, actor.profileId);
  } catch (err) {
    translateMoneyError(err);
  }
  return getChargeDetail(db, actor.clubId, chargeId);
}

/** Cancelling needs a reason and is audited; a charge with payments standing must have them reversed first. */
export async function cancelCharge(db: Db, actor: Actor, chargeId: string, input: z.output<typeof ZCancelCharge>): Promise<TChargeDetail> {
  checkId(chargeId, CHARGE_MSG.chargeNotFound);
  return db.transaction(async (tx) => {
    const locked = await repo.lockCharge(tx, actor.clubId, chargeId);
    if (!locked) throw notFound(CHARGE_MSG.chargeNotFound);
    if (locked.cancelled) throw conflict(CHARGE_MSG.alreadyCancelled);
    if (locked.paid_amount !== '0.00') throw badRequest(CHARGE_MSG.cancelPaid);
    const before = await mustGetCharge(tx, actor.clubId, chargeId);
    await repo.cancelCharge(tx, actor.clubId, chargeId, input.reason);
    const after = await getChargeDetail(tx, actor.clubId, chargeId);
    await writeAudit(tx, { clubId: actor.clubId, actorId: actor.profileId, action: 'charge.cancel', entity: 'charge', entityId: chargeId, before, after: { status: after.status, reason: input.reason } });
    return after;
  });
}
