import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../test/db.js';

// ARCHITECTURE §9: every foreign key is indexed. A foreign key whose columns do not lead some index
// makes each delete or key update on the referenced table scan the referencing one (ON DELETE
// CASCADE / SET NULL / RESTRICT checks), and leaves joins along it without an index path.

let db: TestDb;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db.dispose();
});

interface ForeignKey {
  table: string;
  constraint: string;
  columns: string[];
}

interface IndexInfo {
  table: string;
  name: string;
  /** Key columns in index order (null for an expression). */
  columns: (string | null)[];
  predicate: string | null;
}

/**
 * Foreign keys of the public schema whose columns (in any order) are not the leading key columns of
 * some valid index. A partial index counts only when its predicate is `<fk column> IS NOT NULL`: the
 * foreign-key checks look rows up by equality on every key column, which implies that predicate.
 */
async function unindexedForeignKeys(): Promise<ForeignKey[]> {
  const fks = await db.query<ForeignKey>(`
    SELECT c.conrelid::regclass::text AS table, c.conname AS constraint,
           array(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(attnum, n)
                   JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
                  ORDER BY k.n) AS columns
      FROM pg_constraint c JOIN pg_namespace ns ON ns.oid = c.connamespace
     WHERE c.contype = 'f' AND ns.nspname = 'public'
     ORDER BY 1, 2`);
  const indexes = await db.query<IndexInfo>(`
    SELECT i.indrelid::regclass::text AS table, i.indexrelid::regclass::text AS name,
           array(SELECT a.attname::text FROM unnest((i.indkey::int2[])[0:i.indnkeyatts - 1]) WITH ORDINALITY k(attnum, n)
                   LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
                  ORDER BY k.n) AS columns,
           pg_get_expr(i.indpred, i.indrelid) AS predicate
      FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace ns ON ns.oid = t.relnamespace
     WHERE ns.nspname = 'public' AND i.indisvalid`);
  const covers = (ix: IndexInfo, fk: ForeignKey) => {
    if (ix.table !== fk.table || ix.columns.length < fk.columns.length) return false;
    const lead = ix.columns.slice(0, fk.columns.length);
    if (!fk.columns.every((c) => lead.includes(c))) return false;
    if (ix.predicate === null) return true;
    const m = /^\((\w+) IS NOT NULL\)$/.exec(ix.predicate);
    return m !== null && fk.columns.includes(m[1]);
  };
  return fks.filter((fk) => !indexes.some((ix) => covers(ix, fk)));
}

describe('schema indexes', () => {
  it('every foreign key leads some index', async () => {
    expect(await unindexedForeignKeys()).toEqual([]);
  });

  it('the check sees a foreign key without an index, and one behind a partial or wrong-order index', async () => {
    await db.exec(`CREATE TABLE index_check_probe (
      id uuid PRIMARY KEY, club_id uuid REFERENCES clubs(id), profile_id uuid REFERENCES profiles(id), unit_id uuid,
      FOREIGN KEY (club_id, unit_id) REFERENCES units (club_id, id))`);
    try {
      const probe = { table: 'index_check_probe' };
      expect(await unindexedForeignKeys()).toEqual([
        { ...probe, constraint: 'index_check_probe_club_id_fkey', columns: ['club_id'] },
        { ...probe, constraint: 'index_check_probe_club_id_unit_id_fkey', columns: ['club_id', 'unit_id'] },
        { ...probe, constraint: 'index_check_probe_profile_id_fkey', columns: ['profile_id'] },
      ]);
      // (unit_id, profile_id) leads with neither key; a partial index on another condition does not count.
      await db.exec(`CREATE INDEX index_check_probe_a ON index_check_probe (unit_id, profile_id)`);
      await db.exec(`CREATE INDEX index_check_probe_b ON index_check_probe (profile_id) WHERE club_id IS NULL`);
      expect((await unindexedForeignKeys()).map((f) => f.constraint)).toEqual([
        'index_check_probe_club_id_fkey', 'index_check_probe_club_id_unit_id_fkey', 'index_check_probe_profile_id_fkey',
      ]);
      // Key columns in any order, extra trailing columns, and a NOT NULL partial index all count.
      await db.exec(`CREATE INDEX index_check_probe_c ON index_check_probe (unit_id, club_id)`);
      await db.exec(`CREATE INDEX index_check_probe_e ON index_check_probe (club_id, id)`);
      await db.exec(`CREATE INDEX index_check_probe_d ON index_check_probe (profile_id) WHERE profile_id IS NOT NULL`);
      expect(await unindexedForeignKeys()).toEqual([]);
    } finally {
      await db.exec('DROP TABLE index_check_probe');
    }
  });
});
