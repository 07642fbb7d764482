// A generated platform ready for a server process: the PGlite data dir (DATA_DIR/pgdata) or a
// PostgreSQL database, migrated, generated (bench/platform-data.ts) and with two accounts that can sign
// in: the director of the middle club and one of its members. Generated before the server starts, so
// the bench never opens a DATA_DIR a running server owns.
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { openPglite } from '../src/server/db/pglite.js';
import { openPostgres } from '../src/server/db/postgres.js';
import { migrate } from '../src/server/db/migrate.js';
import type { Db } from '../src/server/db/index.js';
import { DEFAULT_SIZE, generatePlatform } from './platform-data.js';

export const PASSWORD = 'segredo123';
export const DIRECTOR_EMAIL = 'diretor@bench.test';
export const MEMBER_EMAIL = 'membro@bench.test';

export interface Fixture {
  clubId: string;
  memberId: string;
  periodId: string;
}

async function prepare(db: Db, clubs: number): Promise<Fixture> {
  const [club] = await db.query<{ id: string }>(`SELECT id FROM clubs WHERE slug = $1`, [`clube-${Math.ceil(clubs / 2)}`]);
  if (!club) throw new Error('generated club not found');
  const people = await db.query<{ profile_id: string; role: string; id: string }>(
    `SELECT profile_id, role, id FROM club_members WHERE club_id = $1 ORDER BY role, profile_id`, [club.id]);
  const director = people.find((p) => p.role === 'admin');
  const member = people.find((p) => p.role === 'member');
  if (!director || !member) throw new Error('generated club has no director or member');
  const passwordHash = await hash(PASSWORD);
  await db.query(`UPDATE profiles SET email = $2, password_hash = $3, user_type = 'super_admin' WHERE id = $1`, [director.profile_id, DIRECTOR_EMAIL, passwordHash]);
  await db.query('UPDATE profiles SET email = $2, password_hash = $3 WHERE id = $1', [member.profile_id, MEMBER_EMAIL, passwordHash]);
  const [period] = await db.query<{ id: string }>(`SELECT id FROM periods WHERE club_id = $1 ORDER BY start_date DESC LIMIT 1`, [club.id]);
  return { clubId: club.id, memberId: member.id, periodId: period?.id ?? '' };
}

/** DATA_DIR with a generated platform on PGlite; kept between runs (`fixture.json` marks it complete). */
export async function pgliteFixture(dataDir: string, clubs: number): Promise<Fixture> {
  const marker = path.join(dataDir, 'fixture.json');
  if (existsSync(marker)) {
    return JSON.parse(await readFile(marker, 'utf8')) as Fixture;
  }
  await mkdir(path.join(dataDir, 'pgdata'), { recursive: true });
  const db = await openPglite({ dataDir: path.join(dataDir, 'pgdata') });
  try {
    await migrate(db);
    await generatePlatform(db, { clubs, ...DEFAULT_SIZE });
    const fixture = await prepare(db, clubs);
    await writeFile(marker, JSON.stringify(fixture));
    return fixture;
  } finally {
    await db.close();
  }
}

/** A PostgreSQL database (its public schema is wiped unless it already holds `clubs` generated clubs). */
export async function postgresFixture(url: string, clubs: number): Promise<Fixture> {
  const db = openPostgres(url, { max: 2 });
  try {
    const [table] = await db.query<{ t: string | null }>(`SELECT to_regclass('public.clubs')::text AS t`);
    const existing = table?.t ? await db.query<{ n: string }>('SELECT count(*) AS n FROM clubs') : [];
    if (Number(existing[0]?.n ?? 0) !== clubs) {
      await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
      await migrate(db);
      await generatePlatform(db, { clubs, ...DEFAULT_SIZE });
    } else {
      await migrate(db);
    }
    return await prepare(db, clubs);
  } finally {
    await db.close();
  }
}
