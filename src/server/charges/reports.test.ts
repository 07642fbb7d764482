import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARGE_REPORT_MSG } from '../../shared/charge-reports.js';
import { addMember, call, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { setUpStaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';
import { defaultRate } from './reports.js';

let ctx: TestContext;
let admin: Session;
let treasurer: Session;
let secretary: Session;
let member: Session;
let stranger: Session;
let club: { id: string };
let base: string;
let cash: string;
const people: Record<'ana' | 'bia' | 'caio', Session> = {} as never;

async function charge(who: Session, amount: string, due: string, description = 'Mensalidade') {
  const res = await call(ctx.app, 'POST', `${base}/charges`, { as: treasurer, body: { profile_id: who.profile.id, description, amount, due_date: due, origin: 'avulsa' } });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}
async function pay(chargeId: string, amount: string, paidOn: string) {
  const res = await call(ctx.app, 'POST', `${base}/charges/${chargeId}/payments`, { as: treasurer, body: { amount, cash_account_id: cash, method: 'pix', paid_on: paidOn } });
  expect(res.statusCode).toBe(201);
  return res.json().payments.at(-1).id as string;
}
const get = (path: string, as: Session = treasurer) => call(ctx.app, 'GET', `${base}${path}`, { as });
const memberId = async (s: Session) =>
  (await ctx.db.query<{ id: string }>(`SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2`, [club.id, s.profile.id]))[0].id;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, treasurer, secretary, members: [member], stranger, club, base, cash } = await setUpStaffedClub(ctx, 'Clube Relatórios', { members: ['Membro Sem Cobrança'], cashAccount: 'Caixa Geral' }));
  const unit = async (name: string) => (await call(ctx.app, 'POST', `${base}/units`, { as: admin, body: { name, color: '#1d4ed8' } })).json().id as string;
  const aguias = await unit('Águias');
  const falcoes = await unit('Falcões');
  for (const [key, name, unitId] of [['ana', 'Ana', aguias], ['bia', 'Bia', aguias], ['caio', 'Caio', falcoes]] as const) {
    people[key] = await signUp(ctx.app, { name });
    await addMember(ctx.db, club.id, people[key].profile.id, 'member', unitId);
  }

  // 2025: March paid in two parts and paid in part; April paid then reversed, and one cancelled; December open.
  const c1 = await charge(people.ana, '100,00', '2025-03-10');
  await pay(c1, '60,00', '2025-03-09');
  await pay(c1, '40,00', '2025-04-02');
  await pay(await charge(people.bia, '80,00', '2025-03-15'), '30,00', '2025-03-15');
  const c3 = await charge(people.caio, '50,00', '2025-04-10');
  const p3 = await pay(c3, '50,00', '2025-04-10');
  expect((await call(ctx.app, 'POST', `${base}/charges/${c3}/payments/${p3}/reverse`, { as: treasurer })).statusCode).toBe(200);
  const c4 = await charge(people.caio, '70,00', '2025-04-20');
  expect((await call(ctx.app, 'POST', `${base}/charges/${c4}/cancel`, { as: treasurer, body: { reason: 'Lançada em dobro' } })).statusCode).toBe(200);
  await charge(people.ana, '25,50', '2025-12-05');
  // Another year: not in 2025's reports.
  await charge(people.bia, '999,00', '2024-12-31');

  // 2024: an acampamento with three registrations in force (two authorised, one revoked; one paid in
  // full, one in part, one without charges), a cancelled registration, and a cancelled event.
  const [{ id: eventId }] = await ctx.db.query<{ id: string }>(
    `INSERT INTO events (club_id, title, kind, starts_on, ends_on, place, cost, instalments, places, registration_deadline)
     VALUES ($1, 'Acampamento', 'acampamento', '2024-07-10', '2024-07-12', 'Sítio', 100, 1, 10, '2024-07-01') RETURNING id`,
    [club.id],
  );
  await ctx.db.query(
    `INSERT INTO events (club_id, title, kind, starts_on, ends_on, place, registration_deadline, cancelled_at, cancel_reason)
     VALUES ($1, '=Festa', 'passeio', '2024-09-01', '2024-09-01', 'Praça', '2024-08-30', now(), 'Chuva'),
            ($1, 'Campori', 'campori', '2025-05-01', '2025-05-03', 'Parque', '2025-04-20', NULL, NULL)`,
    [club.id],
  );
  const register = async (s: Session, cancelled = false) => (await ctx.db.query<{ id: string }>(
    `INSERT INTO event_registrations (club_id, event_id, member_id, cancelled_at) VALUES ($1, $2, $3, $4) RETURNING id`,
    [club.id, eventId, await memberId(s), cancelled ? new Date().toISOString() : null],
  ))[0].id;
  const eventCharge = async (s: Session, registrationId: string) => (await ctx.db.query<{ id: string }>(
    `INSERT INTO charges (club_id, profile_id, description, amount, due_date, origin, event_id, event_registration_id)
     VALUES ($1, $2, 'Acampamento', 100, '2024-06-10', 'evento', $3, $4) RETURNING id`,
    [club.id, s.profile.id, eventId, registrationId],
  ))[0].id;
  const [{ id: textId }] = await ctx.db.query<{ id: string }>(`SELECT id FROM event_authorisation_texts WHERE club_id = $1 AND version = 1`, [club.id]);
  const authorise = async (s: Session, registrationId: string, revoked = false) => ctx.db.query(
    `INSERT INTO event_authorisations (club_id, registration_id, member_id, signed_name, text_id, version, revoked_at) VALUES ($1, $2, $3, 'Mãe', $4, 1, $5)`,
    [club.id, registrationId, await memberId(s), textId, revoked ? new Date().toISOString() : null],
  );
  const rAna = await register(people.ana);
  const rBia = await register(people.bia);
  const rCaio = await register(people.caio);
  const rGone = await register(secretary, true);
  await pay(await eventCharge(people.ana, rAna), '100,00', '2024-06-01');
  await pay(await eventCharge(people.bia, rBia), '50,00', '2024-06-01');
  await ctx.db.query(`UPDATE charges SET cancelled_at = now(), cancel_reason = 'Inscrição cancelada' WHERE id = $1`, [await eventCharge(secretary, rGone)]);
  await authorise(people.ana, rAna);
  await authorise(people.bia, rBia, true);
  await authorise(people.caio, rCaio);
});
afterAll(() => ctx.close());

