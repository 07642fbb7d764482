import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_MSG } from '../../shared/carteirinha.js';
import { PERMISSION_MSG } from '../../shared/permissions.js';
import { call, clockInsideLimitWindows, createTestApp, type Session, type TestContext } from '../../../test/api.js';
import { memberIdOf, setUpStaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';
import { CARD_CHECKS_PER_MINUTE } from './carteirinha-routes.js';

let ctx: TestContext;
let admin: Session;
let secretary: Session;
let treasurer: Session;
let kid: Session;
let stranger: Session;
let base: string;
let strangerBase: string;
let clubName: string;
let kidId: string;
let treasurerId: string;

const nextYear = () => `${new Date().getUTCFullYear() + 1}-06-30`;
const check = (token: string) => call(ctx.app, 'GET', `/api/carteirinha/${token}`);

beforeAll(async () => {
  ctx = await createTestApp();
  let club: { id: string; name: string };
  ({ admin, secretary, treasurer, members: [kid], stranger, club, base } = await setUpStaffedClub(ctx, 'Clube Carteirinha', { members: ['Ana Clara Souza'] }));
  clubName = club.name;
  kidId = await memberIdOf(ctx.db, club.id, kid.profile.id);
  treasurerId = await memberIdOf(ctx.db, club.id, treasurer.profile.id);
  const [unit] = await ctx.db.query<{ id: string }>(`INSERT INTO units (club_id, name) VALUES ($1, 'Águias') RETURNING id`, [club.id]);
  await ctx.db.query(`UPDATE club_members SET unit_id = $2, birth_date = '2013-05-04' WHERE id = $1`, [kidId, unit.id]);
  const [other] = await ctx.db.query<{ club_id: string }>(`SELECT club_id FROM club_members WHERE profile_id = $1`, [stranger.profile.id]);
  strangerBase = `/api/clubs/${other.club_id}`;
});
afterAll(() => ctx.close());

describe(`carteirinha on ${engineName()}`, () => {
  let token = '';
  let cardId = '';

  it('the secretary issues cards; the card shows name, club, unit, function and validity; only the hash of its token is stored', async () => {
    const res = await call(ctx.app, 'POST', `${base}/secretaria/carteirinhas`, { as: secretary, body: { member_ids: [kidId, treasurerId], valid_until: nextYear() } });
    expect(res.statusCode).toBe(201);
    const cards = res.json();
    expect(cards.map((c: { full_name: string }) => c.full_name)).toEqual(['Ana Clara Souza', 'Tesoureira']);
    const card = cards[0];
    expect(card).toMatchObject({ initials: 'AS', club_name: clubName, unit_name: 'Águias', function_label: 'Desbravador(a) / Membro', valid_until: nextYear(), status: 'ativa' });
    expect(card.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    token = card.token;
    cardId = card.id;
    const stored = await ctx.db.query<{ token_hash: string }>(`SELECT token_hash FROM carteirinhas WHERE id = $1`, [cardId]);
    expect(stored[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);

    // The list gives the same token again (to print it later), and the member sees their own card.
    const list = (await call(ctx.app, 'GET', `${base}/secretaria/carteirinhas`, { as: admin })).json();
    expect(list.find((r: { member_id: string }) => r.member_id === kidId).card.token).toBe(token);
    const mine = await call(ctx.app, 'GET', `${base}/carteirinha`, { as: kid });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().card.token).toBe(token);
  });

  it('the public check says only "Membro ativo do Clube X até dd/mm/aaaa": no name, birth date, unit, function or ids', async () => {
    const res = await check(token);
    expect(res.statusCode).toBe(200);
    const [y, m, d] = nextYear().split('-');
    expect(res.json()).toEqual({ status: 'ativa', message: `Membro ativo do ${clubName} até ${d}/${m}/${y}` });
    for (const secret of ['Ana', 'Souza', '2013', '04/05', 'Águias', 'Desbravador', kidId, cardId, 'birth', 'unit']) expect(res.body).not.toContain(secret);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('an unknown, malformed or other token answers the same neutral 404', async () => {
    const unknown = await check('A'.repeat(43));
    const malformed = await check('nao-e-um-token');
    expect(unknown.statusCode).toBe(404);
    expect(malformed.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(CARD_MSG.unknown);
    expect(malformed.body).toBe(unknown.body);
  });

  it('a reissue revokes the card before; a revoked card says "Carteirinha revogada"; revoking twice is a 409', async () => {
    const again = await call(ctx.app, 'POST', `${base}/secretaria/carteirinhas`, { as: admin, body: { member_ids: [kidId], valid_until: nextYear() } });
    expect(again.statusCode).toBe(201);
    const fresh = again.json()[0];
    expect(fresh.token).not.toBe(token);
    expect((await check(token)).json()).toEqual({ status: 'revogada', message: 'Carteirinha revogada' });
    expect((await check(fresh.token)).json().status).toBe('ativa');
    const current = await ctx.db.query(`SELECT 1 FROM carteirinhas WHERE member_id = $1 AND revoked_at IS NULL`, [kidId]);
    expect(current).toHaveLength(1);

    expect((await call(ctx.app, 'POST', `${base}/secretaria/carteirinhas/${fresh.id}/revoke`, { as: secretary })).statusCode).toBe(200);
    expect((await check(fresh.token)).json().message).toBe('Carteirinha revogada');
    const twice = await call(ctx.app, 'POST', `${base}/secretaria/carteirinhas/${fresh.id}/revoke`, { as: secretary });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(CARD_MSG.alreadyRevoked);
    const none = await call(ctx.app, 'GET', `${base}/carteirinha`, { as: kid });
    expect(none.statusCode).toBe(200);
    expect(none.json().card).toBeNull();
  });

  it('an expired card says "Carteirinha vencida em dd/mm/aaaa"; a member who left reads as revoked', async () => {
    const res = await call(ctx.app, 'POST', `${base}/secretaria/carteirinhas`, { as: admin, body: { member_ids: [kidId], valid_until: nextYear() } });
    const card = res.json()[0];
    await ctx.db.query(`UPDATE carteirinhas SET valid_until = '2020-02-29' WHERE id = $1`, [card.id]);
    expect((await check(card.token)).json()).toEqual({ status: 'vencida', message: 'Carteirinha vencida em 29/02/2020' });
    expect((await call(ctx.app, 'GET', `${base}/carteirinha`, { as: kid })).json().card.status).toBe('vencida');
    await ctx.db.query(`UPDATE carteirinhas SET valid_until = $2 WHERE id = $1`, [card.id, nextYear()]);
    await ctx.db.query(`UPDATE club_members SET active = false WHERE id = $1`, [kidId]);
    expect((await check(card.token)).json().status).toBe('revogada');
    await ctx.db.query(`UPDATE club_members SET active = true WHERE id = $1`, [kidId]);
  });

  it('bad input gets a pt-BR message and writes nothing', async () => {
    const before = Number((await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM carteirinhas`))[0].n);
    const cases: Array<[unknown, string]> = [
      [{ member_ids: [], valid_until: nextYear() }, CARD_MSG.membersRequired],
      [{ member_ids: [kidId], valid_until: '' }, CARD_MSG.validRequired],
      [{ member_ids: [kidId], valid_until: '2027-02-30' }, CARD_MSG.validInvalid],
      [{ member_ids: [kidId], valid_until: '2020-01-01' }, CARD_MSG.validPast],
      [{ member_ids: [kidId], valid_until: `${new Date().getUTCFullYear() + 5}-01-01` }, CARD_MSG.validTooFar],
      [{ member_ids: ['🏕️'], valid_until: nextYear() }, CARD_MSG.idInvalid],
      [{ member_ids: [kidId, '00000000-0000-4000-8000-000000000000'], valid_until: nextYear() }, CARD_MSG.memberNotFound],
    ];
    for (const [body, message] of cases) {
      const res = await call(ctx.app, 'POST', `${base}/secretaria/carteirinhas`, { as: secretary, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(Number((await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM carteirinhas`))[0].n)).toBe(before);
  });

  it('only the secretary and the direction issue and revoke; another club gets 404', async () => {
    const body = { member_ids: [kidId], valid_until: nextYear() };
    const denied = await call(ctx.app, 'POST', `${base}/secretaria/carteirinhas`, { as: treasurer, body });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe(PERMISSION_MSG.forbidden('secretaria.manage'));
    expect((await call(ctx.app, 'GET', `${base}/secretaria/carteirinhas`, { as: kid })).statusCode).toBe(403);
    expect((await call(ctx.app, 'POST', `${base}/secretaria/carteirinhas`, { as: stranger, body })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `${base}/carteirinha`, { as: stranger })).statusCode).toBe(404);
    // The stranger's own club knows nothing of this club's members or cards.
    const foreign = await call(ctx.app, 'POST', `${strangerBase}/secretaria/carteirinhas`, { as: stranger, body });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toBe(CARD_MSG.memberNotFound);
    const [card] = await ctx.db.query<{ id: string }>(`SELECT id FROM carteirinhas WHERE member_id = $1 AND revoked_at IS NULL`, [kidId]);
    expect((await call(ctx.app, 'POST', `${strangerBase}/secretaria/carteirinhas/${card.id}/revoke`, { as: stranger })).statusCode).toBe(404);
  });
});

describe(`the public check is rate-limited on ${engineName()}`, () => {
  it(`answers 429 past ${CARD_CHECKS_PER_MINUTE} checks a minute from one address`, async () => {
    const limited = await createTestApp({ limits: { anonPerMinute: 10_000 }, clock: clockInsideLimitWindows() });
    try {
      const codes: number[] = [];
      for (let i = 0; i <= CARD_CHECKS_PER_MINUTE; i++) codes.push((await call(limited.app, 'GET', `/api/carteirinha/${'B'.repeat(43)}`, { from: '203.0.113.9' })).statusCode);
      expect(codes.slice(0, CARD_CHECKS_PER_MINUTE).every((c) => c === 404)).toBe(true);
      expect(codes.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
