import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIX_MSG } from '../../shared/pix.js';
import { PERMISSION_MSG } from '../../shared/permissions.js';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { addGuardian } from '../../../test/club.js';
import { insertUnit } from '../../../test/gamification.js';
import { engineName } from '../../../test/db.js';

// 'Quem deve', 'Cobrar via WhatsApp', the club's PIX and the payer's view of their charges (issue 35).
let ctx: TestContext;
let admin: Session;
let secretary: Session;
let ana: Session;
let bruno: Session;
let guardian: Session;
let stranger: Session;
let club: { id: string };
let base: string;
let unitA: string;
let anaMemberId: string;

/** A date `days` before today in São Paulo (the club's zone), as YYYY-MM-DD. */
async function daysAgo(days: number): Promise<string> {
  const [row] = await ctx.db.query<{ d: string }>(`SELECT ((now() AT TIME ZONE 'America/Sao_Paulo')::date - $1::int)::text AS d`, [days]);
  return row.d;
}

async function charge(who: Session, amount: string, dueDaysAgo: number, description: string, origin = 'avulsa') {
  const res = await call(ctx.app, 'POST', `${base}/charges`, {
    as: admin, body: { profile_id: who.profile.id, description, amount, due_date: await daysAgo(dueDaysAgo), origin },
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin' });
  admin = await signUp(ctx.app, { name: 'Tesoureira Chefe' });
  club = await createClub(ctx.app, admin, 'Clube Órion');
  base = `/api/clubs/${club.id}`;
  unitA = await insertUnit(ctx.db, club.id, 'Águias');
  const unitB = await insertUnit(ctx.db, club.id, 'Falcões');
  secretary = await signUp(ctx.app, { name: 'Secretária' });
  ana = await signUp(ctx.app, { name: 'Ana Souza' });
  bruno = await signUp(ctx.app, { name: 'Bruno Lima' });
  guardian = await signUp(ctx.app, { name: 'Carla Souza' });
  stranger = await signUp(ctx.app, { name: 'Estranho' });
  await createClub(ctx.app, stranger, 'Outro Clube');
  await addMember(ctx.db, club.id, secretary.profile.id, 'secretary');
  await addMember(ctx.db, club.id, ana.profile.id, 'member', unitA);
  await addMember(ctx.db, club.id, bruno.profile.id, 'member', unitB);
  ({ memberId: anaMemberId } = await addGuardian(ctx.db, club.id, ana.profile.id, guardian, { consent: true, phone: '(11) 98765-4321' }));

  await charge(ana, '85.50', 75, 'Mensalidade de agosto', 'mensalidade');
  await charge(ana, '85.50', 45, 'Mensalidade de setembro', 'mensalidade');
  await charge(ana, '40.00', 10, 'Camiseta');
  await charge(ana, '300.00', -20, 'Acampamento', 'evento');
  await charge(bruno, '85.50', 5, 'Mensalidade de outubro', 'mensalidade');
});
afterAll(() => ctx.close());

describe(`quem deve and PIX on ${engineName()}`, () => {
  it('PIX settings: a bad key gets its pt-BR message and saves nothing; a good one is stored canonical and audited', async () => {
    const bad = await call(ctx.app, 'PUT', `${base}/pix-settings`, { as: admin, body: { pix_key: '529.982.247-24', beneficiary_name: 'Clube Órion', city: 'São Paulo' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(PIX_MSG.cpfInvalid);
    expect((await call(ctx.app, 'GET', `${base}/pix-settings`, { as: admin })).json()).toEqual({ settings: null });
    expect((await call(ctx.app, 'GET', `${base}/my-charges`, { as: ana })).json()[0].pix_copia_e_cola).toBeNull();
    const ok = await call(ctx.app, 'PUT', `${base}/pix-settings`, { as: admin, body: { pix_key: '11.222.333/0001-81', beneficiary_name: 'Clube Órion', city: 'São Paulo' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ pix_key: '11222333000181', key_type: 'cnpj', beneficiary_name: 'Clube Órion', city: 'São Paulo' });
    const [audit] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE club_id = $1 AND action = 'pix_settings.update'`, [club.id]);
    expect(audit.n).toBe(1);
    const refused = await call(ctx.app, 'PUT', `${base}/pix-settings`, { as: secretary, body: { pix_key: 'a@b.com', beneficiary_name: 'X', city: 'Y' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(PERMISSION_MSG.forbidden('charges.manage'));
    expect((await call(ctx.app, 'GET', `${base}/pix-settings`, { as: stranger })).statusCode).toBe(404);
  });

  it('quem deve: total, oldest due date and age buckets per member, names in pt-BR order, filters by unit and origin', async () => {
    const res = (await call(ctx.app, 'GET', `${base}/debtors`, { as: admin })).json();
    expect(res.total).toBe('596.50');
    expect(res.late_total).toBe('296.50');
    expect(res.members.map((m: { member_name: string }) => m.member_name)).toEqual(['Ana Souza', 'Bruno Lima']);
    expect(res.members[0]).toMatchObject({
      open_total: '511.00', open_count: 4, oldest_due: await daysAgo(75), not_due: '300.00', late_30: '40.00', late_60: '85.50', late_over_60: '85.50',
      unit_name: 'Águias', contact_name: 'Carla Souza', contact_phone: '(11) 98765-4321',
    });
    expect(res.members[1]).toMatchObject({ open_total: '85.50', late_30: '85.50', contact_phone: null });
    const byUnit = (await call(ctx.app, 'GET', `${base}/debtors?unit_id=${unitA}`, { as: admin })).json();
    expect(byUnit.members.map((m: { member_name: string }) => m.member_name)).toEqual(['Ana Souza']);
    const events = (await call(ctx.app, 'GET', `${base}/debtors?origin=evento`, { as: admin })).json();
    expect(events).toMatchObject({ total: '300.00', late_total: '0.00' });
    expect((await call(ctx.app, 'GET', `${base}/debtors`, { as: secretary })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', `${base}/debtors`, { as: ana })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', `${base}/debtors`, { as: stranger })).statusCode).toBe(404);
  });

  it("'Cobrar via WhatsApp' opens wa.me to the guardian's phone with the charges, the total and the PIX", async () => {
    const res = await call(ctx.app, 'GET', `${base}/debtors/${ana.profile.id}/whatsapp`, { as: admin });
    expect(res.statusCode).toBe(200);
    const { url, text, phone } = res.json();
    expect(phone).toBe('5511987654321');
    expect(url).toBe(`https://wa.me/5511987654321?text=${encodeURIComponent(text)}`);
    expect(text).toContain('Olá, Carla Souza! Aqui é a tesouraria do Clube Órion.');
    expect(text).toContain('Ana Souza tem 4 cobranças em aberto:');
    expect(text).toMatch(/• Mensalidade de agosto \([A-Z2-9]{8}\) — vencimento \d{2}\/\d{2}\/\d{4} — R\$ 85,50/);
    expect(text).toContain('Total: R$ 511,00');
    expect(text).toContain('PIX copia e cola (um por cobrança):');
    expect(text.match(/000201\S+/g)).toHaveLength(4);
    // No guardian phone: the link lets the treasurer pick the contact.
    const bruno2 = (await call(ctx.app, 'GET', `${base}/debtors/${bruno.profile.id}/whatsapp`, { as: admin })).json();
    expect(bruno2.phone).toBeNull();
    expect(bruno2.url.startsWith('https://wa.me/?text=')).toBe(true);
    expect((await call(ctx.app, 'GET', `${base}/debtors/${secretary.profile.id}/whatsapp`, { as: admin })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `${base}/debtors/nao-e-id/whatsapp`, { as: admin })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `${base}/debtors/${ana.profile.id}/whatsapp`, { as: secretary })).statusCode).toBe(403);
  });

  it('the member and their guardian see the open charges with the PIX of what is still owed; nobody else', async () => {
    const mine = (await call(ctx.app, 'GET', `${base}/my-charges`, { as: ana })).json();
    expect(mine).toHaveLength(4);
    expect(mine[0].pix_copia_e_cola).toContain('br.gov.bcb.pix');
    const child = await call(ctx.app, 'GET', `/api/family/children/${anaMemberId}/charges`, { as: guardian });
    expect(child.statusCode).toBe(200);
    expect(child.json()).toEqual(mine);
    for (const who of [bruno, stranger, admin]) {
      expect((await call(ctx.app, 'GET', `/api/family/children/${anaMemberId}/charges`, { as: who })).statusCode).toBe(404);
    }
    expect((await call(ctx.app, 'GET', `/api/family/children/${anaMemberId}/charges`)).statusCode).toBe(401);
  });
});
