import type { Queryable } from '../db/index.js';
import { clubTodayOf } from '../db/club-clock.js';
import { minorSql } from '../../shared/minor.js';

/** One active member with every SGC fact Trilha holds, the seguro of `year` included. */
export interface SgcRow {
  member_id: string;
  full_name: string;
  birth_date: string | null;
  minor: boolean;
  role: string;
  title: string | null;
  sex: 'F' | 'M' | null;
  cpf: string | null;
  cpf_owner: 'member' | 'guardian';
  rg: string | null;
  address: string | null;
  phone: string | null;
  guardian_name: string | null;
  unit_name: string | null;
  class_name: string | null;
  insured: boolean;
  policy_number: string | null;
  insured_on: string | null;
}

/**
 * The club's active members for the SGC, by name as a Brazilian reads it. The guardian is the one typed
 * for the SGC, else the first guardian on record (issue 16); the class is the one in progress, else the
 * last invested. Nothing about health is read.
 */
/**
 * The SGC columns of a member `cm` and their joins; `today` is the club's today, `year` the seguro's year
 * (SQL expressions), `join` what the year is read from.
 */
const sgcColumns = (today: string, year: string, join = '') => `cm.id AS member_id, p.full_name, cm.birth_date::text AS birth_date, ${minorSql('cm', today)} AS minor,
            cm.role, cm.title, s.sex, s.cpf, coalesce(s.cpf_owner, 'member') AS cpf_owner, s.rg, s.address,
            coalesce(s.phone, (SELECT g.phone FROM member_guardians g WHERE g.member_id = cm.id AND g.phone IS NOT NULL ORDER BY g.created_at, g.id LIMIT 1)) AS phone,
            coalesce(s.guardian_name, (SELECT g.full_name FROM member_guardians g WHERE g.member_id = cm.id ORDER BY g.created_at, g.id LIMIT 1)) AS guardian_name,
            u.name AS unit_name,
            (SELECT i.name FROM programme_enrolments e JOIN programme_items i ON i.code = e.item_code
              WHERE e.member_id = cm.id AND e.kind = 'class'
              ORDER BY (e.invested_on IS NULL) DESC, e.invested_on DESC, e.started_on DESC LIMIT 1) AS class_name,
            coalesce(ins.insured, false) AS insured, ins.policy_number, ins.insured_on::text AS insured_on
       FROM club_members cm${join}
       JOIN profiles p ON p.id = cm.profile_id
       LEFT JOIN units u ON u.id = cm.unit_id
       LEFT JOIN sgc_member_records s ON s.member_id = cm.id
       LEFT JOIN member_insurance ins ON ins.member_id = cm.id AND ins.year = ${year}`;

/**
 * The club's active members for the SGC, by name as a Brazilian reads it. The guardian is the one typed
 * for the SGC, else the first guardian on record (issue 16); the class is the one in progress, else the
 * last invested. Nothing about health is read.
 */
export async function listSgcRows(q: Queryable, clubId: string, year: number, memberId: string | null = null): Promise<SgcRow[]> {
  return q.query<SgcRow>(
    `SELECT ${sgcColumns(clubTodayOf('$1'), '$2')}
      WHERE cm.club_id = $1 AND cm.active AND ($3::uuid IS NULL OR cm.id = $3::uuid)
      ORDER BY pt_sort_key(p.full_name) COLLATE "C", p.full_name, cm.id`,
    [clubId, year, memberId],
  );
}

/**
 * The same rows for many clubs at once, each with its own registration year (the regional view's counts):
 * one statement, whatever the number of clubs. The rows stay in the service; only counts leave it.
 */
export async function listSgcRowsOfClubs(q: Queryable, clubs: Array<{ clubId: string; year: number }>): Promise<Array<SgcRow & { club_id: string }>> {
  if (clubs.length === 0) return [];
  return q.query<SgcRow & { club_id: string }>(
    `WITH k AS (SELECT * FROM unnest($1::uuid[], $2::int[]) AS k(club_id, year))
     SELECT cm.club_id, ${sgcColumns(clubTodayOf('cm.club_id'), 'k.year', ' JOIN k ON k.club_id = cm.club_id')}
      WHERE cm.club_id = ANY($1::uuid[]) AND cm.active`,
    [clubs.map((c) => c.clubId), clubs.map((c) => c.year)],
  );
}

/** The club's today (its own time zone) and SGC deadline day. */
export async function clubCalendarFacts(q: Queryable, clubId: string): Promise<{ today: string; month: number; day: number }> {
  const [row] = await q.query<{ today: string; month: number; day: number }>(
    `SELECT ${clubTodayOf('$1::uuid')}::text AS today, coalesce(s.deadline_month, 2)::int AS month, coalesce(s.deadline_day, 10)::int AS day
       FROM (SELECT $1::uuid AS club_id) k LEFT JOIN associacao_settings s ON s.club_id = k.club_id`,
    [clubId],
  );
  return row;
}

