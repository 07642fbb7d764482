import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { call, createTestApp, login, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { seedDemo } from './seed.js';
import { DEMO_ADMIN, DEMO_GUARDIAN, DEMO_INSTRUCTOR, DEMO_LOGINS, DEMO_PASSWORD, DEMO_SLUG } from './base.js';
import { pngSize } from './picture.js';

/**
 * Issue 43, item 30: every role of the demo has a login that works and lands on something to see —
 * the director's bell, the treasurer's caixas, a counsellor's queue with a real photo, the instructor
 * signing in their class, the guardian's child on /familia, the kid's class card.
 */
let ctx: TestContext;
let clubId: string;
const sessions = new Map<string, Session>();
const as = (email: string) => {
  const s = sessions.get(email);
  if (!s) throw new Error(`no session for ${email}`);
  return s;
};
const get = async (email: string, url: string) => {
  const res = await call(ctx.app, 'GET', url, { as: as(email) });
  expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
  return res;
};

beforeAll(async () => {
  ctx = await createTestApp();
  expect(await seedDemo(ctx.db, ctx.app.storage)).toEqual({ created: true });
  [{ id: clubId }] = await ctx.db.query<{ id: string }>('SELECT id FROM clubs WHERE slug = $1', [DEMO_SLUG]);
  for (const l of DEMO_LOGINS) sessions.set(l.email, await login(ctx.app, l.email, DEMO_PASSWORD));
}, 180_000);
afterAll(() => ctx.close());

describe(`demo logins on ${engineName()}`, () => {
  it('every listed login signs in and belongs to the demo club (the guardian only through their child)', async () => {
    expect(DEMO_LOGINS.map((l) => l.email)).toEqual(expect.arrayContaining([DEMO_ADMIN.email, DEMO_GUARDIAN.email, DEMO_INSTRUCTOR.email]));
    const roles = await ctx.db.query<{ email: string; role: string }>(
      `SELECT p.email, cm.role FROM club_members cm JOIN profiles p ON p.id = cm.profile_id WHERE cm.club_id = $1 AND p.email = ANY ($2::text[])`,
      [clubId, DEMO_LOGINS.map((l) => l.email)]);
    const roleOf = Object.fromEntries(roles.map((r) => [r.email, r.role]));
    expect(roleOf).toEqual({
      [DEMO_ADMIN.email]: 'admin', 'sofia@demo.trilha.app': 'treasurer', 'lucas@demo.trilha.app': 'counselor', 'ana@demo.trilha.app': 'counselor',
      [DEMO_INSTRUCTOR.email]: 'instructor', 'rafael@demo.trilha.app': 'member', 'larissa@demo.trilha.app': 'member',
    });
    // The root README lists each of them.
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    expect(DEMO_LOGINS.filter((l) => !readme.includes(`\`${l.email}\``))).toEqual([]);
    // The guardian is not a member: the club's routes answer as to a stranger.
    expect((await call(ctx.app, 'GET', `/api/clubs/${clubId}/members`, { as: as(DEMO_GUARDIAN.email) })).statusCode).toBe(404);
  });

  it('the director has unread notices in the bell: the instructor joined, a kid is pronto para investidura', async () => {
    const unread = (await get(DEMO_ADMIN.email, '/api/notifications/unread')).json();
    expect(unread.clubs).toEqual([{ club_id: clubId, unread: expect.any(Number) }]);
    expect(unread.clubs[0].unread).toBeGreaterThanOrEqual(2);
    const list = (await get(DEMO_ADMIN.email, `/api/notifications?club_id=${clubId}`)).json();
    const kinds = list.notifications.map((n: { kind: string }) => n.kind);
    expect(kinds).toEqual(expect.arrayContaining(['invitation.accepted', 'programme.ready']));
  });

  it('the treasurer reads the caixas', async () => {
    const caixas = (await get('sofia@demo.trilha.app', `/api/clubs/${clubId}/cash-accounts`)).json();
    expect(JSON.stringify(caixas)).toContain('Caixa Geral');
  });

  it('a counsellor sees their unit\'s waiting photo, a real 640 × 480 picture', async () => {
    const queue = (await get('lucas@demo.trilha.app', `/api/clubs/${clubId}/submissions?status=submitted`)).json();
    const mine = queue.submissions.filter((s: { full_name?: string; member_name?: string }) => JSON.stringify(s).includes('Rafael Lima'));
    expect(mine).toHaveLength(1);
    const photo = await get('lucas@demo.trilha.app', `/api/clubs/${clubId}/submissions/${mine[0].id}/evidence`);
    expect(photo.headers['content-type']).toMatch(/^image\/png/);
    expect(pngSize(photo.rawPayload)).toEqual({ width: 640, height: 480 });
    // Every photo of the demo, not only this one: none is a 1 × 1 dot.
    const keys = await ctx.db.query<{ evidence_key: string }>('SELECT evidence_key FROM task_submissions WHERE club_id = $1', [clubId]);
    expect(keys.length).toBeGreaterThanOrEqual(3);
    for (const { evidence_key } of keys) {
      const size = pngSize((await ctx.app.storage.get(evidence_key)) ?? new Uint8Array());
      expect(size && size.width > 1 && size.height > 1).toBe(true);
    }
  });

  it('the guardian follows their child on /familia, consent in force, with the class under way', async () => {
    const family = (await get(DEMO_GUARDIAN.email, '/api/family')).json() as Array<{ member_id: string; full_name: string; total_points: number }>;
    expect(family.map((c) => c.full_name).sort()).toEqual(DEMO_GUARDIAN.children);
    for (const child of family) expect(child).toMatchObject({ club_id: clubId, consent: 'granted', relationship: DEMO_GUARDIAN.relationship });
    const rafael = family.find((c) => c.full_name === 'Rafael Lima');
    expect(rafael?.total_points).toBeGreaterThan(0);
    const card = (await get(DEMO_GUARDIAN.email, `/api/family/children/${rafael?.member_id}/programme-card`)).json();
    const amigo = card.enrolments.find((e: { item: { code: string } }) => e.item.code === 'AMIGO');
    expect(amigo.requirements.filter((r: { signature: unknown }) => r.signature !== null).length).toBeGreaterThanOrEqual(3);
    // Told of the signatures, as a guardian is.
    const notices = (await get(DEMO_GUARDIAN.email, '/api/notifications')).json();
    expect(notices.notifications.some((n: { kind: string; link: string }) => n.kind === 'programme.signed' && n.link === '/familia')).toBe(true);
  });

  it('the kid sees his class card with signatures, and the instructor signs the next requisito in their class', async () => {
    const [rafael] = await ctx.db.query<{ id: string }>(
      `SELECT cm.id FROM club_members cm JOIN profiles p ON p.id = cm.profile_id WHERE cm.club_id = $1 AND p.email = 'rafael@demo.trilha.app'`, [clubId]);
    const cardUrl = `/api/clubs/${clubId}/programme/members/${rafael.id}/card`;
    const card = (await get('rafael@demo.trilha.app', cardUrl)).json();
    const amigo = card.enrolments.find((e: { item: { code: string } }) => e.item.code === 'AMIGO');
    const unsigned = amigo.requirements.filter((r: { signature: unknown }) => r.signature === null);
    expect(amigo.requirements.length - unsigned.length).toBeGreaterThanOrEqual(3);
    expect(unsigned.length).toBeGreaterThan(0);

    const grid = (await get(DEMO_INSTRUCTOR.email, `/api/clubs/${clubId}/programme/items/AMIGO/grid`)).json();
    expect(grid.members.find((m: { member_id: string }) => m.member_id === rafael.id)).toMatchObject({ can_sign: true });
    const signed = await call(ctx.app, 'POST', `/api/clubs/${clubId}/programme/signatures`, {
      as: as(DEMO_INSTRUCTOR.email), body: { requirement_id: unsigned[0].id, member_ids: [rafael.id] },
    });
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toMatchObject({ signed: 1 });
  });

  it('seeding again changes nothing', async () => {
    const count = async () => (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM profiles'))[0].n;
    const before = await count();
    expect(await seedDemo(ctx.db, ctx.app.storage)).toEqual({ created: false });
    expect(await count()).toBe(before);
  });
});
