import type { z } from 'zod';
import type { Queryable } from '../db/index.js';
import { CHARGE_MSG, type TDebtors, type TWhatsAppReminder, type ZDebtorQuery } from '../../shared/charges.js';
import { sumMoney } from '../../shared/money.js';
import { reminderText, whatsAppNumber, whatsAppUrl } from '../../shared/reminder.js';
import { notFound } from '../core/errors.js';
import * as repo from './repo.js';
import { openChargesOf } from './service.js';

/** 'Quem deve': members with an open balance, their buckets, and the club's totals. */
export async function listDebtors(q: Queryable, clubId: string, query: z.output<typeof ZDebtorQuery>): Promise<TDebtors> {
  const members = await repo.listDebtors(q, clubId, { unitId: query.unit_id, origin: query.origin, eventId: query.event_id });
  return {
    total: sumMoney(members.map((m) => m.open_total)),
    late_total: sumMoney(members.flatMap((m) => [m.late_30, m.late_60, m.late_over_60])),
    members,
  };
}

/** The 'Cobrar via WhatsApp' link of one member: their open charges, total and PIX, to the guardian's phone. */
export async function whatsAppReminder(q: Queryable, clubId: string, profileId: string): Promise<TWhatsAppReminder> {
  const [debtor] = await repo.listDebtors(q, clubId, { profileId });
  if (!debtor) throw notFound(CHARGE_MSG.noOpenCharges);
  const charges = await openChargesOf(q, clubId, profileId);
  const text = reminderText({
    clubName: await repo.clubName(q, clubId), contactName: debtor.contact_name, memberName: debtor.member_name, total: debtor.open_total, charges,
  });
  const phone = whatsAppNumber(debtor.contact_phone);
  return { url: whatsAppUrl(phone, text), text, phone };
}
