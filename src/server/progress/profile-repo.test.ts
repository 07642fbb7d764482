import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { insertBadge, insertTask, insertUnit } from '../../../test/gamification.js';
import { ZMemberProfile } from '../../shared/progress.js';
import { SANITIZER_VERSION, withServedIcon } from '../badges/icon.js';
import { serializerFor } from '../http/serializer.js';
import { getProfileHead, getProfileJson, getProfileWithLists, listEarnedBadges, listPointHistory } from './profile-repo.js';

// The profile is read in one statement, its badges and history as JSON arrays: every field must come
// out as the row-at-a-time reads give it (timestamps as the driver writes them, nulls, booleans,
// order, the 200-line limit).

let ctx: TestContext;
let admin: Session;
let kid: Session;
let club: { id: string };
let badge: string;

const profileText = serializerFor(ZMemberProfile);

/** The answer as the row path gives it, written by the compiled serializer. */
async function rowPathText(key: string, hideEmail = false) {
  const p = await getProfileWithLists(ctx.db, club.id, key);
  if (!p) throw new Error('no profile');
  return profileText({ ...p, email: hideEmail ? null : p.email, badges: p.badges.map(withServedIcon) });
}

beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin' });
  admin = await signUp(ctx.app, { name: 'Diretora' });
  kid = await signUp(ctx.app, { name: 'Lia "Lê" \\ Çá\n🌲' });
  club = await createClub(ctx.app, admin, 'Perfil');
  const unit = await insertUnit(ctx.db, club.id, 'Águias');
  await addMember(ctx.db, club.id, kid.profile.id, 'Desbravador(a)', unit);
  const task = await insertTask(ctx.db, club.id, { title: 'Nó de escota', points: 12 });
  badge = await insertBadge(ctx.db, { name: 'Explorador "X" \\ 🧭', points: 30, type: 'manual' });
  await ctx.db.query(`INSERT INTO member_badges (club_id, profile_id, badge_id, awarded_by, awarded_at) VALUES ($1, $2, $3, $4, '2026-03-01T12:34:56.789999Z')`,
    [club.id, kid.profile.id, badge, admin.profile.id]);
  const badge2 = await insertBadge(ctx.db, { name: 'Acampante', points: 0 });
  await ctx.db.query(`INSERT INTO member_badges (club_id, profile_id, badge_id) VALUES ($1, $2, $3)`, [club.id, kid.profile.id, badge2]);
  // Stored as the API stores an icon: sanitised and marked so (ADR 023).
  await ctx.db.query(`UPDATE badges SET icon_sanitized_v = $1 WHERE id IN ($2, $3)`, [SANITIZER_VERSION, badge, badge2]);
  // 230 ledger lines (more than the 200 shown), microsecond timestamps, ties on the same instant.
  await ctx.db.query(
    `INSERT INTO point_events (club_id, profile_id, unit_id, source, points, reason, task_id, badge_id, occurred_at, created_by)
     SELECT $1, $2, $3, CASE WHEN g % 3 = 0 THEN 'task_completion' WHEN g % 3 = 1 THEN 'manual' ELSE 'badge' END, g - 100,
            CASE WHEN g % 3 = 1 THEN 'Motivo ' || g || ' "aspas" \\ e ç' END,
            CASE WHEN g % 3 = 0 THEN $4::uuid END, CASE WHEN g % 3 = 2 THEN $5::uuid END,
            timestamptz '2026-01-01T00:00:00.123456Z' + make_interval(secs => (g / 2) * 3600.000777),
            CASE WHEN g % 2 = 0 THEN $6::uuid END
       FROM generate_series(1, 230) g`,
    [club.id, kid.profile.id, unit, task, badge, admin.profile.id]);
  const batch = await call(ctx.app, 'POST', `/api/clubs/${club.id}/point-adjustments/batch`, {
    as: admin, body: { profile_ids: [kid.profile.id], points: 4, reason: 'Mutirão' },
  });
  expect(batch.statusCode).toBe(201);
  expect((await call(ctx.app, 'POST', `/api/clubs/${club.id}/point-adjustments/batch/${batch.json().batch_id}/undo`, { as: admin })).statusCode).toBe(200);
});
afterAll(() => ctx.close());