describe(`receivables reports on ${engineName()}`, () => {
  it('receivables per month by due date: charged, received, open and overdue; cancelled charges and reversed payments left out', async () => {
    const res = await get('/reports/receivables?year=2025');
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r.year).toBe(2025);
    expect(r.months).toHaveLength(12);
    expect(r.months[0]).toEqual({ month: '2025-01', charges: 0, charged: '0.00', received: '0.00', open: '0.00', overdue: '0.00' });
    expect(r.months[2]).toEqual({ month: '2025-03', charges: 2, charged: '180.00', received: '130.00', open: '50.00', overdue: '50.00' });
    expect(r.months[3]).toEqual({ month: '2025-04', charges: 1, charged: '50.00', received: '0.00', open: '50.00', overdue: '50.00' });
    expect(r.months[11]).toEqual({ month: '2025-12', charges: 1, charged: '25.50', received: '0.00', open: '25.50', overdue: '25.50' });
    expect(r.total).toEqual({ charges: 4, charged: '255.50', received: '130.00', open: '125.50', overdue: '125.50' });
    expect((await get('/reports/receivables?year=2024')).json().total).toMatchObject({ charges: 3, charged: '1199.00', received: '150.00' });
  });

  it('default per unit: due, overdue and the rate; the total', async () => {
    const r = (await get('/reports/defaults?year=2025')).json();
    expect(r.units).toEqual([
      { unit_id: expect.any(String), unit_name: 'Águias', members: 2, due_count: 3, due_amount: '205.50', overdue_count: 2, overdue_amount: '75.50', rate: 36.7 },
      { unit_id: expect.any(String), unit_name: 'Falcões', members: 1, due_count: 1, due_amount: '50.00', overdue_count: 1, overdue_amount: '50.00', rate: 100 },
    ]);
    expect(r.total).toEqual({ members: 3, due_count: 4, due_amount: '255.50', overdue_count: 3, overdue_amount: '125.50', rate: 49.1 });
    expect(r.as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(defaultRate('0.00', '0.00')).toBe(0);
    expect(defaultRate('1.00', '3.00')).toBe(33.3);
    expect(defaultRate('2.00', '3.00')).toBe(66.7);
  });

  it('events: registered, authorised in force, fully paid, places; the cancelled event marked', async () => {
    const r = (await get('/reports/events?year=2024', secretary)).json();
    expect(r.events).toEqual([
      { event_id: expect.any(String), title: 'Acampamento', starts_on: '2024-07-10', cancelled: false, places: 10, registered: 3, authorised: 2, paid: 1, charged: '200.00', received: '150.00' },
      { event_id: expect.any(String), title: '=Festa', starts_on: '2024-09-01', cancelled: true, places: null, registered: 0, authorised: 0, paid: 0, charged: '0.00', received: '0.00' },
    ]);
    expect((await get('/reports/events?year=2025', secretary)).json().events.map((e: { title: string }) => e.title)).toEqual(['Campori']);
  });

  it('CSV of each: pt-BR headers, ; and decimal comma, dd/mm/aaaa, formulas neutralised, a file name', async () => {
    const rec = await get('/reports/receivables.csv?year=2025');
    expect(rec.statusCode).toBe(200);
    expect(rec.headers['content-type']).toContain('text/csv');
    expect(rec.headers['content-disposition']).toBe('attachment; filename="a-receber-por-mes-2025.csv"');
    const lines = rec.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Mês;Cobranças;Cobrado (R$);Recebido (R$);Em aberto (R$);Vencido (R$)');
    expect(lines[1]).toBe('01/2025;0;0,00;0,00;0,00;0,00');
    expect(lines[3]).toBe('03/2025;2;180,00;130,00;50,00;50,00');
    expect(lines[13]).toBe('Total;4;255,50;130,00;125,50;125,50');

    const def = (await get('/reports/defaults.csv?year=2025')).body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(def).toEqual([
      'Unidade;Membros com cobrança;Cobranças vencidas até hoje;Valor vencido (R$);Em atraso;Em atraso (R$);Inadimplência (%)',
      'Águias;2;3;205,50;2;75,50;36,7',
      'Falcões;1;1;50,00;1;50,00;100,0',
      'Total;3;4;255,50;3;125,50;49,1',
    ]);

    const ev = (await get('/reports/events.csv?year=2024', secretary)).body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(ev).toEqual([
      'Evento;Início;Situação;Vagas;Inscritos;Autorizados;Pagos;Cobrado (R$);Recebido (R$)',
      'Acampamento;10/07/2024;Ativo;10;3;2;1;200,00;150,00',
      "'=Festa;01/09/2024;Cancelado;Sem limite;0;0;0;0,00;0,00",
    ]);
  });

  it('without ?year= the club’s current year', async () => {
    const [{ y }] = await ctx.db.query<{ y: number }>(`SELECT extract(year FROM now() AT TIME ZONE 'America/Sao_Paulo')::int AS y`);
    expect((await get('/reports/receivables')).json().year).toBe(y);
    expect((await get('/reports/defaults')).json().year).toBe(y);
    expect((await get('/reports/events', secretary)).json().year).toBe(y);
  });

  it('permissions: the secretary reads the events report only, a member none, another club 404', async () => {
    for (const path of ['/reports/receivables', '/reports/receivables.csv', '/reports/defaults', '/reports/defaults.csv']) {
      expect((await get(path, secretary)).statusCode, path).toBe(403);
      expect((await get(path, member)).statusCode, path).toBe(403);
      expect((await get(path, stranger)).statusCode, path).toBe(404);
      expect((await get(path, admin)).statusCode, path).toBe(200);
    }
    for (const path of ['/reports/events', '/reports/events.csv']) {
      expect((await get(path, secretary)).statusCode, path).toBe(200);
      expect((await get(path, treasurer)).statusCode, path).toBe(200);
      expect((await get(path, member)).statusCode, path).toBe(403);
      expect((await get(path, stranger)).statusCode, path).toBe(404);
    }
    // A stranger with a bad query still gets 404, not a hint.
    expect((await get('/reports/receivables?year=abc', stranger)).statusCode).toBe(404);
  });

  it('a bad year gets its pt-BR 400', async () => {
    for (const q of ['abc', '1999', '2101', '20255', '', '2025.5']) {
      for (const path of ['/reports/receivables', '/reports/defaults.csv', '/reports/events']) {
        const res = await get(`${path}?year=${q}`, admin);
        expect(res.statusCode, `${path}?year=${q}`).toBe(400);
        expect(res.json().error.message).toBe(CHARGE_REPORT_MSG.yearInvalid);
      }
    }
  });

  it('any ?year= text: a report or the pt-BR 400, never a 5xx', async () => {
    await fc.assert(fc.asyncProperty(fc.oneof(fc.string({ maxLength: 12 }), fc.integer({ min: -5000, max: 5000 }).map(String)), async (year) => {
      const res = await get(`/reports/receivables?year=${encodeURIComponent(year)}`);
      const valid = /^\d{4}$/.test(year) && Number(year) >= 2000 && Number(year) <= 2100;
      expect(res.statusCode, year).toBe(valid ? 200 : 400);
      if (!valid) expect(res.json().error.message).toBe(CHARGE_REPORT_MSG.yearInvalid);
    }), { numRuns: 60 });
  });
});
