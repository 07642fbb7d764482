import type { Db, Queryable } from '../db/index.js';
import type { ClubAccess } from '../core/access.js';
import { notFound } from '../core/errors.js';
import { writeAudit } from '../audit/repo.js';
import { toCsv } from '../csv.js';
import { ROLE_LABELS, isClubRole } from '../../shared/permissions.js';
import {
  ASSOC_MSG, SEX_LABELS, SGC_FIELDS, SGC_FIELD_LABELS, formatCpf, registrationCycle, requiredSgcFields,
  type TReadiness, type TSgcField, type TSgcMember, type ZInsuranceInput, type ZSgcFieldsInput,
} from '../../shared/associacao.js';
import type { z } from 'zod';
import * as repo from './repo.js';

const functionLabel = (row: repo.SgcRow) => row.title?.trim() || (isClubRole(row.role) ? ROLE_LABELS[row.role] : row.role);

/** The SGC fields this member still lacks (a guardian only for a minor; unit and class only for a Desbravador(a)). */
function missingOf(row: repo.SgcRow): TSgcField[] {
  const present: Record<TSgcField, boolean> = {
    full_name: row.full_name.trim() !== '', birth_date: row.birth_date !== null, sex: row.sex !== null, cpf: row.cpf !== null,
    rg: row.rg !== null, address: row.address !== null, phone: row.phone !== null, guardian: row.guardian_name !== null,
    unit: row.unit_name !== null, function: true, class: row.class_name !== null,
  };
  return requiredSgcFields(row).filter((f) => !present[f]);
}

function toMember(row: repo.SgcRow): TSgcMember {
  return {
    member_id: row.member_id, full_name: row.full_name, birth_date: row.birth_date, minor: row.minor, sex: row.sex, cpf: row.cpf,
    cpf_owner: row.cpf_owner, rg: row.rg, address: row.address, phone: row.phone, guardian_name: row.guardian_name, unit_name: row.unit_name,
    function_label: functionLabel(row), class_name: row.class_name, missing: missingOf(row), insured: row.insured,
    policy_number: row.policy_number, insured_on: row.insured_on,
  };
}

/** The readiness panel: the registration year, its deadline, how many members are ready and insured, and each member. */
export async function readiness(db: Queryable, clubId: string): Promise<TReadiness> {
  const facts = await repo.clubCalendarFacts(db, clubId);
  const cycle = registrationCycle(facts.today, facts);
  const members = (await repo.listSgcRows(db, clubId, cycle.year)).map(toMember);
  return {
    year: cycle.year, deadline: cycle.deadline, days_left: cycle.daysLeft, total: members.length,
    sgc_ready: members.filter((m) => m.missing.length === 0).length,
    insured: members.filter((m) => m.insured).length,
    members,
  };
}

/** The readiness of many clubs, counts only (the regional view): three statements, whatever the number of clubs. */
export async function readinessCounts(db: Queryable, clubIds: string[]): Promise<Map<string, Omit<TReadiness, 'members'>>> {
  const cycles = new Map((await repo.clubsCalendarFacts(db, clubIds)).map((f) => [f.club_id, registrationCycle(f.today, f)]));
  const counts = await sgcCountsOfClubs(db, [...cycles].map(([clubId, c]) => ({ clubId, year: c.year })));
  return new Map([...cycles].map(([clubId, c]) => [clubId, { year: c.year, deadline: c.deadline, days_left: c.daysLeft, ...(counts.get(clubId) ?? NO_MEMBERS) }]));
}

export interface SgcCounts {
  total: number;
  sgc_ready: number;
  insured: number;
}

/** The counts of a club with no active member. */
export const NO_MEMBERS: SgcCounts = { total: 0, sgc_ready: 0, insured: 0 };

/**
 * How many active members each club has, how many have every SGC field and how many are insured for the
 * club's `year` (the readiness panel's cycle, the evaluation's calendar year): one statement for any
 * number of clubs; every club asked for is in the answer.
 */
