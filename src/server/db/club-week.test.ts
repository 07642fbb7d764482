import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { engineName } from '../../../test/db.js';
import { canStartReplica } from '../../../test/replica.js';
import { PGBOUNCER } from '../../../test/pgbouncer.js';
import { buildTestServer } from '../../../test/server-process.js';
import { driveClubWeek, WEEK_KINDS, type ClubWeekResult } from '../../../bench/club-week-drive.js';

// Issue 46: the national deploy in small. Two compiled instances behind a PgBouncer in transaction mode,
// reads on a streaming replica that is stopped halfway; 50 connections read the club's screens for 20 s
// while the club's week is written on one instance and each write read back at once on the other (members,
// money, points, programme, dues, a payment). Its own primary, replica and pooler on free ports: the
// postgres project only (the pgbouncer project would run it a second time to no purpose).
describe.skipIf(engineName() !== 'postgres' || Boolean(process.env.TEST_POOLER) || !canStartReplica() || !existsSync(PGBOUNCER))(
  "the club's week across two instances, through a pooler, with a replica stopped halfway",
  () => {
    let server: Awaited<ReturnType<typeof buildTestServer>>;
    let week: ClubWeekResult;

    beforeAll(async () => {
      server = await buildTestServer('club-week');
      week = await driveClubWeek({ clubs: 5, seconds: 20, connections: 50, serverJs: server.file });
    }, 300_000);

    afterAll(async () => {
      await server?.remove();
    });

    it('answers every request of 50 connections for 20 s', () => {
      expect(week.requests).toBeGreaterThan(1000);
      expect({ non2xx: week.non2xx, errors: week.errors }).toEqual({ non2xx: 0, errors: 0 });
    });

    it('reads every write back at once on the other instance, of every kind', () => {
      expect(week.missed).toEqual([]);
      expect(week.writes).toBeGreaterThanOrEqual(WEEK_KINDS.length * 2);
      expect(week.duesCreated).toBeGreaterThan(0);
    });

    it('serves reads from the replica, and from the primary once the replica is stopped', () => {
      expect(week.replicaStopped).toBe(true);
      const total = (key: string) => week.reads.reduce((sum, r) => sum + (r[key] ?? 0), 0);
      expect(total('replica/caught_up')).toBeGreaterThan(0);
      expect(total('primary/unusable')).toBeGreaterThan(0);
    });
  },
);
