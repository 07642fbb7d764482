import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one, type Queryable } from '../db/index.js';
import { engineName, openTestDb, type TestDb } from '../../../test/db.js';
import { getAdminClub, listClubsPage } from './repo.js';

/**
 * clubs.active_member_count (migration 0370), which the super admin's club list shows, is the count
 * of the club's active memberships after every kind of change, in the same transaction, and stays
 * exact when memberships of one club change at once (PostgreSQL really runs them together; PGlite
 * has one connection and runs them one after another).
 */
let db: TestDb;
beforeAll(async () => {
  db = await openTestDb({ poolSize: 12 });
});
afterAll(() => db.dispose());

let seq = 0;
async function club(): Promise<string> {
  seq += 1;
  return (await one<{ id: string }>(db, `INSERT INTO clubs (name, slug) VALUES ($1, $2) RETURNING id`, [`Contagem ${seq}`, `contagem-${seq}`])).id;
}
async function people(n: number): Promise<string[]> {
  const rows = await db.query<{ id: string }>(`INSERT INTO profiles (full_name) SELECT 'Pessoa ' || g FROM generate_series(1, $1::int) g RETURNING id`, [n]);
  return rows.map((r) => r.id);
}
const join = (q: Queryable, clubId: string, profileId: string, active = true) =>
  q.query(`INSERT INTO club_members (club_id, profile_id, active) VALUES ($1, $2, $3)`, [clubId, profileId, active]);

/** Clubs whose counter differs from a count of their memberships. */
async function drift(): Promise<Array<{ id: string; kept: number; real: number }>> {
  return db.query(
    `SELECT c.id, c.active_member_count AS kept, (SELECT count(*)::int FROM club_members m WHERE m.club_id = c.id AND m.active) AS real
       FROM clubs c WHERE c.active_member_count <> (SELECT count(*) FROM club_members m WHERE m.club_id = c.id AND m.active)`);
}
const kept = async (clubId: string) => (await getAdminClub(db, clubId))?.member_count;

describe(`active member counter on ${engineName()}`, () => {
  it('follows joins, bulk imports, deactivation, role changes, removals and deleted accounts', async () => {
    const [a, b] = [await club(), await club()];
    const p = await people(6);
    await join(db, a, p[0] ?? '');
    expect(await kept(a)).toBe(1);
    // One statement across two clubs, an inactive row among them.
    await db.query(
      `INSERT INTO club_members (club_id, profile_id, active) VALUES ($1, $3, true), ($1, $4, false), ($2, $3, true), ($2, $5, true), ($2, $6, true)`,
      [a, b, p[1], p[2], p[3], p[4]]);
    expect([await kept(a), await kept(b)]).toEqual([2, 3]);
    await db.query(`UPDATE club_members SET active = false WHERE club_id = $1 AND profile_id = $2`, [b, p[3]]);
    await db.query(`UPDATE club_members SET active = true WHERE club_id = $1 AND profile_id = $2`, [a, p[2]]);
    await db.query(`UPDATE club_members SET role = 'treasurer' WHERE club_id = $1`, [a]);
    expect([await kept(a), await kept(b)]).toEqual([3, 2]);
    await db.query(`DELETE FROM club_members WHERE club_id = $1 AND profile_id = $2`, [b, p[1]]);
    // A deleted account leaves every club it was in (ON DELETE CASCADE).
    await db.query(`DELETE FROM profiles WHERE id = $1`, [p[0]]);
    expect([await kept(a), await kept(b)]).toEqual([2, 1]);
    // Nothing counted in a rolled-back transaction.
    await expect(db.transaction(async (tx) => {
      await join(tx, b, p[5] ?? '');
      throw new Error('desfeito');
    })).rejects.toThrow('desfeito');
    expect(await kept(b)).toBe(1);
    expect(await drift()).toEqual([]);
    const { head } = await listClubsPage(db, '', null, 1);
    expect(head.members).toBe((await one<{ n: number }>(db, `SELECT count(*)::int AS n FROM club_members WHERE active`)).n);
    // A club deleted with its members takes its count with it.
    await db.query(`DELETE FROM clubs WHERE id = $1`, [a]);
    expect(await drift()).toEqual([]);
  });

  it('two memberships of one club, added and removed at the same time, are both counted', async () => {
    const c = await club();
    const [stays, leaves, first, second] = await people(4);
    await join(db, c, stays ?? '');
    await join(db, c, leaves ?? '');
    expect(await kept(c)).toBe(2);
    await Promise.all([join(db, c, first ?? ''), join(db, c, second ?? '')]);
    expect(await kept(c)).toBe(4);
    await Promise.all([
      db.query(`DELETE FROM club_members WHERE club_id = $1 AND profile_id = $2`, [c, first]),
      db.query(`UPDATE club_members SET active = false WHERE club_id = $1 AND profile_id = $2`, [c, leaves]),
    ]);
    expect(await kept(c)).toBe(2);
    expect(await drift()).toEqual([]);
  });

  it('60 joins and leaves of one club at once, each in its own transaction, leave the exact count', async () => {
    const c = await club();
    const present = await people(30);
    for (const p of present) await join(db, c, p);
    const newcomers = await people(30);
    const results = await Promise.allSettled([
      ...newcomers.map((p, i) => db.transaction(async (tx) => {
        await join(tx, c, p, i % 3 !== 0);
        await tx.query('SELECT pg_sleep(0.002)');
      })),
      ...present.map((p, i) => db.transaction(async (tx) => {
        if (i % 2 === 0) await tx.query(`DELETE FROM club_members WHERE club_id = $1 AND profile_id = $2`, [c, p]);
        else await tx.query(`UPDATE club_members SET active = NOT active WHERE club_id = $1 AND profile_id = $2`, [c, p]);
        await tx.query('SELECT pg_sleep(0.002)');
      })),
    ]);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    // 30 - 15 removed - 15 deactivated + 20 active newcomers.
    expect(await kept(c)).toBe(20);
    expect(await drift()).toEqual([]);
  });

  it.skipIf(engineName() !== 'postgres')('a leave that waits on a join in progress adds to the join, not to what it saw before it', async () => {
    const c = await club();
    const [old, joining] = await people(2);
    await join(db, c, old ?? '');
    let joined!: () => void;
    const joinedNow = new Promise<void>((r) => { joined = r; });
    let commit!: () => void;
    const mayCommit = new Promise<void>((r) => { commit = r; });
    const joiner = db.transaction(async (tx) => {
      await join(tx, c, joining ?? '');
      joined();
      await mayCommit;
    });
    await joinedNow;
    const leaver = db.query(`DELETE FROM club_members WHERE club_id = $1 AND profile_id = $2`, [c, old]);
    // The leave is now blocked on the club row the join holds.
    let blocked = false;
    for (let i = 0; i < 200 && !blocked; i += 1) {
      const waiting = await one<{ n: number }>(db,
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'DELETE FROM club_members%'`);
      blocked = waiting.n > 0;
      if (!blocked) await new Promise((r) => setTimeout(r, 10));
    }
    expect(blocked).toBe(true);
    expect(await kept(c)).toBe(1);
    commit();
    await Promise.all([joiner, leaver]);
    expect(await kept(c)).toBe(1);
    expect(await drift()).toEqual([]);
  });
});
