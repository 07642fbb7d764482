import type { Queryable } from '../db/index.js';
import { clubDate } from '../db/club-clock.js';
import type { TPeriodKind } from '../../shared/associacao-reports.js';

/** SQL of the Associação's reports (ADR 077): the stored row, and the counts of a period read from the other books. */
export interface ReportRow {
  id: string;
  period_kind: TPeriodKind;
  year: number;
  month: number;
  status: 'draft' | 'closed';
  overrides: Record<string, { value: string; note: string }>;
  notes: string;
  snapshot: Record<string, string> | null;
  closed_at: string | null;
  closed_by_name: string | null;
}

const SELECT = `SELECT r.id, r.period_kind, r.year, r.month, r.status, r.overrides, r.notes, r.snapshot,
       to_char(r.closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS closed_at, p.full_name AS closed_by_name
  FROM associacao_reports r LEFT JOIN profiles p ON p.id = r.closed_by`;

export function listReports(q: Queryable, clubId: string, year: number | null = null): Promise<ReportRow[]> {
  return q.query<ReportRow>(`${SELECT} WHERE r.club_id = $1 AND ($2::int IS NULL OR r.year = $2) ORDER BY r.year DESC, r.month DESC, r.period_kind`, [clubId, year]);
}

/** The reports of many clubs, each of its own year, in one statement: period and status only (the regional view). */
export function listReportStatusOfClubs(
  q: Queryable, clubs: Array<{ clubId: string; year: number }>,
): Promise<Array<{ club_id: string; period_kind: TPeriodKind; year: number; month: number; status: 'draft' | 'closed'; closed_at: string | null }>> {
  if (clubs.length === 0) return Promise.resolve([]);
  return q.query(
    `SELECT r.club_id, r.period_kind, r.year, r.month, r.status,
            to_char(r.closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS closed_at
       FROM associacao_reports r JOIN unnest($1::uuid[], $2::int[]) AS k(club_id, year) ON k.club_id = r.club_id AND k.year = r.year
      WHERE r.club_id = ANY($1::uuid[])
      ORDER BY r.year DESC, r.month DESC, r.period_kind`,
    [clubs.map((c) => c.clubId), clubs.map((c) => c.year)],
  );
}

export async function findReport(q: Queryable, clubId: string, id: string, lock = false): Promise<ReportRow | null> {
  const [row] = await q.query<ReportRow>(`${SELECT} WHERE r.club_id = $1 AND r.id = $2${lock ? ' FOR UPDATE OF r' : ''}`, [clubId, id]);
  return row ?? null;
}

