import type { Db, Queryable } from '../db/index.js';
import {
  HEALTH_FORM_STATE_LABEL, PAYMENT_STATE_LABEL, type TParticipant, type TRoster,
} from '../../shared/events.js';
import type { ClubAccess } from '../core/access.js';
import { writeAudit } from '../audit/repo.js';
import { csvNumber, toCsv, type CsvCell } from '../csv.js';
import { ZHealthForm } from '../../shared/families.js';
import type { HealthCipher } from '../families/health-key.js';
import { mustGetEvent } from './service.js';
import * as rosterRepo from './roster-repo.js';

/**
 * Who may see the emergency contacts of the fichas médicas: the director and the members the club gave
 * the 'saúde' permission, as for the health forms themselves (ADR of issue 16).
 */
export async function canSeeHealth(q: Queryable, access: ClubAccess): Promise<boolean> {
  if (access.isAdmin) return true;
  return rosterRepo.healthAccess(q, access.clubId, access.profileId);
}

/**
 * The event's roster: every participant with the checklist (autorização, ficha médica, pagamento and
 * the club's items) and, for a reader who may see health data, the emergency contacts of the ficha
 * médica of those whose consent is in force. That read is audited, naming everyone read.
 */
export async function getRoster(db: Db, cipher: HealthCipher, access: ClubAccess, eventId: string): Promise<TRoster> {
  const roster = await readRoster(db, cipher, access, eventId);
  await auditRosterRead(db, access, eventId, roster);
  return roster;
}

/** Writes who read whose emergency contacts ('event.roster_health'), when the roster handed any out. */
export async function auditRosterRead(db: Db, access: ClubAccess, eventId: string, roster: TRoster): Promise<void> {
  if (!roster.health_visible || roster.participants.length === 0) return;
  await writeAudit(db, {
    clubId: access.clubId, actorId: access.profileId, action: 'event.roster_health', entity: 'event', entityId: eventId,
    after: { members: roster.participants.filter((p) => p.emergency_contacts !== null).map((p) => p.member_id) },
  });
}

/** {@link getRoster} without its audit line: the caller audits what it hands out ({@link auditRosterRead}). */
export async function readRoster(db: Db, cipher: HealthCipher, access: ClubAccess, eventId: string): Promise<TRoster> {
  const event = await mustGetEvent(db, access.clubId, eventId);
  const rows = await rosterRepo.participantRows(db, access.clubId, eventId);
  const ticks = await rosterRepo.checklistTicks(db, access.clubId, eventId);
  const done = new Set(ticks.map((t) => `${t.registration_id}:${t.item_id}`));
  const healthVisible = await canSeeHealth(db, access);
  const participants = rows.map((r): TParticipant => {
    const items = event.checklist_items.map((i) => ({ item_id: i.id, label: i.label, done: done.has(`${r.registration_id}:${i.id}`) }));
    const payment = !r.charged ? 'sem_custo' : r.open_amount === '0.00' ? 'pago' : r.overdue ? 'atrasado' : 'em_dia';
    const authorisation = r.signed_name && r.signed_at && r.version !== null ? { signed_name: r.signed_name, signed_at: r.signed_at, version: r.version } : null;
    const contactsAllowed = healthVisible && (r.consent === 'granted' || r.consent === 'not_required');
    return {
      registration_id: r.registration_id, member_id: r.member_id, profile_id: r.profile_id, member_name: r.member_name, unit_name: r.unit_name,
      registered_at: r.registered_at, authorisation, health_form: r.health_form, payment,
      amount: r.amount, paid_amount: r.paid_amount, open_amount: r.open_amount, items,
      ready: authorisation !== null && r.health_form === 'em_dia' && payment !== 'atrasado' && items.every((i) => i.done),
      emergency_contacts: !healthVisible ? null : contactsAllowed && r.ciphertext ? ZHealthForm.parse(JSON.parse(cipher.decrypt(r.ciphertext))).emergency_contacts : contactsAllowed ? [] : null,
    };
  });
  return { event, health_visible: healthVisible, participants };
}

function brDateTime(iso: string, timezone: string): string {
  return new Date(iso).toLocaleString('pt-BR', { timeZone: timezone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** The roster as a pt-BR spreadsheet: one line per participant, one column per checklist item. */
export function rosterCsv(roster: TRoster, timezone: string): string {
  const items = roster.event.checklist_items;
  const header: CsvCell[] = [
    'Participante', 'Unidade', 'Autorização', 'Ficha médica', 'Pagamento', 'Valor (R$)', 'Pago (R$)', 'Em aberto (R$)',
    ...items.map((i) => i.label), 'Tudo pronto', ...(roster.health_visible ? ['Contatos de emergência'] : []),
  ];
  const money = (v: string) => csvNumber(v.replace('.', ','));
  const lines = roster.participants.map((p): CsvCell[] => [
    p.member_name, p.unit_name,
    p.authorisation ? `Assinada por ${p.authorisation.signed_name} em ${brDateTime(p.authorisation.signed_at, timezone)}` : 'Pendente',
    HEALTH_FORM_STATE_LABEL[p.health_form], PAYMENT_STATE_LABEL[p.payment], money(p.amount), money(p.paid_amount), money(p.open_amount),
    ...p.items.map((i) => (i.done ? 'Sim' : 'Não')), p.ready ? 'Sim' : 'Não',
    ...(roster.health_visible ? [(p.emergency_contacts ?? []).map((c) => `${c.name}${c.relationship ? ` (${c.relationship})` : ''}: ${c.phone}`).join(' | ')] : []),
  ]);
  return toCsv([header, ...lines]);
}
