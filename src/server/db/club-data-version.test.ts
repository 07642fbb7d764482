import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one } from './index.js';
import { platformDataVersion } from '../admin/repo.js';
import { engineName, openTestDb, type TestDb } from '../../../test/db.js';

// ADR 026: kept answers of club reads are keyed by club_data_versions.version, so every change to what
// a club screen shows must move it, once per transaction, when the transaction commits.

let db: TestDb;
beforeAll(async () => {
  db = await openTestDb({ poolSize: 20 });
});
afterAll(() => db.dispose());

async function newClub(name: string): Promise<string> {
  const slug = `${name.toLowerCase().replace(/[^a-z]+/g, '-')}-${Math.random().toString(36).slice(2, 8)}`;
  return (await one<{ id: string }>(db, `INSERT INTO clubs (name, slug) VALUES ($1, $2) RETURNING id`, [name, slug])).id;
}

async function versionOf(clubId: string): Promise<number> {
  return Number((await one<{ v: string }>(db, `SELECT version::text AS v FROM club_data_versions WHERE club_id = $1`, [clubId])).v);
}

async function newProfile(name: string): Promise<string> {
  return (await one<{ id: string }>(db, `INSERT INTO profiles (full_name) VALUES ($1) RETURNING id`, [name])).id;
}