/** {@link clubCalendarFacts} of many clubs in one statement. */
export async function clubsCalendarFacts(q: Queryable, clubIds: string[]): Promise<Array<{ club_id: string; today: string; month: number; day: number }>> {
  if (clubIds.length === 0) return [];
  return q.query(
    `SELECT c.id AS club_id, ${clubTodayOf('c.id')}::text AS today, coalesce(s.deadline_month, 2)::int AS month, coalesce(s.deadline_day, 10)::int AS day
       FROM clubs c LEFT JOIN associacao_settings s ON s.club_id = c.id
      WHERE c.id = ANY($1::uuid[])`,
    [clubIds],
  );
}

export async function saveDeadline(q: Queryable, clubId: string, month: number, day: number): Promise<void> {
  await q.query(
    `INSERT INTO associacao_settings (club_id, deadline_month, deadline_day) VALUES ($1, $2, $3)
     ON CONFLICT (club_id) DO UPDATE SET deadline_month = excluded.deadline_month, deadline_day = excluded.deadline_day, updated_at = now()`,
    [clubId, month, day],
  );
}

/** The member row locked for a write, or null when it is not an active member of this club. */
export async function lockMember(q: Queryable, clubId: string, memberId: string): Promise<{ id: string; birth_date: string | null } | null> {
  const [row] = await q.query<{ id: string; birth_date: string | null }>(
    `SELECT id, birth_date::text AS birth_date FROM club_members WHERE club_id = $1 AND id = $2 AND active FOR UPDATE`,
    [clubId, memberId],
  );
  return row ?? null;
}

export interface SgcFields {
  sex: string | null;
  cpf: string | null;
  cpf_owner: string;
  rg: string | null;
  address: string | null;
  phone: string | null;
  guardian_name: string | null;
}

export async function findSgcFields(q: Queryable, memberId: string): Promise<SgcFields | null> {
  const [row] = await q.query<SgcFields>(`SELECT sex, cpf, cpf_owner, rg, address, phone, guardian_name FROM sgc_member_records WHERE member_id = $1`, [memberId]);
  return row ?? null;
}

export async function saveSgcFields(q: Queryable, clubId: string, memberId: string, f: SgcFields, by: string): Promise<void> {
  await q.query(
    `INSERT INTO sgc_member_records (member_id, club_id, sex, cpf, cpf_owner, rg, address, phone, guardian_name, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (member_id) DO UPDATE SET sex = excluded.sex, cpf = excluded.cpf, cpf_owner = excluded.cpf_owner, rg = excluded.rg,
       address = excluded.address, phone = excluded.phone, guardian_name = excluded.guardian_name, updated_by = excluded.updated_by, updated_at = now()`,
    [memberId, clubId, f.sex, f.cpf, f.cpf_owner, f.rg, f.address, f.phone, f.guardian_name, by],
  );
}

export async function saveBirthDate(q: Queryable, clubId: string, memberId: string, birthDate: string | null): Promise<void> {
  await q.query(`UPDATE club_members SET birth_date = $3, updated_at = now() WHERE club_id = $1 AND id = $2`, [clubId, memberId, birthDate]);
}

export async function saveInsurance(
  q: Queryable, clubId: string, memberId: string,
  i: { year: number; insured: boolean; policy_number: string | null; insured_on: string | null }, by: string,
): Promise<void> {
  await q.query(
    `INSERT INTO member_insurance (club_id, member_id, year, insured, policy_number, insured_on, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (member_id, year) DO UPDATE SET insured = excluded.insured, policy_number = excluded.policy_number,
       insured_on = excluded.insured_on, updated_by = excluded.updated_by, updated_at = now()`,
    [clubId, memberId, i.year, i.insured, i.insured ? i.policy_number : null, i.insured ? i.insured_on : null, by],
  );
}

/** Whether the member holds a seguro for the year of `date` (AAAA-MM-DD) dated on or before it. */
/** Which of these members are covered on `date` (the same rule as insuredOn, for a list). */
export async function insuredAmong(q: Queryable, clubId: string, memberIds: string[], date: string): Promise<string[]> {
  if (memberIds.length === 0) return [];
  const rows = await q.query<{ member_id: string }>(
    `SELECT member_id FROM member_insurance WHERE club_id = $1 AND member_id = ANY ($2::uuid[]) AND insured
        AND year = extract(year FROM $3::date) AND insured_on <= $3::date`,
    [clubId, memberIds, date],
  );
  return rows.map((r) => r.member_id);
}

export async function insuredOn(q: Queryable, clubId: string, memberId: string, date: string): Promise<boolean> {
  const [row] = await q.query<{ ok: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM member_insurance WHERE club_id = $1 AND member_id = $2 AND insured
                       AND year = extract(year FROM $3::date) AND insured_on <= $3::date) AS ok`,
    [clubId, memberId, date],
  );
  return row.ok;
}
