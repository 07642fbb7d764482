// A campori generated with set-based SQL, one transaction per step (bench/campori.ts measures it).
// The events model is per club (events.club_id; a saída is `camps` on one club's event), so a campori of
// N clubs is N saídas of the same dates and place: each club registers its own participants, names its
// own leaders and downloads its own roster. Each club: a director and a counsellor (both named leaders,
// each with a session), two units, `perClub` participants (a ficha médica each, sealed with the health
// key; one in five with a medication at 08:00 and 20:00), the first `perClub - routeRegistered` registered
// here and the rest left for the registration route, and the bus movement the phones count on.
import type { Db } from '../src/server/db/index.js';
import type { HealthCipher } from '../src/server/families/health-key.js';

export interface CamporiSize {
  clubs: number;
  perClub: number;
  /** Participants per club left unregistered, for the registration route (in the first clubs only). */
  routeRegistered: number;
  /** How many clubs leave `routeRegistered` participants to the route. */
  routeClubs: number;
}

/** The session token of a club's leader: the cookie the bench sends (only its SHA-256 is stored). */
export const leaderToken = (club: number, role: 'diretor' | 'conselheiro') => `campori-${role}-${club}`;

const FORMS = 40;

async function step(db: Db, label: string, sql: string, params: unknown[] = []): Promise<void> {
  const t0 = performance.now();
  await db.transaction(async (tx) => {
    await tx.query(sql, params);
  });
  console.log(`  ${label.padEnd(58)} ${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} s`);
}