describe(`club data versions on ${engineName()}`, () => {
  it('every table with a club_id, the clubs, profiles and a task\'s parts carry the bump triggers', async () => {
    const missing = await db.query<{ table: string; op: string }>(`
      WITH watched AS (
        SELECT c.oid, c.relname::text AS tbl FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname <> 'club_data_versions'
           AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'club_id' AND NOT a.attisdropped)
        UNION ALL
        SELECT c.oid, c.relname::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND c.relname IN ('questions', 'subtasks', 'task_badges')
      ), ops(op, bit) AS (VALUES ('ins', 4), ('upd', 16), ('del', 8))
      SELECT w.tbl AS table, o.op FROM watched w CROSS JOIN ops o
       WHERE NOT EXISTS (
         SELECT 1 FROM pg_trigger t
          WHERE t.tgrelid = w.oid AND t.tgname = 'club_data_' || o.op AND t.tgdeferrable AND t.tginitdeferred
            AND (t.tgtype::int & o.bit) <> 0)
      ORDER BY 1, 2`);
    expect(missing).toEqual([]);
    const special = await db.query<{ tbl: string; tgname: string }>(`
      SELECT c.relname::text AS tbl, t.tgname::text AS tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
       WHERE c.relname IN ('clubs', 'profiles') AND t.tgname LIKE 'club_data_%' ORDER BY 1, 2`);
    expect(special).toEqual([
      { tbl: 'clubs', tgname: 'club_data_created' },
      { tbl: 'clubs', tgname: 'club_data_del' },
      { tbl: 'clubs', tgname: 'club_data_ins' },
      { tbl: 'clubs', tgname: 'club_data_upd' },
      { tbl: 'profiles', tgname: 'club_data_del' },
      { tbl: 'profiles', tgname: 'club_data_ins' },
      { tbl: 'profiles', tgname: 'club_data_upd' },
    ]);
  });

  it('a new club starts with its version; one transaction of many rows moves it by one; another club does not move', async () => {
    const club = await newClub('Versão');
    const other = await newClub('Vizinho');
    // Creating the club wrote its default rows in the same transaction: one bump at most.
    const v0 = await versionOf(club);
    expect(v0).toBeLessThanOrEqual(1);
    const before = await versionOf(other);
    await db.transaction(async (tx) => {
      const profiles = await tx.query<{ id: string }>(`INSERT INTO profiles (full_name) SELECT 'Membro ' || g FROM generate_series(1, 300) g RETURNING id`);
      for (const p of profiles.slice(0, 3)) {
        await tx.query(`INSERT INTO club_members (club_id, profile_id, role) VALUES ($1, $2, 'member')`, [club, p.id]);
      }
      await tx.query(`INSERT INTO club_members (club_id, profile_id, role) SELECT $1, id, 'member' FROM profiles WHERE full_name LIKE 'Membro %' AND id NOT IN (SELECT profile_id FROM club_members) `, [club]);
      await tx.query(`INSERT INTO units (club_id, name) VALUES ($1, 'Águia')`, [club]);
    });
    expect(await versionOf(club)).toBe(v0 + 1);
    expect(await versionOf(other)).toBe(before);
    // A plain statement is its own transaction.
    await db.query(`UPDATE units SET name = 'Falcão' WHERE club_id = $1`, [club]);
    expect(await versionOf(club)).toBe(v0 + 2);
    await db.query(`DELETE FROM units WHERE club_id = $1`, [club]);
    expect(await versionOf(club)).toBe(v0 + 3);
    // The club's own row (its name shows on every screen).
    await db.query(`UPDATE clubs SET name = 'Versão 2' WHERE id = $1`, [club]);
    expect(await versionOf(club)).toBe(v0 + 4);
  });

  it('a transaction that rolls back leaves the version; a savepoint rolled back still lets the rest bump once', async () => {
    const club = await newClub('Desfeito');
    const v0 = await versionOf(club);
    await expect(db.transaction(async (tx) => {
      await tx.query(`INSERT INTO units (club_id, name) VALUES ($1, 'Leão')`, [club]);
      throw new Error('desfaz');
    })).rejects.toThrow('desfaz');
    expect(await versionOf(club)).toBe(v0);
    await db.transaction(async (tx) => {
      await tx.query('SAVEPOINT s');
      await tx.query(`INSERT INTO units (club_id, name) VALUES ($1, 'Leão')`, [club]);
      await tx.query('ROLLBACK TO SAVEPOINT s');
      // The first change was taken back with its queued bump: this one must queue its own.
      await tx.query(`INSERT INTO units (club_id, name) VALUES ($1, 'Tigre')`, [club]);
    });
    expect(await versionOf(club)).toBe(v0 + 1);
    expect((await db.query(`SELECT name FROM units WHERE club_id = $1`, [club])).map((r) => r.name)).toEqual(['Tigre']);
  });

  it('the row that queued the bump deleted later in the same transaction: the other changes still move the version', async () => {
    const club = await newClub('Linha apagada');
    const v0 = await versionOf(club);
    await db.transaction(async (tx) => {
      const unit = (await one<{ id: string }>(tx, `INSERT INTO units (club_id, name) VALUES ($1, 'Passageira') RETURNING id`, [club])).id;
      await tx.query(`UPDATE clubs SET name = 'Nome novo' WHERE id = $1`, [club]);
      await tx.query(`DELETE FROM units WHERE id = $1`, [unit]);
    });
    expect(await versionOf(club)).toBe(v0 + 1);
  });

  it('a person renamed moves every club they belong to, as member or guardian; a task\'s question moves its club', async () => {
    const a = await newClub('Clube A');
    const b = await newClub('Clube B');
    const c = await newClub('Clube C');
    const person = await newProfile('Ana');
    const child = await newProfile('Bia');
    await db.query(`INSERT INTO club_members (club_id, profile_id, role) VALUES ($1, $2, 'member')`, [a, person]);
    const childMember = (await one<{ id: string }>(db, `INSERT INTO club_members (club_id, profile_id, role) VALUES ($1, $2, 'member') RETURNING id`, [b, child])).id;
    await db.query(`INSERT INTO member_guardians (club_id, member_id, full_name, email, relationship, profile_id) VALUES ($1, $2, 'Ana', 'ana@exemplo.com', 'mãe', $3)`, [b, childMember, person]);
    const [va, vb, vc] = [await versionOf(a), await versionOf(b), await versionOf(c)];
    await db.query(`UPDATE profiles SET full_name = 'Ana Maria' WHERE id = $1`, [person]);
    expect([await versionOf(a), await versionOf(b), await versionOf(c)]).toEqual([va + 1, vb + 1, vc]);
    // An update that changes nothing moves nothing.
    await db.query(`UPDATE profiles SET full_name = full_name WHERE id = $1`, [person]);
    expect(await versionOf(a)).toBe(va + 1);

    const task = (await one<{ id: string }>(db, `INSERT INTO tasks (club_id, title, type, points) VALUES ($1, 'Quiz', 'quiz', 10) RETURNING id`, [c])).id;
    const vTask = await versionOf(c);
    await db.query(`INSERT INTO questions (task_id, text, answer_type, order_position) VALUES ($1, 'Quanto é 2+2?', 'free_text', 1)`, [task]);
    expect(await versionOf(c)).toBe(vTask + 1);
  });

  it('a platform badge (no club) moves the platform version, which every club\'s key carries; a platform audit line moves nothing', async () => {
    const platform = async () => Number((await one<{ v: string }>(db, `SELECT version::text AS v FROM platform_data_version`)).v);
    const before = await platform();
    const badge = (await one<{ id: string }>(db, `INSERT INTO badges (name, description, icon_svg, points) VALUES ('Plataforma', 'Da plataforma', '<svg/>', 5) RETURNING id`)).id;
    expect(await platform()).toBe(before + 1);
    await db.query(`UPDATE badges SET name = 'Plataforma 2' WHERE id = $1`, [badge]);
    expect(await platform()).toBe(before + 2);
    await db.query(`INSERT INTO audit_log (club_id, action, entity) VALUES (NULL, 'platform.test', 'club')`).catch(async (e: Error) => {
      const cols = await db.query<{ column_name: string; is_nullable: string }>(`SELECT column_name, is_nullable FROM information_schema.columns WHERE table_name = 'audit_log'`);
      throw new Error(`${e.message}; audit_log: ${cols.map((c) => `${c.column_name}${c.is_nullable === 'NO' ? '!' : ''}`).join(', ')}`);
    });
    expect(await platform()).toBe(before + 2);
  });

  it("a change to the programme's catalogue (a class, an area) moves the platform version: the kept cartão and reports of every club", async () => {
    const platform = async () => Number((await one<{ v: string }>(db, `SELECT version::text AS v FROM platform_data_version`)).v);
    const before = await platform();
    await db.query(`UPDATE programme_items SET name = name || ' ' WHERE code = (SELECT min(code) FROM programme_items)`);
    expect(await platform()).toBe(before + 1);
    await db.query(`UPDATE programme_areas SET color = color WHERE code = (SELECT min(code) FROM programme_areas)`);
    expect(await platform()).toBe(before + 2);
  });

  it('deleting a club with all its rows commits (the queued bumps find no row and do nothing)', async () => {
    const club = await newClub('Apagado');
    const p = await newProfile('Carla');
    await db.query(`INSERT INTO club_members (club_id, profile_id, role) VALUES ($1, $2, 'admin')`, [club, p]);
    await db.query(`INSERT INTO units (club_id, name) VALUES ($1, 'Lobo')`, [club]);
    await db.query(`DELETE FROM clubs WHERE id = $1`, [club]);
    expect(await db.query(`SELECT 1 FROM club_data_versions WHERE club_id = $1`, [club])).toEqual([]);
  });

  it('concurrent writers of one club each move the version: n commits, n bumps, no deadlock', async () => {
    const club = await newClub('Concorrente');
    const before = await versionOf(club);
    const n = 40;
    const results = await Promise.allSettled(Array.from({ length: n }, (_, i) => db.transaction(async (tx) => {
      await tx.query(`INSERT INTO units (club_id, name) VALUES ($1, $2)`, [club, `Unidade ${i}`]);
      await tx.query(`UPDATE clubs SET name = $2 WHERE id = $1`, [club, `Concorrente ${i}`]);
    })));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(await versionOf(club)).toBe(before + n);
  });

  it('every committed club change counts once in the platform version (256 shards by connection, ADR 090): n clubs written at once, n changes, no deadlock; a rollback counts none', async () => {
    const changes = async () => Number((await one<{ n: string }>(db, `SELECT sum(changes)::text AS n FROM platform_club_changes`)).n);
    const clubs = await Promise.all(Array.from({ length: 12 }, (_, i) => newClub(`Plataforma ${"abcdefghijkl"[i]}`)));
    const before = await changes();
    const platformBefore = await platformDataVersion(db);
    const n = 36;
    const results = await Promise.allSettled(Array.from({ length: n }, (_, i) => db.transaction(async (tx) => {
      await tx.query(`INSERT INTO units (club_id, name) VALUES ($1, $2)`, [clubs[i % clubs.length], `P${i}`]);
      // Every third transaction also writes the next club: two clubs, still one change counted.
      if (i % 3 === 0) await tx.query(`INSERT INTO units (club_id, name) VALUES ($1, $2)`, [clubs[(i + 1) % clubs.length], `Q${i}`]);
    })));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(await changes()).toBe(before + n);
    await db.transaction(async (tx) => {
      await tx.query(`INSERT INTO units (club_id, name) VALUES ($1, 'Desfeita')`, [clubs[0]]);
      throw new Error('rollback');
    }).catch(() => undefined);
    expect(await changes()).toBe(before + n);
    expect(await platformDataVersion(db)).not.toBe(platformBefore);
    expect((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM platform_club_changes`))[0].n).toBe(256);
  });

  it('transactions changing the same two clubs in opposite orders commit without a deadlock, each bump counted', async () => {
    const a = await newClub('Ordem A');
    const b = await newClub('Ordem B');
    const [va, vb] = [await versionOf(a), await versionOf(b)];
    const n = 30;
    const write = (first: string, second: string, i: number) => db.transaction(async (tx) => {
      await tx.query(`INSERT INTO units (club_id, name) VALUES ($1, $2)`, [first, `U${i}`]);
      await tx.query(`INSERT INTO units (club_id, name) VALUES ($1, $2)`, [second, `U${i}`]);
    });
    const results = await Promise.allSettled(Array.from({ length: n }, (_, i) => (i % 2 === 0 ? write(a, b, i) : write(b, a, i))));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect([await versionOf(a), await versionOf(b)]).toEqual([va + n, vb + n]);
  });
});
