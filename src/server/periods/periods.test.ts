import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERIOD_MSG } from '../../shared/periods.js';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';

let ctx: TestContext;
let admin: Session;
let member: Session;
let club: { id: string };
beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin' });
  admin = await signUp(ctx.app, { name: 'Admin' });
  member = await signUp(ctx.app, { name: 'Membro' });
  club = await createClub(ctx.app, admin, 'Períodos');
  await addMember(ctx.db, club.id, member.profile.id);
});
afterAll(() => ctx.close());

const body = (name: string, start: string, end: string) => ({ name, description: '', start_date: start, end_date: end, active: true });

describe(`periods on ${engineName()}`, () => {
  it('admin creates and edits periods; members list them newest start first', async () => {
    const first = await call(ctx.app, 'POST', `/api/clubs/${club.id}/periods`, {
      as: admin, body: body('1º Trimestre', '2026-01-01T03:00:00.000Z', '2026-03-31T23:00:00-03:00'),
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ name: '1º Trimestre', description: null, start_date: '2026-01-01T03:00:00.000Z', end_date: '2026-04-01T02:00:00.000Z' });
    await call(ctx.app, 'POST', `/api/clubs/${club.id}/periods`, { as: admin, body: body('2º Trimestre', '2026-04-01T03:00:00Z', '2026-06-30T03:00:00Z') });
    const edited = await call(ctx.app, 'PUT', `/api/clubs/${club.id}/periods/${first.json().id}`, {
      as: admin, body: { ...body('Trimestre 1', '2026-01-02T03:00:00Z', '2026-03-30T03:00:00Z'), description: 'Início', active: false },
    });
    expect(edited.json()).toMatchObject({ name: 'Trimestre 1', description: 'Início', active: false });
    const list = await call(ctx.app, 'GET', `/api/clubs/${club.id}/periods`, { as: member });
    expect(list.json().map((p: { name: string }) => p.name)).toEqual(['2º Trimestre', 'Trimestre 1']);
  });

  it('refuses an end before the start with the spec message, on create and edit', async () => {
    const res = await call(ctx.app, 'POST', `/api/clubs/${club.id}/periods`, { as: admin, body: body('Errado', '2026-05-01T00:00:00Z', '2026-04-01T00:00:00Z') });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(PERIOD_MSG.endBeforeStart);
    const p = (await call(ctx.app, 'POST', `/api/clubs/${club.id}/periods`, { as: admin, body: body('Certo', '2026-05-01T00:00:00Z', '2026-05-01T00:00:00Z') })).json();
    const edit = await call(ctx.app, 'PUT', `/api/clubs/${club.id}/periods/${p.id}`, { as: admin, body: body('Certo', '2026-05-01T00:00:00Z', '2026-04-30T00:00:00Z') });
    expect(edit.json().error.message).toBe(PERIOD_MSG.endBeforeStart);
    const noName = await call(ctx.app, 'POST', `/api/clubs/${club.id}/periods`, { as: admin, body: body('', '2026-05-01T00:00:00Z', '2026-06-01T00:00:00Z') });
    expect(noName.json().error.message).toBe(PERIOD_MSG.nameRequired);
    const noStart = await call(ctx.app, 'POST', `/api/clubs/${club.id}/periods`, { as: admin, body: body('X', '', '2026-06-01T00:00:00Z') });
    expect(noStart.json().error.message).toBe(PERIOD_MSG.startRequired);
  });

  it('deletes a period', async () => {
    const p = (await call(ctx.app, 'POST', `/api/clubs/${club.id}/periods`, { as: admin, body: body('Apagar', '2025-01-01T00:00:00Z', '2025-02-01T00:00:00Z') })).json();
    expect((await call(ctx.app, 'DELETE', `/api/clubs/${club.id}/periods/${p.id}`, { as: admin })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', `/api/clubs/${club.id}/periods/${p.id}`, { as: admin })).statusCode).toBe(404);
  });

  it('a plain member is refused every write; another club answers 404', async () => {
    const p = (await call(ctx.app, 'POST', `/api/clubs/${club.id}/periods`, { as: admin, body: body('Guardado', '2024-01-01T00:00:00Z', '2024-02-01T00:00:00Z') })).json();
    const b = body('X', '2024-01-01T00:00:00Z', '2024-02-01T00:00:00Z');
    for (const res of await Promise.all([
      call(ctx.app, 'POST', `/api/clubs/${club.id}/periods`, { as: member, body: b }),
      call(ctx.app, 'PUT', `/api/clubs/${club.id}/periods/${p.id}`, { as: member, body: b }),
      call(ctx.app, 'DELETE', `/api/clubs/${club.id}/periods/${p.id}`, { as: member }),
    ])) expect(res.statusCode).toBe(403);
    const otherAdmin = await signUp(ctx.app);
    const otherClub = await createClub(ctx.app, otherAdmin, 'Outro');
    for (const res of await Promise.all([
      call(ctx.app, 'GET', `/api/clubs/${club.id}/periods`, { as: otherAdmin }),
      call(ctx.app, 'GET', `/api/clubs/${club.id}/periods/${p.id}`, { as: otherAdmin }),
      call(ctx.app, 'POST', `/api/clubs/${club.id}/periods`, { as: otherAdmin, body: b }),
      call(ctx.app, 'PUT', `/api/clubs/${club.id}/periods/${p.id}`, { as: otherAdmin, body: b }),
      call(ctx.app, 'DELETE', `/api/clubs/${club.id}/periods/${p.id}`, { as: otherAdmin }),
      call(ctx.app, 'GET', `/api/clubs/${otherClub.id}/periods/${p.id}`, { as: otherAdmin }),
      call(ctx.app, 'DELETE', `/api/clubs/${otherClub.id}/periods/${p.id}`, { as: otherAdmin }),
    ])) expect(res.statusCode).toBe(404);
  });
});