export async function generateCampori(db: Db, cipher: HealthCipher, size: CamporiSize): Promise<void> {
  const { clubs, perClub } = size;
  await step(db, `${clubs} clubs, each with a director and a counsellor`, `
    WITH c AS (INSERT INTO clubs (name, slug) SELECT 'Clube Campori ' || n, 'campori-' || n FROM generate_series(1, $1::int) n RETURNING id, slug),
         l AS (INSERT INTO profiles (full_name, email)
               SELECT initcap(r) || ' Campori ' || n, r || n || '@campori.bench' FROM generate_series(1, $1::int) n, unnest(ARRAY['diretor', 'conselheiro']) r
               RETURNING id, email)
    INSERT INTO club_members (club_id, profile_id, role)
    SELECT c.id, l.id, CASE WHEN l.email LIKE 'diretor%' THEN 'admin' ELSE 'instructor' END
      FROM l JOIN c ON c.slug = 'campori-' || substring(l.email FROM '[0-9]+')`, [clubs]);
  await step(db, 'their sessions (token campori-<role>-<n>)', `
    INSERT INTO sessions (token_hash, profile_id, expires_at)
    SELECT encode(sha256(convert_to('campori-' || substring(p.email FROM '^[a-z]+') || '-' || substring(p.email FROM '[0-9]+'), 'UTF8')), 'hex'), p.id, now() + interval '1 day'
      FROM profiles p WHERE p.email LIKE '%@campori.bench'`);
  await step(db, 'two units per club', `
    INSERT INTO units (club_id, name) SELECT c.id, u FROM clubs c, unnest(ARRAY['Águias', 'Falcões']) u WHERE c.slug LIKE 'campori-%'`);
  await step(db, `${clubs * perClub} participants`, `
    WITH p AS (INSERT INTO profiles (full_name)
               SELECT 'Desbravador ' || lpad(k::text, 2, '0') || ' do clube ' || n FROM generate_series(1, $1::int) n, generate_series(1, $2::int) k
               RETURNING id, full_name)
    INSERT INTO club_members (club_id, profile_id, role, unit_id)
    SELECT c.id, p.id, 'member', u.id
      FROM p JOIN clubs c ON c.slug = 'campori-' || substring(p.full_name FROM '[0-9]+$')
      JOIN units u ON u.club_id = c.id AND u.name = CASE WHEN substring(p.full_name FROM 'Desbravador ([0-9]+)')::int % 2 = 0 THEN 'Falcões' ELSE 'Águias' END`,
  [clubs, perClub]);
  // FORMS distinct fichas sealed with the health key, handed out in turn: the roster opens one per participant.
  const forms = Array.from({ length: FORMS }, (_, i) => cipher.encrypt(JSON.stringify({
    blood_type: ['O+', 'A+', 'B-', 'AB+'][i % 4], allergies: i % 3 === 0 ? 'Dipirona, amendoim' : null, medications: i % 5 === 0 ? 'Ritalina 10 mg' : null,
    conditions: i % 7 === 0 ? 'Asma leve' : null, health_plan: 'Unimed', emergency_contacts: [{ name: `Responsável ${i}`, phone: '(11) 98765-4321', relationship: 'mãe' }],
  })));
  await step(db, 'a ficha médica each (sealed)', `
    INSERT INTO health_records (club_id, member_id, ciphertext)
    SELECT cm.club_id, cm.id, ($1::text[])[1 + (row_number() OVER (ORDER BY cm.id))::int % $2::int]
      FROM club_members cm JOIN clubs c ON c.id = cm.club_id WHERE c.slug LIKE 'campori-%' AND cm.role = 'member'`, [forms, FORMS]);
  await step(db, 'each club its saída of the campori (R$ 150,00), both leaders named', `
    WITH e AS (INSERT INTO events (club_id, title, kind, starts_on, ends_on, place, registration_deadline, cost)
               SELECT id, 'Campori da União', 'campori', current_date, current_date + 3, 'Parque de Exposições', current_date + 3, 150
                 FROM clubs WHERE slug LIKE 'campori-%' RETURNING id, club_id),
         k AS (INSERT INTO camps (event_id, club_id, transport, places, vote_minutes, vote_number)
               SELECT id, club_id, 'Ônibus fretado', 'Parque de Exposições', 'Ata 3/2026', 'Voto 12' FROM e RETURNING event_id, club_id)
    INSERT INTO camp_leaders (club_id, event_id, member_id)
    SELECT k.club_id, k.event_id, cm.id FROM k JOIN club_members cm ON cm.club_id = k.club_id AND cm.role IN ('admin', 'instructor')`);
  await step(db, 'registrations (all but those left to the route)', `
    INSERT INTO event_registrations (club_id, event_id, member_id, registered_by)
    SELECT e.club_id, e.id, m.id, NULL
      FROM events e JOIN clubs c ON c.id = e.club_id
      JOIN LATERAL (SELECT cm.id, row_number() OVER (ORDER BY cm.id) AS k FROM club_members cm WHERE cm.club_id = e.club_id AND cm.role = 'member') m ON true
     WHERE c.slug LIKE 'campori-%'
       AND NOT (substring(c.slug FROM '[0-9]+$')::int <= $1::int AND m.k > $2::int - $3::int)`, [size.routeClubs, perClub, size.routeRegistered]);
  await step(db, 'one participant in five with a medication (08:00, 20:00)', `
    INSERT INTO camp_medications (club_id, event_id, member_id, name, dose, times)
    SELECT r.club_id, r.event_id, r.member_id, 'Medicamento ' || (row_number() OVER (ORDER BY r.member_id)) % 7, '5 mg', ARRAY['08:00', '20:00']
      FROM event_registrations r JOIN events e ON e.id = r.event_id WHERE e.title = 'Campori da União' AND abs(hashtext(r.member_id::text)) % 5 = 0`);
  await step(db, "each saída's bus movement", `
    INSERT INTO camp_movements (id, club_id, event_id, label, recorded_by, recorded_at)
    SELECT gen_random_uuid(), e.club_id, e.id, 'Ônibus — ida', NULL, now() - interval '1 hour' FROM events e WHERE e.title = 'Campori da União'`);
  if (db.engine === 'postgres') await db.exec('ANALYZE');
}
