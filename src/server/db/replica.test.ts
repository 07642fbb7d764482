import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { migrate } from './migrate.js';
import { openPostgres } from './postgres.js';
import { replicaReads } from './replica.js';
import type { Db, ReadRouter } from './index.js';
import { engineName } from '../../../test/db.js';
import { call, createClub, NO_LIMITS, signUp, type Session } from '../../../test/api.js';
import { canStartReplica, startStreamingPair, type StreamingPair } from '../../../test/replica.js';

/** Polls `check` every 100 ms until it holds, for up to `ms`. */
async function eventually(check: () => Promise<boolean> | boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

// Issue 46, ADR 080: reads that may lag go to a real streaming replica this test starts (initdb +
// pg_basebackup -R on free ports); a write is read back at once; a replica down costs no request.
// The postgres project only: the pgbouncer project runs the same suite again through a pooler.
describe.skipIf(engineName() !== 'postgres' || Boolean(process.env.TEST_POOLER) || !canStartReplica())('reads on a streaming replica', () => {
  let pair: StreamingPair;
  let primary: Db;
  let replica: Db;
  let reads: ReadRouter;
  let app: FastifyInstance;
  let dataDir: string;
  let admin: Session;
  let clubId: string;
  const states: string[] = [];
  const ranOnReplica: string[] = [];

  beforeAll(async () => {
    pair = await startStreamingPair();
    primary = openPostgres(pair.primaryUrl(), { max: 6 });
    await migrate(primary);
    replica = openPostgres(`${pair.replicaUrl()}?application_name=trilha-replica-test`, { max: 4, connectTimeoutMs: 1_000 });
    // Every statement the replica runs, to see which reads it served.
    const watched: Db = { ...replica, query: (sql, params) => (ranOnReplica.push(sql), replica.query(sql, params)) } as Db;
    reads = replicaReads(primary, watched, { probeEveryMs: 200, maxProbeDelayMs: 1_000, log: (state) => states.push(state) });
    dataDir = await mkdtemp(path.join(tmpdir(), 'trilha-replica-app-'));
    // No kept answers: every read runs its query, so each one is routed.
    app = await buildApp({ db: primary, reads, dataDir, limits: NO_LIMITS, answerCacheBytes: 0 });
    await app.ready();
    await signUp(app, { name: 'Super Admin' });
    admin = await signUp(app, { name: 'Admin' });
    clubId = (await createClub(app, admin, 'Clube Réplica')).id;
    await eventually(() => reads.status().state === 'up');
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await reads?.close();
    await primary?.close();
    await pair?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const members = async () => {
    const res = await call(app, 'GET', `/api/clubs/${clubId}/members`, { as: admin });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  // A write in the club on the primary (its commit moves the club's data version).
  const addMember = async (name: string) => {
    const person = await signUp(app, { name });
    await primary.query(`INSERT INTO club_members (club_id, profile_id, role) VALUES ($1, $2, 'member')`, [clubId, person.profile.id]);
  };

  it('a club read is served by the replica once it has replayed the club, as the replica itself sees', async () => {
    await addMember('Ana Réplica');
    const before = reads.status().replicaReads;
    await eventually(async () => (await members()).includes('Ana Réplica') && reads.status().replicaReads > before);
    // The members list itself ran on the replica, which is a standby.
    ranOnReplica.length = 0;
    expect(await members()).toContain('Ana Réplica');
    expect(ranOnReplica.some((sql) => sql.includes('club_members'))).toBe(true);
    const [seen] = await replica.query<{ standby: boolean }>(`SELECT pg_is_in_recovery() AS standby`);
    expect(seen?.standby).toBe(true);
  });

  it('with the replica behind (replay paused), a write is read back at once from the primary, then from the replica when it catches up', async () => {
    await replica.query('SELECT pg_wal_replay_pause()');
    try {
      const behind = reads.status().primaryReads.behind;
      await addMember('Bruno Recém-Chegado');
      // At once, and again: the replica has not replayed the write, so the club's reads stay on the primary.
      expect(await members()).toContain('Bruno Recém-Chegado');
      expect(await members()).toContain('Bruno Recém-Chegado');
      expect(reads.status().primaryReads.behind).toBeGreaterThanOrEqual(behind + 2);
      const [stale] = await replica.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM club_members m JOIN profiles p ON p.id = m.profile_id WHERE m.club_id = $1 AND p.full_name = 'Bruno Recém-Chegado'`,
        [clubId],
      );
      expect(stale?.n).toBe(0);
    } finally {
      await replica.query('SELECT pg_wal_replay_resume()');
    }
    const served = reads.status().replicaReads;
    await eventually(async () => (await members()).includes('Bruno Recém-Chegado') && reads.status().replicaReads > served);
  });

  it('the replica stopped: every read is answered by the primary; started again: reads return to it', async () => {
    await pair.stopReplica();
    // Reads during the stop, before and after the probe notices it: none fails.
    for (let i = 0; i < 5; i += 1) expect(await members()).toContain('Ana Réplica');
    await eventually(() => reads.status().state === 'down', 5_000);
    await addMember('Carla Sem Réplica');
    for (let i = 0; i < 5; i += 1) expect(await members()).toContain('Carla Sem Réplica');
    expect(reads.status().primaryReads.unusable).toBeGreaterThan(0);

    await pair.startReplica();
    await eventually(() => reads.status().state === 'up', 20_000);
    const served = reads.status().replicaReads;
    await eventually(async () => (await members()).includes('Carla Sem Réplica') && reads.status().replicaReads > served);
    expect(states).toEqual(expect.arrayContaining(['up', 'down']));
  }, 180_000);
});
