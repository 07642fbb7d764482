import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, engineName, type TestDb } from '../../../test/db.js';
import { seedDemo } from '../demo/seed.js';
import { readiness } from './service.js';
import { diretoria } from './diretoria.js';
import { evaluation } from './evaluation.js';

let db: TestDb;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.dispose());

describe(`demo club readiness for the Associação on ${engineName()}`, () => {
  it('is half done: some members ready for the SGC and insured, others with fields missing', { timeout: 90_000 }, async () => {
    expect((await seedDemo(db)).created).toBe(true);
    const [club] = await db.query<{ id: string }>(`SELECT id FROM clubs WHERE slug = 'clube-demo-aguias'`);
    const r = await readiness(db, club.id);
    expect(r.total).toBeGreaterThanOrEqual(12);
    expect(r.sgc_ready).toBeGreaterThanOrEqual(3);
    expect(r.sgc_ready).toBeLessThan(r.total * 0.75);
    expect(r.insured).toBeGreaterThan(r.sgc_ready);
    expect(r.insured).toBeLessThan(r.total);
    expect(r.members.every((m) => m.cpf === null || /^\d{11}$/.test(m.cpf))).toBe(true);
    // The diretoria has one post empty, one volunteer without the termo de adesão, and breaks no rule.
    const d = await diretoria(db, club.id);
    expect(d.missing).toEqual(['Capelão(ã)', 'Termo de adesão: falta 1']);
    expect(d.volunteers.filter((v) => v.termo_signed_on !== null).length).toBeGreaterThanOrEqual(3);
    expect(d.problems).toEqual([]);
    // The evaluation: the platform's list, the plan signed, the Campori marked by hand, the score part way.
    const e = await evaluation(db, club.id);
    expect(e.source).toBe('platform');
    expect(e.items.find((i) => i.code === 'planejamento')?.done).toBe(true);
    expect(e.items.find((i) => i.code === 'campori')).toMatchObject({ done: true, mark: { marked_by_name: 'Diretora Demo' } });
    expect(e.items.find((i) => i.code === 'atas')?.proof_line).toMatch(/^Atas da diretoria: [1-9]\d* de 10$/);
    expect(e.score).toBeGreaterThan(0);
    expect(e.score).toBeLessThan(e.max);
  });
});
