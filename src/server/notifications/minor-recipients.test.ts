import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMinor, minorSql } from '../../shared/minor.js';
import { addMember, createClub, createTestApp, signUp, type Session, type TestContext } from '../../../test/api.js';
import { engineName } from '../../../test/db.js';
import { MINOR_SQL } from '../families/repo.js';
import { notify } from './notify.js';

// Issue 44: 'minor' was defined twice — the families' consent (under 18 by the birth date, or no
// birth date and not marked an adult) and the notifications' (a guardian on record) — and the two
// disagreed: an adult with a guardian still on record got no e-mail, a 15-year-old without one got
// e-mails and pushes. Both now read src/shared/minor.ts.

let ctx: TestContext;
let director: Session;
let club: { id: string };

async function member(name: string, birthDate: string | null, adultConfirmed: boolean, withGuardian: boolean): Promise<string> {
  const s = await signUp(ctx.app, { name });
  await addMember(ctx.db, club.id, s.profile.id, 'member');
  const [m] = await ctx.db.query<{ id: string }>(
    `UPDATE club_members SET birth_date = $3, adult_confirmed = $4 WHERE club_id = $1 AND profile_id = $2 RETURNING id`,
    [club.id, s.profile.id, birthDate, adultConfirmed],
  );
  if (withGuardian) {
    await ctx.db.query(`INSERT INTO member_guardians (club_id, member_id, full_name, email, relationship) VALUES ($1, $2, 'Mãe', $3, 'Mãe')`,
      [club.id, m.id, `mae-${s.profile.id}@example.com`]);
  }
  return s.profile.id;
}

const yearsAgo = (years: number, days = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  ctx = await createTestApp();
  director = await signUp(ctx.app, { name: 'Diretora' });
  club = await createClub(ctx.app, director, 'Clube dos Menores');
  // The club's today: UTC, so the birth dates above and the club's day agree.
  await ctx.db.query(`UPDATE clubs SET timezone = 'UTC' WHERE id = $1`, [club.id]);
});
afterAll(() => ctx.close());

describe(`one definition of a minor on ${engineName()}`, () => {
  it('the SQL form answers what the TypeScript rule answers, around the 18th birthday and without a birth date', async () => {
    const [{ today }] = await ctx.db.query<{ today: string }>(`SELECT to_char(current_date, 'YYYY-MM-DD') AS today`);
    const cases = [yearsAgo(18, 1), yearsAgo(18), yearsAgo(18, -1), yearsAgo(17), yearsAgo(30), '2008-02-29', '2012-02-29', null];
    for (const birth of cases) {
      for (const adult of [false, true]) {
        const [row] = await ctx.db.query<{ minor: boolean }>(
          `SELECT ${minorSql('m', 'current_date')} AS minor FROM (SELECT $1::date AS birth_date, $2::boolean AS adult_confirmed) m`, [birth, adult]);
        expect(row.minor, `${birth} ${adult}`).toBe(isMinor({ birth_date: birth, adult_confirmed: adult }, today));
      }
    }
  });

  it("notifications and consent agree: an adult with a guardian on record gets e-mail; a 15-year-old without one gets none", async () => {
    const adultWithGuardian = await member('Adulta com Responsável', yearsAgo(19), false, true);
    const teenAlone = await member('Adolescente Sem Responsável', yearsAgo(15), false, false);
    const noDate = await member('Sem Data', null, false, false);
    const markedAdult = await member('Marcado Adulto', null, true, false);
    const ids = [adultWithGuardian, teenAlone, noDate, markedAdult];
    await ctx.db.transaction((tx) => notify(tx, { clubId: club.id, to: ids, category: 'money', kind: 'test.minor', title: 'Olá', link: '/dashboard' }));
    const rows = await ctx.db.query<{ profile_id: string; email_mode: string }>(
      `SELECT profile_id, email_mode FROM notifications WHERE kind = 'test.minor'`);
    const mode = new Map(rows.map((r) => [r.profile_id, r.email_mode]));
    const consent = await ctx.db.query<{ profile_id: string; minor: boolean }>(
      `SELECT cm.profile_id, ${MINOR_SQL('cm')} AS minor FROM club_members cm WHERE cm.club_id = $1 AND cm.profile_id = ANY($2::uuid[])`, [club.id, ids]);
    const minor = new Map(consent.map((r) => [r.profile_id, r.minor]));
    expect(ids.map((id) => [minor.get(id), mode.get(id) === 'off'])).toEqual([
      [false, false],
      [true, true],
      [true, true],
      [false, false],
    ]);
  });
});
