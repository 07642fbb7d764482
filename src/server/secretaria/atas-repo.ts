import { maybeOne, type Queryable } from '../db/index.js';
import { ataLabel, votoLabel, type TAta, type TAtaKind, type TAtaRollCall, type TAtaSummary, type TCitableVoto, type TSecretariaPerson } from '../../shared/secretaria.js';

/** The fields of an ata as written (the service checked them). */
export interface AtaRow {
  kind: TAtaKind;
  held_on: string;
  place: string;
  presided_by: string;
  written_by: string;
  visitors: string[];
  agenda: string;
  body: string;
  corrects_id: string | null;
  roll_call_meeting_id: string | null;
}

export interface VotoRow {
  subject: string;
  votes_for: number;
  votes_against: number;
  abstentions: number;
}

/** A meeting with its roll call's counts (the meeting's own columns, then one count per status). */
const rollCallSelect = `SELECT m.id AS meeting_id, m.title, m.date,
       count(*) FILTER (WHERE ma.status = 'present')::int AS present, count(*) FILTER (WHERE ma.status = 'late')::int AS late,
       count(*) FILTER (WHERE ma.status = 'absent')::int AS absent, count(*) FILTER (WHERE ma.status = 'excused')::int AS excused
  FROM meetings m JOIN meeting_attendance ma ON ma.club_id = m.club_id AND ma.meeting_id = m.id`;

/** The roll calls taken on a date (meetings not cancelled that have one), for an ata of that date. */
export function rollCallsOn(q: Queryable, clubId: string, date: string): Promise<TAtaRollCall[]> {
  return q.query<TAtaRollCall>(
    `${rollCallSelect} WHERE m.club_id = $1 AND m.date = $2 AND m.status <> 'cancelled' GROUP BY m.id ORDER BY m.starts_at, m.id`, [clubId, date]);
}

/** Who a meeting's roll call has as there (present or late): an attached roll call's attendance. */
export async function rollCallPresentIds(q: Queryable, clubId: string, meetingId: string): Promise<string[]> {
  const rows = await q.query<{ member_id: string }>(
    `SELECT member_id FROM meeting_attendance WHERE club_id = $1 AND meeting_id = $2 AND status IN ('present', 'late')`, [clubId, meetingId]);
  return rows.map((r) => r.member_id);
}

const ref = `json_build_object('id', r.id, 'label', 'Ata nº ' || r.number || '/' || r.year)`;

/** One ata with its presence, votos and references; null when it is not the club's. */
export async function getAta(q: Queryable, clubId: string, id: string): Promise<TAta | null> {
  const row = await maybeOne<Omit<TAta, 'label' | 'votos'> & { votos: Array<Omit<TAta['votos'][number], 'label'> & { year: number | null; number: number | null }> }>(q,
    `SELECT a.id, a.year, a.number, a.kind, a.held_on, a.place, a.presided_by, a.written_by, a.visitors, a.agenda, a.body, a.status,
            a.approved_at, a.closed_at,
            (SELECT ${ref} FROM atas r WHERE r.club_id = a.club_id AND r.id = a.approved_in_id) AS approved_in,
            (SELECT ${ref} FROM atas r WHERE r.club_id = a.club_id AND r.id = a.corrects_id) AS corrects,
            COALESCE((SELECT json_agg(${ref} ORDER BY r.year, r.number) FROM atas r WHERE r.club_id = a.club_id AND r.corrects_id = a.id), '[]') AS corrected_by,
            (SELECT row_to_json(rc) FROM (${rollCallSelect} WHERE m.club_id = a.club_id AND m.id = a.roll_call_meeting_id GROUP BY m.id) rc) AS roll_call,
            COALESCE((SELECT json_agg(json_build_object('member_id', t.member_id, 'name', t.name) ORDER BY pt_sort_key(t.name) COLLATE "C", t.name)
                      FROM ata_attendees t WHERE t.club_id = a.club_id AND t.ata_id = a.id), '[]') AS present,
            COALESCE((SELECT json_agg(json_build_object('id', v.id, 'position', v.position, 'year', v.year, 'number', v.number, 'subject', v.subject,
                      'votes_for', v.votes_for, 'votes_against', v.votes_against, 'abstentions', v.abstentions) ORDER BY v.position)
                      FROM ata_votos v WHERE v.club_id = a.club_id AND v.ata_id = a.id), '[]') AS votos
       FROM atas a WHERE a.club_id = $1 AND a.id = $2`, [clubId, id]);
  if (!row) return null;
  return {
    ...row,
    label: ataLabel(row.number, row.year),
    votos: row.votos.map(({ year, number, ...v }) => ({ ...v, label: year !== null && number !== null ? votoLabel(number, year) : null })),
  };
}

