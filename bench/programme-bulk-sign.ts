// npx tsx bench/programme-bulk-sign.ts : 'assinar para todos os presentes' — one requisito signed for
// 200 members in one request (the grid's bulk signature, `sign` in src/server/programme/signing.ts),
// against the floor measured in the same run: the same 200 signature rows written by one bare
// INSERT … SELECT unnest in a transaction of its own (rolled back, so the requisito is still unsigned
// for the real signature that follows). Each round pairs the two on the same requisito, so a busy
// machine moves both. Rounds 1…BENCH_ROUNDS sign requisitos that complete nothing (points per member);
// the last requisito completes the class of all 200 (completion points, the 'classe concluída' badge
// and its XP, 'pronto para investidura' notices); a replay of a kept answer (client_id) is timed too.
// Every member has the same points, so the 'pódio' badge (top 3) goes to all 200 at once: the
// heaviest case of the badge evaluation. PGlite always; BENCH_DATABASE_URL=postgres://…/db_to_wipe adds PostgreSQL (its public schema is dropped).
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { Db } from '../src/server/db/index.js';
import { one } from '../src/server/db/index.js';
import { onEachEngine } from './engines.js';
import { migrate } from '../src/server/db/migrate.js';
import type { ClubAccess } from '../src/server/core/access.js';
import { sign } from '../src/server/programme/signing.js';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 200);
const REQUISITOS = 12;
const ROUNDS = Math.min(Number(process.env.BENCH_ROUNDS ?? 9), REQUISITOS - 2);

interface Fixture { access: ClubAccess; memberIds: string[]; enrolmentIds: string[]; reqs: string[] }

async function fixture(db: Db): Promise<Fixture> {
  const director = (await one<{ id: string }>(db, `INSERT INTO profiles (full_name) VALUES ('Diretora Bench') RETURNING id`)).id;
  const clubId = (await one<{ id: string }>(db, `INSERT INTO clubs (name, slug) VALUES ('Clube Bench', $1) RETURNING id`, [`bench-${randomUUID().slice(0, 8)}`])).id;
  await db.query(`INSERT INTO club_members (club_id, profile_id, role) VALUES ($1, $2, 'admin')`, [clubId, director]);
  // The associate director is told who is 'pronto para investidura' (the signer is not).
  await db.query(`WITH p AS (INSERT INTO profiles (full_name) VALUES ('Diretor Associado') RETURNING id) INSERT INTO club_members (club_id, profile_id, role) SELECT $1, id, 'associate' FROM p`, [clubId]);
  const units = await db.query<{ id: string }>(`INSERT INTO units (club_id, name, color) SELECT $1, 'Unidade ' || n, '#0ea5e9' FROM generate_series(1, 8) n RETURNING id`, [clubId]);
  const members = await db.query<{ id: string; profile_id: string }>(
    `WITH p AS (INSERT INTO profiles (full_name) SELECT 'Desbravador ' || lpad(n::text, 3, '0') FROM generate_series(1, $2::int) n RETURNING id)
     INSERT INTO club_members (club_id, profile_id, role, unit_id)
     SELECT $1, p.id, 'member', ($3::uuid[])[1 + (row_number() OVER (ORDER BY p.id))::int % cardinality($3::uuid[])] FROM p
     RETURNING id, profile_id`,
    [clubId, MEMBERS, units.map((u) => u.id)]);
  // One member in four has a guardian who accepted the invitation: their signature tells the family too.
  await db.query(
    `WITH kids AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM club_members WHERE club_id = $1 AND role = 'member'),
          g AS (INSERT INTO profiles (full_name, email) SELECT 'Responsável ' || k.n, 'resp' || k.n || '-' || $2 || '@exemplo.com.br' FROM kids k WHERE k.n % 4 = 0 RETURNING id, full_name)
     INSERT INTO member_guardians (club_id, member_id, full_name, email, relationship, profile_id, accepted_at)
     SELECT $1, k.id, g.full_name, 'resp' || k.n || '-' || $2 || '@exemplo.com.br', 'mãe', g.id, now()
       FROM g JOIN kids k ON g.full_name = 'Responsável ' || k.n`,
    [clubId, clubId.slice(0, 8)]);
  const enrolments = await db.query<{ id: string }>(
    `INSERT INTO programme_enrolments (club_id, member_id, item_code, kind) SELECT $1, m, 'AMIGO', 'class' FROM unnest($2::uuid[]) m RETURNING id`,
    [clubId, members.map((m) => m.id)]);
  const reqs = await db.query<{ id: string }>(
    `INSERT INTO programme_requirements (club_id, item_code, section_code, position, text, in_field, needs_evidence)
     SELECT $1, 'AMIGO', 'G', n, 'Requisito ' || n || ' da classe Amigo', false, false FROM generate_series(1, $2::int) n RETURNING id, position`,
    [clubId, REQUISITOS]);
  await db.query(
    `INSERT INTO badges (club_id, name, description, icon_svg, points, badge_type, auto_criteria, active)
     VALUES ($1, 'Amigo concluído', 'Classe Amigo', '<svg xmlns="http://www.w3.org/2000/svg"><circle cx="5" cy="5" r="4"/></svg>', 25, 'auto', '{"type":"class_completed","item":"AMIGO","count":1}', true),
            ($1, '100 pontos', 'Pontos', '<svg xmlns="http://www.w3.org/2000/svg"><circle cx="5" cy="5" r="4"/></svg>', 0, 'auto', '{"type":"points_total","points":100}', true),
            ($1, 'Pódio', 'Ranking', '<svg xmlns="http://www.w3.org/2000/svg"><circle cx="5" cy="5" r="4"/></svg>', 0, 'auto', '{"type":"ranking_position","position":3}', true)`,
    [clubId]);
  if (db.engine === 'postgres') await db.exec('ANALYZE');
  return {
    access: { clubId, profileId: director, role: 'admin', unitId: null, isAdmin: true, viaSuperAdmin: false },
    memberIds: members.map((m) => m.id),
    enrolmentIds: enrolments.map((e) => e.id),
    reqs: reqs.map((r) => r.id),
  };
}

