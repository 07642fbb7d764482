import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNIT_MSG } from '../../shared/units.js';
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
  club = await createClub(ctx.app, admin, 'Unidades');
  await addMember(ctx.db, club.id, member.profile.id);
});
afterAll(() => ctx.close());

const unitBody = { name: 'Águias', color: '#0ea5e9', description: '', active: true };

describe(`units on ${engineName()}`, () => {
  it('admin creates, edits and lists units by name; blank description is saved as null', async () => {
    const a = await call(ctx.app, 'POST', `/api/clubs/${club.id}/units`, { as: admin, body: { ...unitBody, name: 'Zebras' } });
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({ name: 'Zebras', color: '#0ea5e9', description: null, active: true, member_count: 0 });
    await call(ctx.app, 'POST', `/api/clubs/${club.id}/units`, { as: admin, body: { ...unitBody, name: 'Antas', description: '  Pequenos  ' } });
    const edited = await call(ctx.app, 'PUT', `/api/clubs/${club.id}/units/${a.json().id}`, {
      as: admin, body: { name: 'Zebras Bravas', color: '#F97316', description: 'Nova', active: false },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Zebras Bravas', color: '#F97316', description: 'Nova', active: false });
    const list = await call(ctx.app, 'GET', `/api/clubs/${club.id}/units`, { as: member });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((u: { name: string }) => u.name)).toEqual(['Antas', 'Zebras Bravas']);
    expect(list.json()[0].description).toBe('Pequenos');
  });

  it('validates name and colour with pt-BR messages', async () => {
    const noName = await call(ctx.app, 'POST', `/api/clubs/${club.id}/units`, { as: admin, body: { ...unitBody, name: '  ' } });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.message).toBe(UNIT_MSG.nameRequired);
    const badColor = await call(ctx.app, 'POST', `/api/clubs/${club.id}/units`, { as: admin, body: { ...unitBody, color: 'azul' } });
    expect(badColor.json().error.message).toBe(UNIT_MSG.colorRequired);
  });

  it('deleting a unit with members fails through the foreign key; an empty one is deleted', async () => {
    const u = (await call(ctx.app, 'POST', `/api/clubs/${club.id}/units`, { as: admin, body: { ...unitBody, name: 'Ocupada' } })).json();
    const kid = await signUp(ctx.app);
    await addMember(ctx.db, club.id, kid.profile.id, 'Desbravador(a)', u.id);
    const refused = await call(ctx.app, 'DELETE', `/api/clubs/${club.id}/units/${u.id}`, { as: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(UNIT_MSG.deleteError);
    await ctx.db.query('UPDATE club_members SET unit_id = NULL WHERE profile_id = $1', [kid.profile.id]);
    const ok = await call(ctx.app, 'DELETE', `/api/clubs/${club.id}/units/${u.id}`, { as: admin });
    expect(ok.statusCode).toBe(200);
    expect((await call(ctx.app, 'DELETE', `/api/clubs/${club.id}/units/${u.id}`, { as: admin })).statusCode).toBe(404);
    const audit = await ctx.db.query(`SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY at`, [u.id]);
    expect(audit.map((r) => (r as { action: string }).action)).toEqual(['unit.create', 'unit.delete']);
  });

  it('a plain member is refused every write; another club answers 404', async () => {
    const u = (await call(ctx.app, 'POST', `/api/clubs/${club.id}/units`, { as: admin, body: { ...unitBody, name: 'Protegida' } })).json();
    const writes = [
      call(ctx.app, 'POST', `/api/clubs/${club.id}/units`, { as: member, body: unitBody }),
      call(ctx.app, 'PUT', `/api/clubs/${club.id}/units/${u.id}`, { as: member, body: unitBody }),
      call(ctx.app, 'DELETE', `/api/clubs/${club.id}/units/${u.id}`, { as: member }),
    ];
    for (const res of await Promise.all(writes)) expect(res.statusCode).toBe(403);

    const otherAdmin = await signUp(ctx.app);
    const otherClub = await createClub(ctx.app, otherAdmin, 'Outro');
    const probes = [
      call(ctx.app, 'GET', `/api/clubs/${club.id}/units`, { as: otherAdmin }),
      call(ctx.app, 'GET', `/api/clubs/${club.id}/units/${u.id}`, { as: otherAdmin }),
      call(ctx.app, 'POST', `/api/clubs/${club.id}/units`, { as: otherAdmin, body: unitBody }),
      call(ctx.app, 'PUT', `/api/clubs/${club.id}/units/${u.id}`, { as: otherAdmin, body: unitBody }),
      call(ctx.app, 'DELETE', `/api/clubs/${club.id}/units/${u.id}`, { as: otherAdmin }),
      // The unit id through the admin's own club: still not found.
      call(ctx.app, 'PUT', `/api/clubs/${otherClub.id}/units/${u.id}`, { as: otherAdmin, body: unitBody }),
      call(ctx.app, 'DELETE', `/api/clubs/${otherClub.id}/units/${u.id}`, { as: otherAdmin }),
    ];
    for (const res of await Promise.all(probes)) expect(res.statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `/api/clubs/${club.id}/units`)).statusCode).toBe(401);
  });
});