/** The club's atas of a year (or the latest 200), newest first. */
export async function listAtas(q: Queryable, clubId: string, year: number | undefined): Promise<TAtaSummary[]> {
  const rows = await q.query<Omit<TAtaSummary, 'label'>>(
    `SELECT a.id, a.year, a.number, a.kind, a.held_on, a.place, a.status,
            (SELECT count(*)::int FROM ata_votos v WHERE v.club_id = a.club_id AND v.ata_id = a.id) AS voto_count,
            (SELECT count(*)::int FROM ata_attendees t WHERE t.club_id = a.club_id AND t.ata_id = a.id) + cardinality(a.visitors) AS present_count
       FROM atas a
      WHERE a.club_id = $1 AND ($2::int IS NULL OR a.year = $2)
      ORDER BY a.year DESC, a.number DESC
      LIMIT 200`, [clubId, year ?? null]);
  return rows.map((r) => ({ ...r, label: ataLabel(r.number, r.year) }));
}

/** Locks the ata's row for a change of its text or status. */
export async function lockAta(q: Queryable, clubId: string, id: string): Promise<{ id: string; status: TAta['status']; year: number; number: number } | null> {
  return maybeOne(q, `SELECT id, status, year, number FROM atas WHERE club_id = $1 AND id = $2 FOR UPDATE`, [clubId, id]);
}

export async function insertAta(q: Queryable, clubId: string, year: number, number: number, a: AtaRow, by: string): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO atas (club_id, year, number, kind, held_on, place, presided_by, written_by, visitors, agenda, body, corrects_id, created_by, roll_call_meeting_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
    [clubId, year, number, a.kind, a.held_on, a.place, a.presided_by, a.written_by, a.visitors, a.agenda, a.body, a.corrects_id, by, a.roll_call_meeting_id]);
  return row.id;
}

/** A draft's text; its number and year stay (the date moves within the year it was numbered in). */
export async function updateAta(q: Queryable, clubId: string, id: string, a: AtaRow): Promise<void> {
  await q.query(
    `UPDATE atas SET kind = $3, held_on = $4, place = $5, presided_by = $6, written_by = $7, visitors = $8, agenda = $9, body = $10,
            corrects_id = $11, roll_call_meeting_id = $12, updated_at = now()
      WHERE club_id = $1 AND id = $2 AND status = 'rascunho'`,
    [clubId, id, a.kind, a.held_on, a.place, a.presided_by, a.written_by, a.visitors, a.agenda, a.body, a.corrects_id, a.roll_call_meeting_id]);
}