class Rollback extends Error {}

/** The floor: the same rows by one bare statement, in a transaction of its own that is rolled back. */
async function floor(db: Db, f: Fixture, requirementId: string): Promise<number> {
  const t0 = performance.now();
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO programme_signatures (club_id, enrolment_id, requirement_id, signed_on, signed_by)
       SELECT $1, e, $2, current_date, $3 FROM unnest($4::uuid[]) e ON CONFLICT (enrolment_id, requirement_id) DO NOTHING`,
      [f.access.clubId, requirementId, f.access.profileId, f.enrolmentIds]);
    throw new Rollback();
  }).catch((err: unknown) => {
    if (!(err instanceof Rollback)) throw err;
  });
  return performance.now() - t0;
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const fmt = (ms: number) => `${ms.toFixed(1)} ms`.padStart(10);

async function benchEngine(engine: string, db: Db): Promise<void> {
  await migrate(db);
  const f = await fixture(db);
  const signFor = (requirementId: string, clientId?: string) => sign(db, f.access, { requirement_id: requirementId, member_ids: f.memberIds, ...(clientId ? { client_id: clientId } : {}) });
  // Warm-up on one member (plans, the catalogue): it is then 'already' for that member in round 1.
  await sign(db, f.access, { requirement_id: f.reqs[0], member_ids: [f.memberIds[0]] });

  const floors: number[] = [];
  const signs: number[] = [];
  for (let k = 0; k < ROUNDS; k += 1) {
    floors.push(await floor(db, f, f.reqs[k]));
    const s = await timed(() => signFor(f.reqs[k]));
    if (s.value.signed + s.value.already !== MEMBERS || s.value.completed.length) throw new Error(`round ${k}: ${JSON.stringify(s.value)}`);
    signs.push(s.ms);
  }
  // Everything up to the last requisito, untimed; then the one that completes the class for everyone.
  for (let k = ROUNDS; k < REQUISITOS - 1; k += 1) await signFor(f.reqs[k]);
  const last = f.reqs[REQUISITOS - 1];
  const lastFloor = await floor(db, f, last);
  const clientId = randomUUID();
  const done = await timed(() => signFor(last, clientId));
  if (done.value.completed.length !== MEMBERS) throw new Error(`completing round: ${done.value.completed.length} completed`);
  const replay = await timed(() => signFor(last, clientId));
  const again = await timed(() => signFor(last));

  const badges = await one<{ n: number }>(db, `SELECT count(*)::int AS n FROM member_badges WHERE club_id = $1`, [f.access.clubId]);
  const completions = await one<{ n: number }>(db, `SELECT count(*)::int AS n FROM point_events WHERE club_id = $1 AND source = 'programme' AND programme_requirement_id IS NULL`, [f.access.clubId]);
  const ready = await one<{ n: number }>(db, `SELECT count(*)::int AS n FROM notifications WHERE club_id = $1 AND kind = 'programme.ready'`, [f.access.clubId]);

  const fl = median(floors);
  const sg = median(signs);
  console.log(`\n[${engine}] one requisito for ${MEMBERS} members (${ROUNDS} rounds, medians)`);
  console.log(`  floor: ${MEMBERS} rows by one bare INSERT … SELECT unnest  ${fmt(fl)}`);
  console.log(`  bulk signature, completing nothing                  ${fmt(sg)}   ÷ floor ${(sg / fl).toFixed(1)}`);
  console.log(`  bulk signature completing the class of all          ${fmt(done.ms)}   ÷ floor ${(done.ms / lastFloor).toFixed(1)} (floor that round ${lastFloor.toFixed(1)} ms)`);
  console.log(`  replay of that request (kept answer, client_id)     ${fmt(replay.ms)}   ÷ floor ${(replay.ms / lastFloor).toFixed(1)}`);
  console.log(`  the same again without client_id (all 'already')    ${fmt(again.ms)}   ÷ floor ${(again.ms / lastFloor).toFixed(1)}`);
  console.log(`  check: ${badges.n} badges for ${MEMBERS} members, ${completions.n} completion points, ${ready.n} 'pronto' notices; replay ${isDeepStrictEqual(replay.value, done.value) ? 'same answer' : 'DIFFERENT ANSWER'}`);
  await db.close();
}

await onEachEngine(benchEngine);
process.exit(0);
