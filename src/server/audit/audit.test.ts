import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGINATION_MSG } from '../../shared/pagination.js';
import { PERMISSION_MSG } from '../../shared/permissions.js';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { walkPages } from '../../../test/paging.js';
import { engineName } from '../../../test/db.js';

/**
 * The audit log read back: the club's 'Registro de atividades' (director only) and the platform's
 * 'Auditoria' (super admin), newest first by keyset; every line once across pages, even with lines
 * written between two pages; health data and secrets never leave the database.
 */
let ctx: TestContext;
let superAdmin: Session;
let director: Session;
let member: Session;
let treasurer: Session;
let associate: Session;
let stranger: Session;
let club: { id: string };
let otherClub: { id: string };

const url = (path: string) => `/api/clubs/${club.id}${path}`;

/** `n` lines in a club, `per` of them sharing each instant (so only the id orders them). */
async function bulkAudit(clubId: string, n: number, action: string, actorId: string | null, start: string, extra: object = {}): Promise<void> {
  await ctx.db.query(
    `INSERT INTO audit_log (club_id, actor_id, action, entity, entity_id, after, at)
     SELECT $1, $2, $3, 'x', g::text, $6::jsonb || jsonb_build_object('name', 'Linha ' || g), $4::timestamptz - (g / 3) * interval '1 hour'
       FROM generate_series(1, $5) g`,
    [clubId, actorId, action, start, n, JSON.stringify(extra)],
  );
}

const walk = (listUrl: string, limit: number, as: Session, between?: () => Promise<void>) => walkPages(ctx.app, listUrl, 'entries', limit, as, between);

async function dbIds(where: string, params: unknown[]): Promise<string[]> {
  return (await ctx.db.query<{ id: string }>(`SELECT id FROM audit_log a WHERE ${where} ORDER BY at DESC, id DESC`, params)).map((r) => r.id);
}

beforeAll(async () => {
  ctx = await createTestApp();
  superAdmin = await signUp(ctx.app, { name: 'Super Admin' });
  director = await signUp(ctx.app, { name: 'Diretora Auditada' });
  member = await signUp(ctx.app, { name: 'Membro Curioso' });
  treasurer = await signUp(ctx.app, { name: 'Tesoureiro Curioso' });
  associate = await signUp(ctx.app, { name: 'Associada Curiosa' });
  stranger = await signUp(ctx.app, { name: 'Diretor de Outro Clube' });
  club = await createClub(ctx.app, director, 'Clube Auditado');
  otherClub = await createClub(ctx.app, stranger, 'Outro Clube');
  await addMember(ctx.db, club.id, member.profile.id);
  await addMember(ctx.db, club.id, treasurer.profile.id, 'treasurer');
  await addMember(ctx.db, club.id, associate.profile.id, 'associate');
  await bulkAudit(club.id, 40, 'transaction.register', director.profile.id, '2026-03-10 12:00+00');
  await bulkAudit(club.id, 25, 'member.update', null, '2026-03-09 12:30+00');
  await bulkAudit(otherClub.id, 30, 'transaction.delete', stranger.profile.id, '2026-03-10 12:00+00');
});
afterAll(() => ctx.close());