/** Replaces the presence and the votos of a draft (votos of a draft carry no number yet). */
export async function replacePresentAndVotos(q: Queryable, clubId: string, ataId: string, memberIds: string[], votos: VotoRow[]): Promise<void> {
  await q.query(`DELETE FROM ata_attendees WHERE club_id = $1 AND ata_id = $2`, [clubId, ataId]);
  await q.query(`DELETE FROM ata_votos WHERE club_id = $1 AND ata_id = $2`, [clubId, ataId]);
  if (memberIds.length > 0) {
    await q.query(
      `INSERT INTO ata_attendees (club_id, ata_id, member_id, name)
       SELECT $1, $2, cm.id, p.full_name FROM club_members cm JOIN profiles p ON p.id = cm.profile_id
        WHERE cm.club_id = $1 AND cm.id = ANY ($3::uuid[])`, [clubId, ataId, memberIds]);
  }
  for (const [i, v] of votos.entries()) {
    await q.query(
      `INSERT INTO ata_votos (club_id, ata_id, position, subject, votes_for, votes_against, abstentions) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [clubId, ataId, i + 1, v.subject, v.votes_for, v.votes_against, v.abstentions]);
  }
}

/** How many of these ids are members of the club. */
export async function countClubMembers(q: Queryable, clubId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM club_members WHERE club_id = $1 AND id = ANY ($2::uuid[])`, [clubId, ids]);
  return row.n;
}

export async function unnumberedVotoIds(q: Queryable, clubId: string, ataId: string): Promise<string[]> {
  const rows = await q.query<{ id: string }>(`SELECT id FROM ata_votos WHERE club_id = $1 AND ata_id = $2 AND number IS NULL ORDER BY position`, [clubId, ataId]);
  return rows.map((r) => r.id);
}

export async function numberVoto(q: Queryable, clubId: string, id: string, year: number, number: number): Promise<void> {
  await q.query(`UPDATE ata_votos SET year = $3, number = $4 WHERE club_id = $1 AND id = $2`, [clubId, id, year, number]);
}

export async function setApproved(q: Queryable, clubId: string, id: string, approvedInId: string | null): Promise<void> {
  await q.query(`UPDATE atas SET status = 'aprovada', approved_at = now(), approved_in_id = $3, updated_at = now() WHERE club_id = $1 AND id = $2`, [clubId, id, approvedInId]);
}

export async function setClosed(q: Queryable, clubId: string, id: string): Promise<void> {
  await q.query(`UPDATE atas SET status = 'encerrada', closed_at = now(), updated_at = now() WHERE club_id = $1 AND id = $2`, [clubId, id]);
}

const citable = `SELECT v.id, v.year, v.number, v.subject, a.year AS ata_year, a.number AS ata_number
  FROM ata_votos v JOIN atas a ON a.club_id = v.club_id AND a.id = v.ata_id`;

type CitableRow = { id: string; year: number; number: number; subject: string; ata_year: number; ata_number: number };
const toCitable = (r: CitableRow): TCitableVoto => ({ id: r.id, label: votoLabel(r.number, r.year), subject: r.subject, ata_label: ataLabel(r.ata_number, r.ata_year) });

/** The numbered votos of the club, newest first: what an act may cite. */
export async function listCitableVotos(q: Queryable, clubId: string): Promise<TCitableVoto[]> {
  const rows = await q.query<CitableRow>(`${citable} WHERE v.club_id = $1 AND v.number IS NOT NULL ORDER BY v.year DESC, v.number DESC LIMIT 500`, [clubId]);
  return rows.map(toCitable);
}

/** One voto of the club (numbered or not); null when it is another club's or none. */
export async function findVoto(q: Queryable, clubId: string, id: string): Promise<(TCitableVoto & { numbered: boolean }) | null> {
  const row = await maybeOne<Omit<CitableRow, 'year' | 'number'> & { year: number | null; number: number | null }>(q, `${citable} WHERE v.club_id = $1 AND v.id = $2`, [clubId, id]);
  if (!row) return null;
  if (row.year === null || row.number === null) return { id: row.id, label: '', subject: row.subject, ata_label: ataLabel(row.ata_number, row.ata_year), numbered: false };
  return { ...toCitable({ ...row, year: row.year, number: row.number }), numbered: true };
}

/** The club's people, leaders first, by name: whom an ata lists as present, an act names. */
export async function listPeople(q: Queryable, clubId: string): Promise<TSecretariaPerson[]> {
  return q.query<TSecretariaPerson>(
    `SELECT cm.id AS member_id, p.full_name AS name, cm.role, (cm.role <> 'member') AS leader
       FROM club_members cm JOIN profiles p ON p.id = cm.profile_id
      WHERE cm.club_id = $1 AND cm.active
      ORDER BY (cm.role = 'member'), pt_sort_key(p.full_name) COLLATE "C", p.full_name, cm.id`, [clubId]);
}

/** Whether the club has this meeting (not cancelled) on that date, with or without a roll call. */
export async function meetingOn(q: Queryable, clubId: string, meetingId: string, date: string): Promise<boolean> {
  return (await maybeOne(q, `SELECT 1 FROM meetings WHERE club_id = $1 AND id = $2 AND date = $3 AND status <> 'cancelled'`, [clubId, meetingId, date])) !== null;
}

/**
 * How many atas of a kind each club recorded in its year (a correction is not a second meeting), in one
 * statement; a club with none is absent. The Associação's evaluation reads 'diretoria'.
 */
export async function countAtasOfKindOfClubs(q: Queryable, clubs: Array<{ clubId: string; year: number }>, kind: TAtaKind): Promise<Map<string, number>> {
  const rows = await q.query<{ club_id: string; n: number }>(
    `SELECT a.club_id, count(*)::int AS n
       FROM atas a JOIN unnest($1::uuid[], $2::int[]) AS k(club_id, year) ON k.club_id = a.club_id AND k.year = a.year
      WHERE a.club_id = ANY($1::uuid[]) AND a.kind = $3 AND a.corrects_id IS NULL
      GROUP BY a.club_id`,
    [clubs.map((c) => c.clubId), clubs.map((c) => c.year), kind],
  );
  return new Map(rows.map((r) => [r.club_id, r.n]));
}
