import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEC_MSG } from '../../shared/secretaria.js';
import { call, createTestApp, type Session, type TestContext } from '../../../test/api.js';
import { setUpStaffedClub } from '../../../test/club.js';
import { engineName } from '../../../test/db.js';

let ctx: TestContext;
let secretary: Session;
let treasurer: Session;
let member: Session;
let stranger: Session;
let base: string;

const ata = (held_on: string, body: string) => ({ kind: 'regular', held_on, place: 'Sede', presided_by: 'Diretora', written_by: 'Secretário', present_member_ids: [], visitors: ['Visitante'], agenda: '', body, votos: [] });

beforeAll(async () => {
  ctx = await createTestApp();
  ({ secretary, treasurer, members: [member], stranger, base } = await setUpStaffedClub(ctx, 'Clube Livro', { members: ['Membro'] }));
});
afterAll(() => ctx.close());

describe(`the year's livro de atas on ${engineName()}`, () => {
  it('gives every ata of the year whole, in number order; other years stay out; leaders read, members and other clubs do not', async () => {
    for (const [d, b] of [['2025-12-20', 'Do ano anterior'], ['2026-02-01', 'Primeira'], ['2026-03-01', 'Segunda'], ['2026-04-01', 'Terceira']]) {
      expect((await call(ctx.app, 'POST', `${base}/secretaria/atas`, { as: secretary, body: ata(d, b) })).statusCode).toBe(201);
    }
    const res = await call(ctx.app, 'GET', `${base}/secretaria/livro-de-atas?year=2026`, { as: treasurer });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((a: { label: string; body: string }) => [a.label, a.body])).toEqual([['Ata nº 1/2026', 'Primeira'], ['Ata nº 2/2026', 'Segunda'], ['Ata nº 3/2026', 'Terceira']]);
    const bad = await call(ctx.app, 'GET', `${base}/secretaria/livro-de-atas?year=abc`, { as: treasurer });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(SEC_MSG.yearInvalid);
    expect((await call(ctx.app, 'GET', `${base}/secretaria/livro-de-atas?year=2026`, { as: member })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', `${base}/secretaria/livro-de-atas?year=2026`, { as: stranger })).statusCode).toBe(404);
  });
});
