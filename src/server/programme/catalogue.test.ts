import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, engineName, type TestDb } from '../../../test/db.js';
import { migrate, MIGRATIONS_DIR } from '../db/migrate.js';

// The catalogue ships in migration 0500 from the CSVs beside this file; loading it again adds nothing.

let db: TestDb;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.dispose());

const counts = async () => (await db.query<{ items: number; areas: number; sections: number }>(
  `SELECT (SELECT count(*) FROM programme_items)::int AS items, (SELECT count(*) FROM programme_areas)::int AS areas, (SELECT count(*) FROM programme_sections)::int AS sections`,
))[0];

describe(`programme catalogue on ${engineName()}`, () => {
  it('holds every class of both programmes and the 544 especialidades of the CSVs, with areas, colours and links', async () => {
    const dir = path.join(import.meta.dirname, 'catalogue');
    const csvLines = async (f: string) => (await readFile(path.join(dir, f), 'utf8')).split(/\r?\n/).filter(Boolean).length - 1;
    const rows = await db.query<{ kind: string; programme: string; n: number }>('SELECT kind, programme, count(*)::int AS n FROM programme_items GROUP BY 1, 2 ORDER BY 1, 2');
    expect(rows).toEqual([
      { kind: 'class', programme: 'aventureiros', n: 4 },
      { kind: 'class', programme: 'desbravadores', n: 15 },
      { kind: 'specialty', programme: 'desbravadores', n: 544 },
    ]);
    expect(await csvLines('especialidades.csv')).toBe(544);
    expect(await csvLines('classes.csv')).toBe(19);
    expect(await counts()).toEqual({ items: 563, areas: 10, sections: 10 });
    const [araras] = await db.query<{ name: string; area_code: string; reference_url: string }>(`SELECT name, area_code, reference_url FROM programme_items WHERE code = 'EN-073'`);
    expect(araras).toEqual({ name: 'Araras, Papagaios e Periquitos', area_code: 'EN', reference_url: 'https://mda.wiki.br/Especialidade_de_Araras,_Papagaios_e_Periquitos' });
    const [guia] = await db.query<{ min_age: number; prerequisite: string | null; class_kind: string }>(`SELECT min_age, prerequisite, class_kind FROM programme_items WHERE code = 'GUIA_EXPLORACAO'`);
    expect(guia).toEqual({ min_age: 15, prerequisite: 'GUIA', class_kind: 'avancada' });
    const colours = await db.query<{ color: string }>(`SELECT DISTINCT color FROM programme_areas`);
    expect(colours.length).toBe(10);
    expect((await db.query(`SELECT 1 FROM programme_items WHERE kind = 'specialty' AND (reference_url IS NULL OR area_code IS NULL)`)).length).toBe(0);
  });

  it('a second start or a second load of the same rows leaves no duplicate', async () => {
    const before = await counts();
    expect(await migrate(db)).toEqual([]);
    const sql = await readFile(path.join(MIGRATIONS_DIR, '0500_programme.sql'), 'utf8');
    const inserts = sql.slice(sql.indexOf('INSERT INTO programme_sections'), sql.indexOf('-- The colour of each area'));
    await db.exec(inserts);
    expect(await counts()).toEqual(before);
  });
});