export async function sgcCountsOfClubs(db: Queryable, clubs: Array<{ clubId: string; year: number }>): Promise<Map<string, SgcCounts>> {
  const counts = new Map<string, SgcCounts>(clubs.map((c) => [c.clubId, { ...NO_MEMBERS }]));
  for (const row of await repo.listSgcRowsOfClubs(db, clubs)) {
    const n = counts.get(row.club_id);
    if (!n) continue;
    n.total += 1;
    if (missingOf(row).length === 0) n.sgc_ready += 1;
    if (row.insured) n.insured += 1;
  }
  return counts;
}

/** Saves a member's SGC fields (the birth date on the member record, the rest in the SGC record), audited by field name only. */
export async function saveSgcFields(db: Db, access: ClubAccess, memberId: string, input: z.output<typeof ZSgcFieldsInput>): Promise<TSgcMember> {
  return db.transaction(async (tx) => {
    const member = await repo.lockMember(tx, access.clubId, memberId);
    if (!member) throw notFound(ASSOC_MSG.memberNotFound);
    const before = await repo.findSgcFields(tx, memberId);
    const { birth_date: birthDate, ...fields } = input;
    await repo.saveSgcFields(tx, access.clubId, memberId, fields, access.profileId);
    if (birthDate !== member.birth_date) await repo.saveBirthDate(tx, access.clubId, memberId, birthDate);
    // The log says which fields changed, never their values: a CPF or an address does not belong in it.
    const changed = Object.entries(fields).filter(([k, v]) => (before ? before[k as keyof repo.SgcFields] : null) !== v).map(([k]) => k);
    if (birthDate !== member.birth_date) changed.unshift('birth_date');
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'associacao.sgc_update', entity: 'member', entityId: memberId, after: { changed_fields: changed.join(', ') } });
    const facts = await repo.clubCalendarFacts(tx, access.clubId);
    const [row] = await repo.listSgcRows(tx, access.clubId, registrationCycle(facts.today, facts).year, memberId);
    return toMember(row);
  });
}

/** Records whether a member is insured for a year (policy or certificate number and date). */
export async function saveInsurance(db: Db, access: ClubAccess, memberId: string, input: z.output<typeof ZInsuranceInput>): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await repo.lockMember(tx, access.clubId, memberId))) throw notFound(ASSOC_MSG.memberNotFound);
    await repo.saveInsurance(tx, access.clubId, memberId, input, access.profileId);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'associacao.insurance_update', entity: 'member', entityId: memberId, after: { year: input.year, insured: input.insured } });
  });
}

export async function saveDeadline(db: Db, access: ClubAccess, month: number, day: number): Promise<void> {
  await db.transaction(async (tx) => {
    await repo.saveDeadline(tx, access.clubId, month, day);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'associacao.deadline_update', entity: 'club', entityId: access.clubId, after: { deadline_month: month, deadline_day: day } });
  });
}

/**
 * Whether a member is covered by a seguro on `date` (AAAA-MM-DD): insured for that year, dated on or
 * before it. For other domains (a saída's registration warns when it is false).
 */
export function isInsured(db: Queryable, clubId: string, memberId: string, date: string): Promise<boolean> {
  return repo.insuredOn(db, clubId, memberId, date);
}

/** {@link isInsured} for a list (a saída's roster): the members of `memberIds` covered on `date`. */
export async function insuredMembers(db: Queryable, clubId: string, memberIds: string[], date: string): Promise<Set<string>> {
  return new Set(await repo.insuredAmong(db, clubId, memberIds, date));
}

const brDate = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');

/** The members in the SGC's field order, with the seguro of the year at the end; nothing about health. */
export function sgcCsv(r: TReadiness): string {
  const header = [...SGC_FIELDS.map((f) => SGC_FIELD_LABELS[f]), 'CPF de', 'Seguro', 'Apólice/certificado', 'Data do seguro', 'Faltando'];
  const rows = r.members.map((m) => [
    m.full_name, brDate(m.birth_date), m.sex ? SEX_LABELS[m.sex] : '', m.cpf ? formatCpf(m.cpf) : '', m.rg, m.address, m.phone,
    m.guardian_name, m.unit_name, m.function_label, m.class_name, m.cpf ? (m.cpf_owner === 'member' ? 'Membro' : 'Responsável') : '',
    m.insured ? 'Sim' : 'Não', m.policy_number, brDate(m.insured_on), m.missing.map((f) => SGC_FIELD_LABELS[f]).join(', '),
  ]);
  return toCsv([header, ...rows]);
}