describe(`profile in one statement on ${engineName()}`, () => {
  it('answers field for field what the head, badges and history reads answer', async () => {
    const [member] = await ctx.db.query<{ id: string }>(`SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2`, [club.id, kid.profile.id]);
    for (const key of [kid.profile.id, member.id]) {
      const one = await getProfileWithLists(ctx.db, club.id, key);
      const head = await getProfileHead(ctx.db, club.id, key);
      const badges = await listEarnedBadges(ctx.db, club.id, kid.profile.id);
      const history = await listPointHistory(ctx.db, club.id, kid.profile.id);
      expect(one).toEqual({ ...head, badges, history });
      expect(one?.history).toHaveLength(200);
      expect(one?.badges.map((b) => b.awarded_at)).toContain('2026-03-01T12:34:56.789Z');
      expect(one?.history.some((h) => h.batch_undone)).toBe(true);
    }
  });

  it('an unknown member is not found; the route still answers 404', async () => {
    expect(await getProfileWithLists(ctx.db, club.id, '00000000-0000-4000-8000-000000000000')).toBeNull();
    const res = await call(ctx.app, 'GET', `/api/clubs/${club.id}/members/00000000-0000-4000-8000-000000000000/profile`, { as: admin });
    expect(res.statusCode).toBe(404);
  });

  it('the route serves the badges with their served icons and the totals of the ledger', async () => {
    const res = await call(ctx.app, 'GET', `/api/clubs/${club.id}/profile`, { as: kid });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.badges.map((b: { name: string }) => b.name).sort()).toEqual(['Acampante', 'Explorador "X" \\ 🧭']);
    expect(body.badges[0]).not.toHaveProperty('icon_sanitized_v');
    const [sum] = await ctx.db.query<{ n: number }>(`SELECT sum(points)::int AS n FROM point_events WHERE club_id = $1 AND profile_id = $2`, [club.id, kid.profile.id]);
    expect(body.total_points).toBe(sum.n);
    expect(body.history[0].occurred_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('the JSON text the database writes is byte for byte the serializer\'s text of the row path', async () => {
    const [member] = await ctx.db.query<{ id: string }>(`SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2`, [club.id, kid.profile.id]);
    for (const key of [kid.profile.id, member.id]) {
      for (const hide of [false, true]) {
        const found = await getProfileJson(ctx.db, club.id, key, SANITIZER_VERSION, hide);
        expect(found?.stale_icons).toBe(false);
        expect(found?.json).toBe(await rowPathText(key, hide));
      }
    }
    const own = await call(ctx.app, 'GET', `/api/clubs/${club.id}/profile`, { as: kid });
    expect(own.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(own.body).toBe(await rowPathText(kid.profile.id));
    const theirs = await call(ctx.app, 'GET', `/api/clubs/${club.id}/members/${member.id}/profile`, { as: admin });
    expect(theirs.body).toBe(await rowPathText(member.id));
  });

  it('an icon stored by older sanitiser rules is cleaned before it is served', async () => {
    await ctx.db.query(`UPDATE badges SET icon_svg = $2, icon_sanitized_v = 0 WHERE id = $1`,
      [badge, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><circle cx="5" cy="5" r="4"/></svg>']);
    expect((await getProfileJson(ctx.db, club.id, kid.profile.id, SANITIZER_VERSION, false))?.stale_icons).toBe(true);
    const res = await call(ctx.app, 'GET', `/api/clubs/${club.id}/profile`, { as: kid });
    expect(res.statusCode).toBe(200);
    const icon = res.json().badges.find((b: { badge_id: string }) => b.badge_id === badge).icon_svg as string;
    expect(icon).toContain('<circle');
    expect(icon).not.toContain('script');
    expect(res.body).toBe(await rowPathText(kid.profile.id));
  });
});
