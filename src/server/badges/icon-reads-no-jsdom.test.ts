import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, call, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { insertTask } from '../../../test/gamification.js';
import { SANITIZER_VERSION } from './icon.js';
import { isSanitizerLoaded, sanitizeSvgCalls } from './sanitize.js';

// Test files may share a process (isolate: false): another file may have loaded the sanitiser already,
// so the probe is the count of icons sanitised, and jsdom's absence when this file starts without it.
let ctx: TestContext;
let admin: Session;
let member: Session;
let club: { id: string };
let taskId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app, { name: 'Super Admin' });
  admin = await signUp(ctx.app, { name: 'Diretor' });
  member = await signUp(ctx.app, { name: 'Membro' });
  club = await createClub(ctx.app, admin, 'Leitura');
  await addMember(ctx.db, club.id, member.profile.id);
  taskId = await insertTask(ctx.db, club.id, { title: 'Com badge' });
});
afterAll(() => ctx.close());

async function badgeRow(name: string, version: number): Promise<string> {
  const [{ id }] = await ctx.db.query<{ id: string }>(
    `INSERT INTO badges (name, description, icon_svg, points, badge_type, icon_sanitized_v)
     VALUES ($1, 'd', '<svg xmlns="http://www.w3.org/2000/svg"><circle cx="5" cy="5" r="4"></circle></svg>', 5, 'manual', $2) RETURNING id`,
    [name, version],
  );
  return id;
}

async function readEverywhere(): Promise<void> {
  const task = `/tasks/${taskId}`;
  const reads = [['/badges', admin], ['/home', member], [`/members/${member.profile.id}/profile`, admin], ['/profile', member], [`${task}/badges`, admin], [`${task}/available-badges`, admin]] as const;
  for (const [path, as] of reads) {
    expect((await call(ctx.app, 'GET', `/api/clubs/${club.id}${path}`, { as })).statusCode).toBe(200);
  }
}

describe(`reading badge icons on ${engineName()}`, () => {
  it('current rows are served as stored without loading jsdom; a legacy row loads it', async () => {
    const current = await badgeRow('Atual', SANITIZER_VERSION);
    const grant = await call(ctx.app, 'POST', `/api/clubs/${club.id}/members/${member.profile.id}/badges`, { as: admin, body: { badge_id: current } });
    expect(grant.statusCode).toBe(201);
    expect((await call(ctx.app, 'POST', `/api/clubs/${club.id}/tasks/${taskId}/badges`, { as: admin, body: { badge_id: current } })).statusCode).toBe(201);
    await badgeRow('Atual disponível', SANITIZER_VERSION);
    const loadedBefore = isSanitizerLoaded();
    const before = sanitizeSvgCalls();
    await readEverywhere();
    expect(sanitizeSvgCalls()).toBe(before);
    if (!loadedBefore) expect(isSanitizerLoaded()).toBe(false);

    // The probe can fail: a row stored before the sanitiser makes the same reads load it.
    const legacy = await badgeRow('Antiga', 0);
    await call(ctx.app, 'POST', `/api/clubs/${club.id}/members/${member.profile.id}/badges`, { as: admin, body: { badge_id: legacy } });
    const beforeLegacy = sanitizeSvgCalls();
    await readEverywhere();
    expect(sanitizeSvgCalls()).toBeGreaterThan(beforeLegacy);
    expect(isSanitizerLoaded()).toBe(true);
  });
});
