import type { Db, Queryable } from '../db/index.js';
import { formatBrl } from '../../shared/format-brl.js';
import { guardiansByMember, notifyMany, type NoticeItem } from '../notifications/notify.js';
import * as noticeRepo from './notice-repo.js';
import type { ChargeNotice } from './notice-repo.js';
import { ClubJobRun } from '../db/club-job-run.js';

export const CHARGE_REMINDERS_JOB = 'charge-reminders';

/** Days before the due date when the payer is reminded, and days late when they are told it is overdue. */
export const DUE_SOON_DAYS = 3;
export const OVERDUE_DAYS = [1, 7, 30] as const;

const brDate = (iso: string) => iso.split('-').reverse().join('/');

/**
 * 'Nova cobrança' for the charges written by this transaction (one, or a month of dues): once per charge,
 * to the member (their Cobranças) and their guardians (/familia). Every charge's notices in one statement.
 */
export async function notifyCreatedCharges(tx: Queryable, clubId: string, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await noticeRepo.createdChargeNotices(tx, clubId, ids);
  // A month of dues: every member's guardians in one query, not one per charge.
  const guardians = await guardiansByMember(tx, clubId, [...new Set(rows.map((c) => c.profile_id))]);
  const items: NoticeItem[] = [];
  for (const c of rows) {
    const text = {
      title: `Nova cobrança: ${c.description}`,
      body: `R$ ${formatBrl(c.open_amount)}, vencimento em ${brDate(c.due_date)}. O PIX para pagar está em Cobranças.`,
      dedupeKey: `charge.created:${c.id}`,
    };
    items.push({ ...text, to: [c.profile_id], link: '/dashboard/cobrancas' }, { ...text, to: guardians.get(c.profile_id) ?? [], link: '/familia' });
  }
  return notifyMany(tx, { clubId, category: 'money', kind: 'charge.created', urgent: false }, items);
}

/**
 * The daily reminders (run hourly by the job, in every instance): open charges due in 3 days, and
 * overdue ones 1, 7 and 30 days late, each day computed in the club's time zone. The dedupe key holds
 * the charge and the club's day, so a charge is told at most once per day whatever runs it.
 */
export async function sendChargeReminders(db: Db, now: Date = new Date()): Promise<number> {
  const rows = await noticeRepo.reminderCandidates(db, now, DUE_SOON_DAYS, OVERDUE_DAYS);
  // One transaction per club: its members' guardians read once, each kind of reminder one statement.
  const byClub = new Map<string, typeof rows>();
  for (const c of rows) {
    const list = byClub.get(c.club_id);
    if (list) list.push(c);
    else byClub.set(c.club_id, [c]);
  }
  // Each club in its own transaction (issue 43): one that fails is recorded for the super admin and
  // retried next hour (the day's dedupe key lets it through once), and never stops another club.
  const run = new ClubJobRun(db, CHARGE_REMINDERS_JOB);
  let n = 0;
  for (const [clubId, charges] of byClub) {
    n += (await run.inTransaction(clubId, async (tx) => {
      const guardians = await guardiansByMember(tx, clubId, [...new Set(charges.map((c) => c.profile_id))]);
      const items = (c: ChargeNotice, text: { title: string; body: string; dedupeKey: string }): NoticeItem[] => [
        { ...text, to: [c.profile_id], link: '/dashboard/cobrancas' },
        { ...text, to: guardians.get(c.profile_id) ?? [], link: '/familia' },
      ];
      const dueSoon = charges.filter((c) => c.late < 0).flatMap((c) => items(c, {
        title: `Cobrança vence em ${DUE_SOON_DAYS} dias: ${c.description}`,
        body: `R$ ${formatBrl(c.open_amount)} em aberto, vencimento em ${brDate(c.due_date)}. O PIX para pagar está em Cobranças.`,
        dedupeKey: `charge.due_soon:${c.id}:${c.today}`,
      }));
      const overdue = charges.filter((c) => c.late > 0).flatMap((c) => items(c, {
        title: `Cobrança vencida: ${c.description}`,
        body: `R$ ${formatBrl(c.open_amount)} em aberto desde ${brDate(c.due_date)}. O PIX para pagar está em Cobranças.`,
        dedupeKey: `charge.overdue:${c.id}:${c.today}`,
      }));
      return (dueSoon.length ? await notifyMany(tx, { clubId, category: 'money', kind: 'charge.due_soon', urgent: false }, dueSoon) : 0)
        + (overdue.length ? await notifyMany(tx, { clubId, category: 'money', kind: 'charge.overdue', urgent: true }, overdue) : 0);
    })) ?? 0;
  }
  await run.finish();
  return n;
}

/** 'Ana', 'Ana e Bruno', 'Ana, Bruno e Caio'. */
const joinNames = (names: string[]) => (names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} e ${names.at(-1)}`);

/**
 * 'Nova cobrança' for a batch (a list, a unit or the club): each member is told of their own charge,
 * and each guardian once for the batch, naming all of their children it charged (issue 43: a family
 * with three children in the club gets one notice, not three). Every notice in one statement.
 */
export async function notifyBatchCharges(tx: Queryable, clubId: string, batchId: string, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await noticeRepo.batchChargeNotices(tx, clubId, ids);
  if (rows.length === 0) return 0;
  const { description, open_amount: amount, due_date: due } = rows[0];
  const title = `Nova cobrança: ${description}`;
  const when = `vencimento em ${brDate(due)}. O PIX para pagar está em Cobranças.`;
  const items: NoticeItem[] = rows.map((c) => ({
    to: [c.profile_id], title, body: `R$ ${formatBrl(amount)}, ${when}`, link: '/dashboard/cobrancas', dedupeKey: `charge.created:${c.id}`,
  }));
  const guardians = await guardiansByMember(tx, clubId, rows.map((c) => c.profile_id));
  const childrenOf = new Map<string, string[]>();
  for (const c of rows) {
    for (const g of guardians.get(c.profile_id) ?? []) childrenOf.set(g, [...(childrenOf.get(g) ?? []), c.member_name]);
  }
  for (const [guardian, children] of childrenOf) {
    const names = children.sort((a, b) => a.localeCompare(b, 'pt-BR'));
    items.push({
      to: [guardian], title, link: '/familia', dedupeKey: `charge.batch:${batchId}`,
      body: `${joinNames(names)}: R$ ${formatBrl(amount)}${names.length > 1 ? ' cada' : ''}, ${when}`,
    });
  }
  return notifyMany(tx, { clubId, category: 'money', kind: 'charge.created', urgent: false }, items);
}
