import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BADGE_MSG } from '../../src/shared/badges.js';
import { BADGE_COLOR_KEYS, BADGE_ICON_KEYS } from '../../src/shared/badge-icons.js';
import { call, createClub, createTestApp, signUp, type Session, type TestContext } from '../api.js';
import { ZOD_ENGLISH, errorMessages } from '../contract.js';
import { engineName } from '../db.js';

/**
 * Issue 31: a schema error a client can cause says, in pt-BR, which field and why. `call()` already
 * refuses an English message on every answer of the suite; here every write route gets bodies that
 * break its schema in the usual ways.
 */
let ctx: TestContext;
let admin: Session;
let club: { id: string };
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signUp(ctx.app, { name: 'Super Admin' }); // the first account: super admin, so platform routes validate too
  club = await createClub(ctx.app, admin, 'Clube Mensagens');
});
afterAll(() => ctx.close());

const clubBadge = { name: 'Ajudante', description: 'Ajudou', rarity: 'common', points: 5, active: true, badge_type: 'manual', category: 'special', icon_key: BADGE_ICON_KEYS[0], icon_color: BADGE_COLOR_KEYS[0] };

describe(`validation answers in pt-BR on ${engineName()}`, () => {
  it('a manual badge needs no criterion; a missing or wrong field is named in pt-BR', async () => {
    const created = await call(ctx.app, 'POST', `/api/clubs/${club.id}/badges`, { as: admin, body: clubBadge });
    expect(created.statusCode).toBe(201);
    expect(created.json().auto_criteria).toBeNull();

    const auto = await call(ctx.app, 'POST', `/api/clubs/${club.id}/badges`, { as: admin, body: { ...clubBadge, name: 'Auto', badge_type: 'auto' } });
    expect(auto.statusCode).toBe(400);
    expect(auto.json().error.message).toBe(BADGE_MSG.criteriaTypeRequired);

    const { rarity: _rarity, ...noRarity } = clubBadge;
    const missing = await call(ctx.app, 'POST', `/api/clubs/${club.id}/badges`, { as: admin, body: noRarity });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ code: 'validation', message: 'Campo "rarity" obrigatório.', details: [{ path: 'rarity', message: 'Campo "rarity" obrigatório.' }] });

    const wrong = await call(ctx.app, 'POST', `/api/clubs/${club.id}/badges`, { as: admin, body: { ...clubBadge, active: 'sim', criteria_type: 'xyz' } });
    expect(wrong.statusCode).toBe(400);
    const messages = errorMessages(wrong);
    expect(messages).toContain('Campo "active" com tipo errado: esperado verdadeiro ou falso (true/false).');
    expect(messages.some((m) => m.startsWith('Campo "criteria_type" inválido: use um destes valores:'))).toBe(true);
    expect(await ctx.db.query(`SELECT 1 FROM badges WHERE club_id = $1`, [club.id])).toHaveLength(1);
  });

  it('every write route: an empty body, a wrong type and a list instead of an object answer in pt-BR, naming the field', async () => {
    const ZERO = '00000000-0000-4000-8000-000000000000';
    const writes = ctx.app.routeCatalog.filter((r) => r.url.startsWith('/api/') && ['POST', 'PUT', 'PATCH'].includes(String(r.method)) && r.schema?.body);
    expect(writes.length).toBeGreaterThan(50);
    const english: string[] = [];
    const unnamed: string[] = [];
    let refused = 0;
    for (const route of writes) {
      const url = route.url.replace(':clubId', club.id).replace(/:[^/]+/g, ZERO);
      for (const body of [{}, { name: 42, email: 7, title: [], amount: {}, active: 'sim', date: 'ontem' }, []]) {
        const res = await ctx.app.inject({ method: String(route.method) as 'POST', url, payload: body, headers: { cookie: admin.cookie, 'x-trilha-client': 'web' } });
        expect(res.statusCode, `${String(route.method)} ${route.url} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
        if (res.statusCode !== 400) continue;
        refused += 1;
        for (const m of errorMessages(res)) if (ZOD_ENGLISH.test(m)) english.push(`${String(route.method)} ${route.url}: ${m}`);
        for (const d of (res.json().error.details ?? []) as Array<{ path?: string; message: string }>) {
          // A default message names its field; a schema's own message says it in its own words.
          if (d.message.startsWith('Campo ') && !d.message.startsWith('Campo "')) unnamed.push(`${String(route.method)} ${route.url}: ${d.message}`);
        }
      }
    }
    expect(refused).toBeGreaterThan(100);
    expect(english).toEqual([]);
    expect(unnamed).toEqual([]);
  });
});