describe(`audit log pages on ${engineName()}`, () => {
  it('the director sees what they just did, labelled in pt-BR, with who did it', async () => {
    const created = await call(ctx.app, 'POST', url('/cash-accounts'), { as: director, body: { name: 'Caixa da Cantina', initial_balance: '10.00' } });
    expect(created.statusCode).toBe(201);
    const res = await call(ctx.app, 'GET', url('/audit?limit=1'), { as: director });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.entries[0]).toMatchObject({ action: 'cash_account.create', action_label: 'Caixa criado', actor_name: 'Diretora Auditada', entity_id: created.json().id });
    expect(body.entries[0].summary).toBe('Nome: Caixa da Cantina; Ativo: sim; Diferença: R$\u00a00,00; Conferido: sim');
    expect(body.timezone).toBe('America/Sao_Paulo');
    // Lines without an actor are the system's; unknown actions show their code.
    await ctx.db.query(`INSERT INTO audit_log (club_id, action, entity, at) VALUES ($1, 'robo.fez', 'x', now() + interval '1 minute')`, [club.id]);
    const sys = (await call(ctx.app, 'GET', url('/audit?limit=1'), { as: director })).json().entries[0];
    expect(sys).toMatchObject({ action: 'robo.fez', action_label: 'robo.fez', actor_name: 'Sistema', actor_id: null });
  });

  it('the summary reads as the screens do: function names, R$ amounts, dd/mm/aaaa dates, on both logs', async () => {
    const unit = await call(ctx.app, 'POST', url('/units'), { as: director, body: { name: 'Águias', color: '#22aa44' } });
    expect(unit.statusCode).toBe(201);
    const memberId = (await ctx.db.query<{ id: string }>('SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2', [club.id, member.profile.id]))[0]?.id;
    const promoted = await call(ctx.app, 'PUT', url(`/members/${memberId}`), { as: director, body: { role: 'counselor', unit_id: unit.json().id, active: true } });
    expect(promoted.statusCode).toBe(200);
    const role = (await call(ctx.app, 'GET', url('/audit?action=member.role_change&limit=1'), { as: director })).json().entries[0];
    expect(role).toMatchObject({ action_label: 'Função alterada', actor_name: 'Diretora Auditada' });
    expect(role.summary).toBe('Função: Desbravador(a) / Membro → Conselheiro(a); Unidade: — → Águias');

    const account = (await call(ctx.app, 'GET', url('/cash-accounts'), { as: director })).json()[0].id;
    const sale = await call(ctx.app, 'POST', url('/transactions'), {
      as: director, body: { cash_account_id: account, description: 'Venda de pipoca', amount: '1234.56', type: 'income', transaction_date: '2026-03-10' },
    });
    expect(sale.statusCode).toBe(201);
    const expected = 'Tipo: Receita; Valor: R$\u00a01.234,56; Descrição: Venda de pipoca; Data: 10/03/2026';
    const line = (await call(ctx.app, 'GET', url('/audit?action=transaction.register&limit=1'), { as: director })).json().entries[0];
    expect(line).toMatchObject({ action_label: 'Lançamento registrado', entity_id: sale.json().id, summary: expected });
    const platform = (await call(ctx.app, 'GET', `/api/admin/audit?club_id=${club.id}&action=transaction.register&limit=1`, { as: superAdmin })).json().entries[0];
    expect(platform).toMatchObject({ entity_id: sale.json().id, club_name: 'Clube Auditado', summary: expected });

    // A period starts at midnight where the club lives (Manaus: 04:00 UTC), on both logs.
    await ctx.db.query(`UPDATE clubs SET timezone = 'America/Manaus' WHERE id = $1`, [otherClub.id]);
    await ctx.db.query(`INSERT INTO audit_log (club_id, action, entity, after, at) VALUES ($1, 'period.create', 'period', $2, now() + interval '5 hours')`,
      [otherClub.id, JSON.stringify({ name: 'Trimestre', start_date: '2026-01-01T04:00:00.000Z' })]);
    const own = (await call(ctx.app, 'GET', `/api/clubs/${otherClub.id}/audit?action=period&limit=1`, { as: stranger })).json();
    expect(own.timezone).toBe('America/Manaus');
    expect(own.entries[0].summary).toBe('Nome: Trimestre; Início: 01/01/2026 00:00');
    const all = (await call(ctx.app, 'GET', `/api/admin/audit?club_id=${otherClub.id}&action=period&limit=1`, { as: superAdmin })).json();
    expect(all.timezone).toBe('America/Sao_Paulo');
    expect(all.entries[0].summary).toBe('Nome: Trimestre; Início: 01/01/2026 00:00');
    await ctx.db.query(`UPDATE clubs SET timezone = 'America/Sao_Paulo' WHERE id = $1`, [otherClub.id]);
  });

  it('every line once, no gaps, with lines written between pages; filters work with the cursor', async () => {
    let newer = '';
    let older = '';
    const { ids, totals } = await walk(url('/audit'), 7, director, async () => {
      // One line newer than page 1 (it belongs to a fresh first page) and one far behind the cursor (listed in its place).
      newer = (await ctx.db.query<{ id: string }>(`INSERT INTO audit_log (club_id, action, entity, at) VALUES ($1, 'unit.create', 'unit', now() + interval '1 hour') RETURNING id`, [club.id]))[0]?.id ?? '';
      older = (await ctx.db.query<{ id: string }>(`INSERT INTO audit_log (club_id, action, entity, at) VALUES ($1, 'unit.delete', 'unit', '2020-01-01') RETURNING id`, [club.id]))[0]?.id ?? '';
    });
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual((await dbIds('club_id = $1', [club.id])).filter((id) => id !== newer));
    expect(ids.at(-1)).toBe(older);
    expect(totals[0]).toBe(ids.length - 1);

    const domain = await walk(url('/audit?action=transaction'), 6, director);
    expect(domain.ids).toEqual(await dbIds(`club_id = $1 AND action LIKE 'transaction.%'`, [club.id]));
    expect(domain.ids.length).toBeGreaterThanOrEqual(40);
    expect(domain.totals.every((t) => t === domain.ids.length)).toBe(true);

    const exact = await walk(url('/audit?action=member.update&from=2026-03-08&to=2026-03-09'), 4, director);
    // Days are the club's (São Paulo, UTC−3): 9 March ends at 10 March 03:00 UTC.
    expect(exact.ids).toEqual(await dbIds(
      `club_id = $1 AND action = 'member.update' AND at >= '2026-03-08 03:00+00' AND at < '2026-03-10 03:00+00'`, [club.id]));
    expect(exact.ids.length).toBeGreaterThan(4);

    const byActor = await walk(url(`/audit?actor_id=${director.profile.id}&action=transaction`), 9, director);
    expect(byActor.ids).toEqual(await dbIds(`club_id = $1 AND actor_id = $2 AND action LIKE 'transaction.%'`, [club.id, director.profile.id]));
    // 'savings_goal' is not a LIKE pattern: '_' matches only itself.
    expect((await call(ctx.app, 'GET', url('/audit?action=savings_goa_'), { as: director })).json().total).toBe(0);
  });

  it('health contents and secrets never leave: no before/after of health.*, no password, token, hash or code', async () => {
    await ctx.db.query(
      `INSERT INTO audit_log (club_id, actor_id, action, entity, before, after, at) VALUES
        ($1, $2, 'health.update', 'health_form', '{"allergies":"Amendoim"}', '{"allergies":"Amendoim e camarão","blood_type":"O+"}', now() + interval '2 hours'),
        ($1, $2, 'member.update', 'club_member', '{"title":"Velho","password_hash":"$argon$abc","token":"tok-123"}', '{"title":"Novo","password_hash":"$argon$xyz","token":"tok-456","reset_code":"991122","api_secret":"s3"}', now() + interval '3 hours')`,
      [club.id, director.profile.id],
    );
    const res = await call(ctx.app, 'GET', url('/audit?limit=2'), { as: director });
    const [update, health] = res.json().entries;
    expect(health).toMatchObject({ action: 'health.update', action_label: 'Ficha de saúde alterada', summary: null });
    expect(update.summary).toBe('Título: Velho → Novo');
    for (const leak of ['Amendoim', 'O+', 'argon', 'tok-', '991122', 's3', 'before', 'after']) expect(res.body).not.toContain(leak);
    const admin = await call(ctx.app, 'GET', '/api/admin/audit?action=health', { as: superAdmin });
    expect(admin.json().total).toBe(1);
    expect(admin.body).not.toContain('Amendoim');
  });

  it('a forged cursor or a bad filter is a pt-BR 400, never a 500', async () => {
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const uuid = '00000000-0000-4000-8000-000000000000';
    for (const bad of ['nao-e-cursor', b64([1, 2]), b64(['2026-02-30 10:00:00+00', uuid]), b64(['2026-03-01 10:00:00+00', 'x']), b64({ a: 1 })]) {
      for (const base of [url('/audit'), '/api/admin/audit']) {
        const res = await call(ctx.app, 'GET', `${base}?after=${encodeURIComponent(bad)}`, { as: base.startsWith('/api/admin') ? superAdmin : director });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe(PAGINATION_MSG.invalidCursor);
      }
    }
    const cases: Array<[string, string]> = [
      ['action=DROP TABLE', 'Filtro de ação inválido: use um domínio (ex.: transaction) ou uma ação (ex.: transaction.delete).'],
      ['actor_id=eu', 'Pessoa inválida no filtro.'],
      ['from=2026-02-30', 'Data inválida: use o formato AAAA-MM-DD.'],
      ['from=2026-03-10&to=2026-03-01', 'A data final deve ser igual ou posterior à data inicial.'],
      ['limit=201', PAGINATION_MSG.limit],
    ];
    for (const [qs, message] of cases) {
      const res = await call(ctx.app, 'GET', url(`/audit?${qs}`), { as: director });
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await call(ctx.app, 'GET', '/api/admin/audit?club_id=x', { as: superAdmin })).json().error.message).toBe('Clube inválido no filtro.');
  });

  it('only the director reads the club log: anonymous 401, another club 404, member, treasurer and associate 403', async () => {
    expect((await call(ctx.app, 'GET', url('/audit'), { as: null })).statusCode).toBe(401);
    expect((await call(ctx.app, 'GET', url('/audit'), { as: stranger })).statusCode).toBe(404);
    for (const who of [member, treasurer, associate]) {
      const res = await call(ctx.app, 'GET', url('/audit'), { as: who });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(PERMISSION_MSG.forbidden('audit.read'));
      expect(res.json().error.message).toBe('Sem permissão. Só pode fazer isso: Diretor(a).');
    }
    // The other club's director reads only their own club's lines.
    const own = (await call(ctx.app, 'GET', `/api/clubs/${otherClub.id}/audit?limit=200`, { as: stranger })).json();
    expect(own.total).toBe((await dbIds('club_id = $1', [otherClub.id])).length);
    expect((await call(ctx.app, 'GET', url('/audit'), { as: superAdmin })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/admin/audit', { as: director })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/admin/audit', { as: null })).statusCode).toBe(401);
  });

  it('the platform log: every club, with its name; by club and action, each line once', async () => {
    const all = await walk('/api/admin/audit', 50, superAdmin);
    expect(all.ids).toEqual(await dbIds('true', []));
    const first = (await call(ctx.app, 'GET', `/api/admin/audit?club_id=${otherClub.id}&limit=1`, { as: superAdmin })).json();
    expect(first.entries[0].club_name).toBe('Outro Clube');
    const byClub = await walk(`/api/admin/audit?club_id=${otherClub.id}&action=transaction.delete`, 8, superAdmin);
    expect(byClub.ids).toEqual(await dbIds(`club_id = $1 AND action = 'transaction.delete'`, [otherClub.id]));
    expect(byClub.ids).toHaveLength(30);
  });

  it('the count stops past 10,000 lines and says so, so a page never costs the whole log', async () => {
    await bulkAudit(otherClub.id, 10_000, 'member.add', null, '2025-01-01 12:00+00');
    const capped = (await call(ctx.app, 'GET', `/api/clubs/${otherClub.id}/audit?limit=1`, { as: stranger })).json();
    expect(capped).toMatchObject({ total: 10_000, total_capped: true });
    expect(capped.next_cursor).not.toBeNull();
    const exact = (await call(ctx.app, 'GET', `/api/clubs/${otherClub.id}/audit?action=transaction`, { as: stranger })).json();
    expect(exact).toMatchObject({ total: 30, total_capped: false });
    expect((await call(ctx.app, 'GET', '/api/admin/audit?limit=1', { as: superAdmin })).json().total_capped).toBe(true);
  });
});
