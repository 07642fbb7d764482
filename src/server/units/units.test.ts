import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNIT_MSG } from '../../shared/units.js';
import { addMember, call, createClub, createTestApp, setUpClubWithMember, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';

let ctx: TestContext;
let admin: Session;
let member: Session;
let club: { id: string };
beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, member, club } = await setUpClubWithMember(ctx, 'Unidades'));
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

  it('names sort as a Brazilian reads them (units, ranking ties); two units cannot differ only by accents or case', async () => {
    const director = await signUp(ctx.app);
    const own = await createClub(ctx.app, director, 'Ordem');
    const post = (name: string) => call(ctx.app, 'POST', `/api/clubs/${own.id}/units`, { as: director, body: { ...unitBody, name } });
    const ids = new Map<string, string>();
    for (const name of ['Zeca', 'Érica', 'abelhas', 'Ágatha', 'Ana Souza', 'Anabela']) ids.set(name, (await post(name)).json().id);
    const order = ['abelhas', 'Ágatha', 'Ana Souza', 'Anabela', 'Érica', 'Zeca'];
    expect((await call(ctx.app, 'GET', `/api/clubs/${own.id}/units`, { as: director })).json().map((u: { name: string }) => u.name)).toEqual(order);
    for (const [name, id] of ids) await ctx.db.query(`INSERT INTO club_members (club_id, profile_id, role, unit_id) VALUES ($1, $2, 'member', $3)`, [own.id, (await signUp(ctx.app, { name })).profile.id, id]);
    // One unit and one member score; every other has 0 points: ties, read in the same order.
    const leader = (await post('Líder')).json().id;
    const leaderKid = await signUp(ctx.app, { name: 'Líder' });
    await ctx.db.query(`INSERT INTO club_members (club_id, profile_id, role, unit_id) VALUES ($1, $2, 'member', $3)`, [own.id, leaderKid.profile.id, leader]);
    await ctx.db.query(`INSERT INTO point_events (club_id, profile_id, unit_id, source, points, reason) VALUES ($1, $2, $3, 'manual', 5, 'Ajuda')`, [own.id, leaderKid.profile.id, leader]);
    const ranking = await call(ctx.app, 'GET', `/api/clubs/${own.id}/ranking/units`, { as: director });
    expect(ranking.json().map((u: { unit_name: string }) => u.unit_name)).toEqual(['Líder', ...order]);
    const people = (await call(ctx.app, 'GET', `/api/clubs/${own.id}/ranking/individual`, { as: director })).json().map((r: { full_name: string }) => r.full_name);
    expect(people.filter((n: string) => n === 'Líder' || order.includes(n))).toEqual(['Líder', ...order]);

    for (const same of ['ÁGATHA', ' agatha ', 'Agatha', 'erica']) {
      const dup = await post(same);
      expect(dup.statusCode).toBe(409);
      expect(dup.json().error.message).toBe(UNIT_MSG.nameTaken);
    }
    const renamed = await call(ctx.app, 'PUT', `/api/clubs/${own.id}/units/${ids.get('Zeca')}`, { as: director, body: { ...unitBody, name: 'ZÉCA' } });
    expect(renamed.statusCode).toBe(200);
    const clash = await call(ctx.app, 'PUT', `/api/clubs/${own.id}/units/${ids.get('Zeca')}`, { as: director, body: { ...unitBody, name: 'anabela' } });
    expect(clash.json().error.message).toBe(UNIT_MSG.nameTaken);
    // Two directors creating the same unit at once: one wins, the other is told why.
    const both = await Promise.all([post('Falcões'), post('FALCOES')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    // Another club may use the same name.
    const neighbour = await signUp(ctx.app);
    const theirs = await createClub(ctx.app, neighbour, 'Vizinho');
    expect((await call(ctx.app, 'POST', `/api/clubs/${theirs.id}/units`, { as: neighbour, body: { ...unitBody, name: 'Ágatha' } })).statusCode).toBe(201);
  });
});