/** The new draft's id, or null when the club already has a report of that period. */
export async function insertReport(q: Queryable, clubId: string, kind: TPeriodKind, year: number, month: number, by: string): Promise<string | null> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO associacao_reports (club_id, period_kind, year, month, created_by) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (club_id, period_kind, year, month) DO NOTHING RETURNING id`,
    [clubId, kind, year, month, by],
  );
  return row?.id ?? null;
}

/** Saves a draft's overrides and notes; false when it is not a draft of this club. */
export async function updateDraft(q: Queryable, clubId: string, id: string, overrides: ReportRow['overrides'], notes: string): Promise<boolean> {
  const rows = await q.query(
    `UPDATE associacao_reports SET overrides = $3::jsonb, notes = $4, updated_at = now() WHERE club_id = $1 AND id = $2 AND status = 'draft' RETURNING id`,
    [clubId, id, JSON.stringify(overrides), notes],
  );
  return rows.length > 0;
}

export async function closeReport(q: Queryable, clubId: string, id: string, snapshot: Record<string, string>, by: string): Promise<boolean> {
  const rows = await q.query(
    `UPDATE associacao_reports SET status = 'closed', snapshot = $3::jsonb, closed_at = now(), closed_by = $4, updated_at = now()
      WHERE club_id = $1 AND id = $2 AND status = 'draft' RETURNING id`,
    [clubId, id, JSON.stringify(snapshot), by],
  );
  return rows.length > 0;
}

export async function deleteDraft(q: Queryable, clubId: string, id: string): Promise<boolean> {
  return (await q.query(`DELETE FROM associacao_reports WHERE club_id = $1 AND id = $2 AND status = 'draft' RETURNING id`, [clubId, id])).length > 0;
}

/** Counts of a period that no other domain's service offers as one number: members, programme, events, secretaria. */
export interface PeriodCounts {
  members_active: number;
  members_joined: number;
  members_left: number;
  requirements_signed: number;
  classes_completed: number;
  specialties_completed: number;
  classes_invested: number;
  specialties_invested: number;
  events_held: number;
  event_participants: number;
  atas: number;
  atos: number;
  oficios: number;
  visitas: number;
}

export async function periodCounts(q: Queryable, clubId: string, from: string, to: string): Promise<PeriodCounts> {
  const [row] = await q.query<PeriodCounts>(
    `SELECT
       (SELECT count(*) FROM club_members m WHERE m.club_id = $1 AND m.active AND ${clubDate('m.created_at')} <= $3::date)::int AS members_active,
       (SELECT count(*) FROM club_members m WHERE m.club_id = $1 AND ${clubDate('m.created_at')} BETWEEN $2::date AND $3::date)::int AS members_joined,
       (SELECT count(*) FROM atos WHERE club_id = $1 AND kind = 'desligamento' AND status = 'registrado' AND acted_on BETWEEN $2::date AND $3::date)::int AS members_left,
       (SELECT count(*) FROM programme_signatures WHERE club_id = $1 AND signed_on BETWEEN $2::date AND $3::date)::int AS requirements_signed,
       (SELECT count(*) FROM programme_enrolments WHERE club_id = $1 AND kind = 'class' AND completed_on BETWEEN $2::date AND $3::date)::int AS classes_completed,
       (SELECT count(*) FROM programme_enrolments WHERE club_id = $1 AND kind = 'specialty' AND completed_on BETWEEN $2::date AND $3::date)::int AS specialties_completed,
       (SELECT count(*) FROM programme_enrolments WHERE club_id = $1 AND kind = 'class' AND invested_on BETWEEN $2::date AND $3::date)::int AS classes_invested,
       (SELECT count(*) FROM programme_enrolments WHERE club_id = $1 AND kind = 'specialty' AND invested_on BETWEEN $2::date AND $3::date)::int AS specialties_invested,
       (SELECT count(*) FROM events WHERE club_id = $1 AND cancelled_at IS NULL AND starts_on BETWEEN $2::date AND $3::date)::int AS events_held,
       (SELECT count(*) FROM event_registrations r JOIN events e ON e.club_id = r.club_id AND e.id = r.event_id
         WHERE e.club_id = $1 AND r.cancelled_at IS NULL AND e.cancelled_at IS NULL AND e.starts_on BETWEEN $2::date AND $3::date)::int AS event_participants,
       (SELECT count(*) FROM atas WHERE club_id = $1 AND held_on BETWEEN $2::date AND $3::date)::int AS atas,
       (SELECT count(*) FROM atos WHERE club_id = $1 AND status = 'registrado' AND acted_on BETWEEN $2::date AND $3::date)::int AS atos,
       (SELECT count(*) FROM oficios WHERE club_id = $1 AND dated_on BETWEEN $2::date AND $3::date)::int AS oficios,
       (SELECT count(*) FROM visitas WHERE club_id = $1 AND visited_on BETWEEN $2::date AND $3::date)::int AS visitas
       FROM clubs c WHERE c.id = $1`,
    [clubId, from, to],
  );
  return row;
}

export async function clubName(q: Queryable, clubId: string): Promise<string> {
  const [row] = await q.query<{ name: string }>(`SELECT name FROM clubs WHERE id = $1`, [clubId]);
  return row?.name ?? '';
}
