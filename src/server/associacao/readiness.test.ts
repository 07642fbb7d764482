import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { memberIdOf, setUpStaffedClub, type StaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';
import { ASSOC_MSG, cpfProblem, registrationCycle } from '../../../src/shared/associacao.js';
import { isInsured } from './service.js';

let ctx: TestContext;
let s: StaffedClub;
let kidId: string;
let kid2Id: string;
let unitId: string;

const fullFields = { birth_date: '2014-03-02', sex: 'F', cpf: '529.982.247-25', cpf_owner: 'guardian', rg: '12.345.678-9', address: 'Rua das Flores, 10 — Campinas/SP', phone: '(19) 99876-5432', guardian_name: 'Maria Souza' };

beforeAll(async () => {
  ctx = await createTestApp();
  s = await setUpStaffedClub(ctx, 'Clube SGC', { members: ['Ana Souza', 'Bruno Lima'] });
  kidId = await memberIdOf(ctx.db, s.club.id, s.members[0].profile.id);
  kid2Id = await memberIdOf(ctx.db, s.club.id, s.members[1].profile.id);
  unitId = (await call(ctx.app, 'POST', `${s.base}/units`, { as: s.admin, body: { name: 'Águias', color: '#0ea5e9', active: true } })).json().id;
  await ctx.db.query(`UPDATE club_members SET unit_id = $2 WHERE id = ANY($1::uuid[])`, [[kidId, kid2Id], unitId]);
  await ctx.db.query(`INSERT INTO programme_enrolments (club_id, member_id, item_code, kind) VALUES ($1, $2, 'AMIGO', 'class'), ($1, $3, 'AMIGO', 'class')`, [s.club.id, kidId, kid2Id]);
});
afterAll(() => ctx.close());

describe('CPF check digits', () => {
  it('accepts a real CPF in any punctuation and refuses a wrong digit, a repeated one and a short one in pt-BR', () => {
    expect(cpfProblem('529.982.247-25')).toBeNull();
    expect(cpfProblem('52998224725')).toBeNull();
    expect(cpfProblem('529.982.247-24')).toBe(ASSOC_MSG.cpfDigit);
    expect(cpfProblem('111.111.111-11')).toBe(ASSOC_MSG.cpfInvalid);
    expect(cpfProblem('1234')).toBe(ASSOC_MSG.cpfInvalid);
    expect(cpfProblem('=1+2')).toBe(ASSOC_MSG.cpfInvalid);
  });

  it('the registration year turns after the deadline', () => {
    expect(registrationCycle('2026-01-11', { month: 2, day: 10 })).toEqual({ year: 2026, deadline: '2026-02-10', daysLeft: 30 });
    expect(registrationCycle('2026-02-10', { month: 2, day: 10 }).daysLeft).toBe(0);
    expect(registrationCycle('2026-11-28', { month: 2, day: 10 })).toEqual({ year: 2027, deadline: '2027-02-10', daysLeft: 74 });
  });
});

describe(`SGC and seguro readiness on ${engineName()}`, () => {
  it('lists each member with what the SGC still lacks; filling a kid in place makes them ready', async () => {
    const before = (await call(ctx.app, 'GET', `${s.base}/associacao/readiness`, { as: s.secretary })).json();
    expect(before.total).toBe(5);
    expect(before.sgc_ready).toBe(0);
    const ana = before.members.find((m: { member_id: string }) => m.member_id === kidId);
    expect(ana).toMatchObject({ full_name: 'Ana Souza', unit_name: 'Águias', class_name: 'Amigo', function_label: 'Desbravador(a) / Membro' });
    expect(ana.missing).toEqual(['birth_date', 'sex', 'cpf', 'rg', 'address', 'phone', 'guardian']);

    const saved = await call(ctx.app, 'PUT', `${s.base}/associacao/members/${kidId}/sgc`, { as: s.secretary, body: fullFields });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ cpf: '52998224725', minor: true, missing: [], birth_date: '2014-03-02' });
    const after = (await call(ctx.app, 'GET', `${s.base}/associacao/readiness`, { as: s.admin })).json();
    expect(after.sgc_ready).toBe(1);
    const audit = await ctx.db.query<{ after: { changed_fields: string } }>(`SELECT after FROM audit_log WHERE action = 'associacao.sgc_update' AND entity_id = $1`, [kidId]);
    expect(audit[0].after.changed_fields).toContain('cpf');
    expect(JSON.stringify(audit)).not.toContain('52998224725');
  });

  it('a wrong CPF digit, a bad phone or sex is refused in pt-BR and writes nothing', async () => {
    const bad = await call(ctx.app, 'PUT', `${s.base}/associacao/members/${kid2Id}/sgc`, { as: s.secretary, body: { ...fullFields, cpf: '529.982.247-24' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(ASSOC_MSG.cpfDigit);
    expect((await call(ctx.app, 'PUT', `${s.base}/associacao/members/${kid2Id}/sgc`, { as: s.secretary, body: { ...fullFields, phone: '123' } })).json().error.message).toBe(ASSOC_MSG.phone);
    expect((await call(ctx.app, 'PUT', `${s.base}/associacao/members/${kid2Id}/sgc`, { as: s.secretary, body: { ...fullFields, sex: 'X' } })).json().error.message).toBe(ASSOC_MSG.sex);
    expect(await ctx.db.query(`SELECT 1 FROM sgc_member_records WHERE member_id = $1`, [kid2Id])).toEqual([]);
  });

  it('the seguro of the year counts, and isInsured answers for a date', async () => {
    const r = (await call(ctx.app, 'GET', `${s.base}/associacao/readiness`, { as: s.secretary })).json();
    const missingPolicy = await call(ctx.app, 'PUT', `${s.base}/associacao/members/${kidId}/insurance`, { as: s.secretary, body: { year: r.year, insured: true, policy_number: '', insured_on: `${r.year}-01-05` } });
    expect(missingPolicy.json().error.message).toBe(ASSOC_MSG.insuredNeedsPolicy);
    const ok = await call(ctx.app, 'PUT', `${s.base}/associacao/members/${kidId}/insurance`, { as: s.secretary, body: { year: r.year, insured: true, policy_number: 'AP-123', insured_on: `${r.year}-01-05` } });
    expect(ok.statusCode).toBe(200);
    const after = (await call(ctx.app, 'GET', `${s.base}/associacao/readiness`, { as: s.secretary })).json();
    expect(after.insured).toBe(1);
    expect(await isInsured(ctx.db, s.club.id, kidId, `${r.year}-03-01`)).toBe(true);
    expect(await isInsured(ctx.db, s.club.id, kidId, `${r.year}-01-04`)).toBe(false);
    expect(await isInsured(ctx.db, s.club.id, kid2Id, `${r.year}-03-01`)).toBe(false);
    expect(await isInsured(ctx.db, s.club.id, kidId, `${r.year + 1}-03-01`)).toBe(false);
  });

  it('the deadline is the club\'s to change; an impossible day is refused', async () => {
    expect((await call(ctx.app, 'PUT', `${s.base}/associacao/deadline`, { as: s.admin, body: { month: 2, day: 30 } })).json().error.message).toBe(ASSOC_MSG.deadline);
    expect((await call(ctx.app, 'PUT', `${s.base}/associacao/deadline`, { as: s.admin, body: { month: 3, day: 15 } })).statusCode).toBe(200);
    const r = (await call(ctx.app, 'GET', `${s.base}/associacao/readiness`, { as: s.admin })).json();
    expect(r.deadline.slice(5)).toBe('03-15');
    await call(ctx.app, 'PUT', `${s.base}/associacao/deadline`, { as: s.admin, body: { month: 2, day: 10 } });
  });

  it('exports the SGC CSV in field order, UTF-8 with BOM and ";", formulas neutralised, nothing about health', async () => {
    await call(ctx.app, 'PUT', `${s.base}/associacao/members/${kid2Id}/sgc`, { as: s.secretary, body: { ...fullFields, address: '=HYPERLINK("http://x")', cpf: '' } });
    const res = await call(ctx.app, 'GET', `${s.base}/associacao/sgc.csv`, { as: s.secretary });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.startsWith('\uFEFFNome completo;Data de nascimento;Sexo;CPF;RG;Endereço;Telefone;Responsável;Unidade;Função;Classe;')).toBe(true);
    expect(res.body).toContain('Ana Souza;02/03/2014;Feminino;529.982.247-25;12.345.678-9;Rua das Flores, 10 — Campinas/SP;(19) 99876-5432;Maria Souza;Águias;Desbravador(a) / Membro;Amigo;Responsável;Sim;AP-123');
    expect(res.body).toContain(`'=HYPERLINK(""http://x"")`);
    expect(res.body.toLowerCase()).not.toMatch(/saúde|alergia|medica/);
  });

  it('a treasurer and a plain member are refused; another club gets 404', async () => {
    for (const who of [s.treasurer, s.members[0]]) {
      expect((await call(ctx.app, 'GET', `${s.base}/associacao/readiness`, { as: who })).statusCode).toBe(403);
      expect((await call(ctx.app, 'PUT', `${s.base}/associacao/members/${kidId}/sgc`, { as: who, body: fullFields })).statusCode).toBe(403);
    }
    const other: Session = await signUp(ctx.app);
    const theirs = await createClub(ctx.app, other, 'Outro SGC');
    expect((await call(ctx.app, 'GET', `${s.base}/associacao/readiness`, { as: other })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `${s.base}/associacao/sgc.csv`, { as: other })).statusCode).toBe(404);
    // The member id through the other director's own club: not found, nothing written.
    const probe = await call(ctx.app, 'PUT', `/api/clubs/${theirs.id}/associacao/members/${kidId}/sgc`, { as: other, body: fullFields });
    expect(probe.statusCode).toBe(404);
    const ins = await call(ctx.app, 'PUT', `/api/clubs/${theirs.id}/associacao/members/${kid2Id}/insurance`, { as: other, body: { year: 2027, insured: false } });
    expect(ins.statusCode).toBe(404);
    expect(await ctx.db.query(`SELECT 1 FROM member_insurance WHERE member_id = $1`, [kid2Id])).toEqual([]);
  });
});
