import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, engineName, type TestDb } from '../../../test/db.js';
import { seedDemo } from '../demo/seed.js';
import { annualPlan, calendar } from './plan.js';
import { plansSignedOnOfClubs } from './plan-repo.js';

let db: TestDb;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.dispose());

describe(`the demo club's year on ${engineName()}`, () => {
  it('a year\'s calendar with meetings, events, holidays and the Associação\'s dates; this year\'s plan signed, next year\'s goals typed', { timeout: 120_000 }, async () => {
    expect((await seedDemo(db)).created).toBe(true);
    const [club] = await db.query<{ id: string }>(`SELECT id FROM clubs WHERE slug = 'clube-demo-aguias'`);
    const cal = await calendar(db, club.id, undefined, false);
    const kinds = new Set(cal.items.map((i) => i.kind));
    for (const k of ['meeting', 'holiday', 'break', 'associacao', 'regional', 'club']) expect({ k, has: kinds.has(k as never) }).toEqual({ k, has: true });
    const next = await calendar(db, club.id, cal.year + 1, false);
    expect(next.items.filter((i) => i.kind === 'meeting').length).toBeGreaterThanOrEqual(50);
    expect((await plansSignedOnOfClubs(db, [{ clubId: club.id, year: cal.year }])).has(club.id)).toBe(true);
    expect((await plansSignedOnOfClubs(db, [{ clubId: club.id, year: cal.year + 1 }])).has(club.id)).toBe(false);
    expect((await annualPlan(db, club.id, cal.year + 1)).goals).toContain('Campori');
  });
});
