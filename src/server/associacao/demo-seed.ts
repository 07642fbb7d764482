import type { DemoStep } from '../demo/context.js';
import { completeCpf, registrationCycle } from '../../shared/associacao.js';
import * as repo from './repo.js';
import { insertPost } from './diretoria-repo.js';
import type { TPost } from '../../shared/associacao.js';

/** The demo diretoria: every post but the chaplain's (the panel shows it empty). Names of base.ts and people.ts. */
const DIRETORIA: Array<[TPost, string]> = [
  ['director', 'Diretora Demo'], ['associate', 'Lucas Almeida'], ['associate', 'Ana Souza'], ['secretary', 'Sofia Carvalho'],
  ['treasurer', 'Sofia Carvalho'], ['class_instructor', 'Paulo Mendes'], ['specialty_instructor', 'Paulo Mendes'],
];

/**
 * Readiness half done: the first half of the members by name have every SGC field and a seguro; of the
 * rest, some have a seguro and some a few fields. The secretary has work to do before the deadline.
 */
export const seedDemoAssociacao: DemoStep = async ({ db, clubId, adminId }) => {
  const facts = await repo.clubCalendarFacts(db, clubId);
  const { year } = registrationCycle(facts.today, facts);
  const members = await repo.listSgcRows(db, clubId, year);
  const half = Math.ceil(members.length / 2);
  for (const [i, m] of members.entries()) {
    const complete = i < half;
    const sex = /a$/.test(m.full_name.split(' ')[0] ?? '') ? 'F' : 'M';
    if (complete && !m.birth_date) await repo.saveBirthDate(db, clubId, m.member_id, `${Number(facts.today.slice(0, 4)) - 12}-0${(i % 9) + 1}-1${i % 10}`);
    await repo.saveSgcFields(db, clubId, m.member_id, {
      sex,
      cpf: complete ? completeCpf(String(123456000 + i * 7919).slice(0, 9)) : null,
      cpf_owner: m.minor ? 'guardian' : 'member',
      rg: complete ? `${20 + i}.${300 + i}.${400 + i}-${i % 10}` : null,
      address: complete || i % 2 === 0 ? `Rua das Palmeiras, ${100 + i} — Jardim Esperança, São Paulo/SP` : null,
      phone: complete ? `11 9${String(80000000 + i * 1013).slice(0, 8)}` : null,
      guardian_name: m.minor && complete && !m.guardian_name ? `Responsável de ${m.full_name.split(' ')[0]}` : null,
    }, adminId);
    if (complete || i % 3 === 0) {
      await repo.saveInsurance(db, clubId, m.member_id, { year, insured: true, policy_number: `SEG-${year}-${String(1000 + i)}`, insured_on: `${year - 1}-12-01` }, adminId);
    }
  }
  const byName = new Map(members.map((m) => [m.full_name, m.member_id]));
  const thisYear = facts.today.slice(0, 4);
  for (const [post, name] of DIRETORIA) {
    const memberId = byName.get(name);
    if (memberId) await insertPost(db, clubId, { post, member_id: memberId, starts_on: `${thisYear}-01-01`, ends_on: `${thisYear}-12-31` }, adminId);
  }
};
