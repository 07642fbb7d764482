import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, engineName, type TestDb } from '../../../test/db.js';
import { seedDemo } from '../demo/seed.js';
import { DEMO_SLUG } from '../demo/base.js';

let db: TestDb;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.dispose());

describe(`demo saídas on ${engineName()}`, () => {
  it("names the adults on an under-16's authorisation for the upcoming saída, and the past camp's near miss has its photo", { timeout: 300_000 }, async () => {
    expect((await seedDemo(db)).created).toBe(true);
    const [club] = await db.query<{ id: string }>(`SELECT id FROM clubs WHERE slug = $1`, [DEMO_SLUG]);
    const companions = await db.query<{ names: string[]; age: number }>(
      `SELECT ad.names, extract(year FROM age(e.starts_on, cm.birth_date))::int AS age FROM camp_authorisation_adults ad
         JOIN event_authorisations a ON a.id = ad.authorisation_id JOIN event_registrations r ON r.id = a.registration_id
         JOIN events e ON e.id = r.event_id JOIN club_members cm ON cm.id = a.member_id
        WHERE ad.club_id = $1 AND e.title = 'Acampamento de Verão'`, [club.id]);
    expect(companions).toHaveLength(1);
    expect(companions[0].names).toHaveLength(2);
    expect(companions[0].age).toBeLessThan(16);
    const photos = await db.query<{ mime: string; size: number; kind: string }>(
      `SELECT ph.mime, ph.size, i.kind FROM camp_incident_photos ph JOIN camp_incidents i ON i.id = ph.incident_id WHERE ph.club_id = $1`, [club.id]);
    expect(photos).toEqual([{ mime: 'image/png', size: expect.any(Number), kind: 'quase_acidente' }]);
    expect(photos[0].size).toBeGreaterThan(1000);
  });
});
