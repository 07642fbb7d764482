import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROGRAMME_MSG } from '../../shared/programme.js';
import { addMember, call, createTestApp, setUpClubWithMember, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';

let ctx: TestContext;
let admin: Session;
let club: { id: string };
let memberId: string;
const url = (p: string) => `/api/clubs/${club.id}/programme${p}`;
const enrol = (item_code: string) => call(ctx.app, 'POST', url('/enrolments'), { as: admin, body: { member_id: memberId, item_code } });

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, club } = await setUpClubWithMember(ctx, 'Clube Pré-requisito'));
  const kid = await signUp(ctx.app, { name: 'Lia Avançada' });
  await addMember(ctx.db, club.id, kid.profile.id);
  [{ id: memberId }] = await ctx.db.query<{ id: string }>('SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2', [club.id, kid.profile.id]);
});
afterAll(() => ctx.close());

describe(`the catalogue's pre-requisitos on enrolment on ${engineName()}`, () => {
  it('an advanced class needs its regular class (em andamento is enough: they run together); nothing is written before', async () => {
    const refused = await enrol('AMIGO_NATUREZA');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(PROGRAMME_MSG.prerequisiteMissing('Amigo da Natureza', 'Amigo'));
    expect(Number((await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM programme_enrolments WHERE member_id = $1', [memberId]))[0].n)).toBe(0);
    // Issue 43: Amigo em andamento is enough, the manual runs both in one year.
    expect((await enrol('AMIGO')).statusCode).toBe(201);
    expect((await enrol('AMIGO_NATUREZA')).statusCode).toBe(201);
    // Still one class em andamento per track: a second regular (or advanced) one is refused.
    const second = await enrol('COMPANHEIRO');
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(PROGRAMME_MSG.classInProgress);
    // The advanced class completes first: its investidura waits for Amigo to be complete.
    const natureza = (await call(ctx.app, 'POST', url('/items/AMIGO_NATUREZA/requirements'), { as: admin, body: { section_code: 'AV', text: 'Requisito avançado' } })).json();
    expect((await call(ctx.app, 'POST', url('/signatures'), { as: admin, body: { requirement_id: natureza.id, member_ids: [memberId] } })).json().completed).toEqual([memberId]);
    const idOf = async (code: string) => (await ctx.db.query<{ id: string }>('SELECT id FROM programme_enrolments WHERE member_id = $1 AND item_code = $2', [memberId, code]))[0].id;
    const early = await call(ctx.app, 'POST', url('/investitures'), { as: admin, body: { held_on: '2026-01-10', place: 'Igreja Central', enrolment_ids: [await idOf('AMIGO_NATUREZA')] } });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(PROGRAMME_MSG.advancedNeedsRegular('Amigo da Natureza', 'Amigo'));
    const req = (await call(ctx.app, 'POST', url('/items/AMIGO/requirements'), { as: admin, body: { section_code: 'G', text: 'Único requisito' } })).json();
    expect((await call(ctx.app, 'POST', url('/signatures'), { as: admin, body: { requirement_id: req.id, member_ids: [memberId] } })).json().completed).toEqual([memberId]);
    // Both at one ceremony.
    expect((await call(ctx.app, 'POST', url('/investitures'), { as: admin, body: { held_on: '2026-01-10', place: 'Igreja Central', enrolment_ids: [await idOf('AMIGO'), await idOf('AMIGO_NATUREZA')] } })).statusCode).toBe(201);
    // Invested: the next regular class is open.
    expect((await enrol('COMPANHEIRO')).statusCode).toBe(201);
  });

  it('Líder Máster still needs Líder completed (only an advanced class runs beside its regular one)', async () => {
    const refused = await enrol('LIDER_MASTER');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(PROGRAMME_MSG.prerequisiteMissing('Líder Máster', 'Líder'));
  });

  it('two enrolments at once into one especialidade leave one', async () => {
    const res = await Promise.all([enrol('HM-001'), enrol('HM-001')]);
    expect(res.map((r) => r.statusCode).sort()).toEqual([201, 409].sort());
  });
});
