import { maybeOne, type Queryable } from '../db/index.js';
import { atoLabel, ataLabel, oficioLabel, votoLabel, type TAto, type TAtoKind, type TOficio, type TVisita } from '../../shared/secretaria.js';

// ——— Livro de atos ———

export interface AtoRow {
  kind: TAtoKind;
  acted_on: string;
  member_id: string | null;
  person_name: string;
  role_title: string | null;
  term_start: string | null;
  term_end: string | null;
  body: string;
  voto_id: string | null;
}

type AtoDbRow = Omit<TAto, 'label' | 'voto'> & { year: number | null; number: number | null; voto: null | { id: string; year: number; number: number; subject: string; ata_year: number; ata_number: number } };

/** The select of an act with its cited voto and that voto's ata. */
const atoColumns = `o.id, o.year, o.number, o.status, o.source, o.kind, o.acted_on, o.member_id, o.person_name, o.role_title, o.term_start, o.term_end, o.body,
    (SELECT json_build_object('id', v.id, 'year', v.year, 'number', v.number, 'subject', v.subject, 'ata_year', a.year, 'ata_number', a.number)
       FROM ata_votos v JOIN atas a ON a.club_id = v.club_id AND a.id = v.ata_id
      WHERE v.club_id = o.club_id AND v.id = o.voto_id) AS voto`;

function toAto({ year, number, voto, ...r }: AtoDbRow): TAto {
  return {
    ...r,
    label: year !== null && number !== null ? atoLabel(number, year) : null,
    voto: voto ? { id: voto.id, label: votoLabel(voto.number, voto.year), subject: voto.subject, ata_label: ataLabel(voto.ata_number, voto.ata_year) } : null,
  };
}

export async function getAto(q: Queryable, clubId: string, id: string): Promise<TAto | null> {
  const row = await maybeOne<AtoDbRow>(q, `SELECT ${atoColumns} FROM atos o WHERE o.club_id = $1 AND o.id = $2`, [clubId, id]);
  return row ? toAto(row) : null;
}

/** Drafts first (waiting for the secretary), then the book, newest first. */
export async function listAtos(q: Queryable, clubId: string, year: number | undefined): Promise<TAto[]> {
  const rows = await q.query<AtoDbRow>(
    `SELECT ${atoColumns} FROM atos o
      WHERE o.club_id = $1 AND ($2::int IS NULL OR o.year = $2 OR o.year IS NULL)
      ORDER BY o.year DESC NULLS FIRST, o.number DESC NULLS FIRST
      LIMIT 300`, [clubId, year ?? null]);
  return rows.map(toAto);
}

export async function insertAto(q: Queryable, clubId: string, numbering: { year: number; number: number } | null, source: TAto['source'], a: AtoRow, by: string | null): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO atos (club_id, year, number, status, source, kind, acted_on, member_id, person_name, role_title, term_start, term_end, body, voto_id, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
    [clubId, numbering?.year ?? null, numbering?.number ?? null, numbering ? 'registrado' : 'rascunho', source, a.kind, a.acted_on, a.member_id, a.person_name,
      a.role_title, a.term_start, a.term_end, a.body, a.voto_id, by]);
  return row.id;
}

export async function lockAto(q: Queryable, clubId: string, id: string): Promise<{ id: string; status: TAto['status'] } | null> {
  return maybeOne(q, `SELECT id, status FROM atos WHERE club_id = $1 AND id = $2 FOR UPDATE`, [clubId, id]);
}

/** Confirms a draft: its (possibly edited) text goes into the book with its number. */
export async function registerDraft(q: Queryable, clubId: string, id: string, year: number, number: number, a: AtoRow): Promise<void> {
  await q.query(
    `UPDATE atos SET status = 'registrado', year = $3, number = $4, kind = $5, acted_on = $6, member_id = $7, person_name = $8, role_title = $9,
            term_start = $10, term_end = $11, body = $12, voto_id = $13, updated_at = now()
      WHERE club_id = $1 AND id = $2 AND status = 'rascunho'`,
    [clubId, id, year, number, a.kind, a.acted_on, a.member_id, a.person_name, a.role_title, a.term_start, a.term_end, a.body, a.voto_id]);
}

export async function deleteDraft(q: Queryable, clubId: string, id: string): Promise<void> {
  await q.query(`DELETE FROM atos WHERE club_id = $1 AND id = $2 AND status = 'rascunho'`, [clubId, id]);
}

/** The member's name as the club holds it; null when not the club's. */
export async function memberName(q: Queryable, clubId: string, memberId: string): Promise<string | null> {
  const row = await maybeOne<{ name: string }>(q,
    `SELECT p.full_name AS name FROM club_members cm JOIN profiles p ON p.id = cm.profile_id WHERE cm.club_id = $1 AND cm.id = $2`, [clubId, memberId]);
  return row?.name ?? null;
}

// ——— Ofícios e protocolo ———

export interface OficioRow {
  direction: 'enviado' | 'recebido';
  dated_on: string;
  counterpart: string;
  subject: string;
  body: string;
  file: { key: string; name: string; mime: string; size: number } | null;
}

type OficioDbRow = Omit<TOficio, 'label'> & { year: number; number: number };
const oficioColumns = `o.id, o.direction, o.year, o.number, o.dated_on, o.counterpart, o.subject, o.body, o.file_name, o.file_mime`;
const toOficio = ({ year, number, ...r }: OficioDbRow): TOficio => ({ ...r, label: oficioLabel(r.direction, number, year) });

export async function insertOficio(q: Queryable, clubId: string, year: number, number: number, o: OficioRow, by: string): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO oficios (club_id, direction, year, number, dated_on, counterpart, subject, body, file_key, file_name, file_mime, file_size, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [clubId, o.direction, year, number, o.dated_on, o.counterpart, o.subject, o.body, o.file?.key ?? null, o.file?.name ?? null, o.file?.mime ?? null, o.file?.size ?? null, by]);
  return row.id;
}

export async function getOficio(q: Queryable, clubId: string, id: string): Promise<TOficio | null> {
  const row = await maybeOne<OficioDbRow>(q, `SELECT ${oficioColumns} FROM oficios o WHERE o.club_id = $1 AND o.id = $2`, [clubId, id]);
  return row ? toOficio(row) : null;
}

export async function oficioFile(q: Queryable, clubId: string, id: string): Promise<{ key: string; name: string; mime: string } | null> {
  return maybeOne(q, `SELECT file_key AS key, file_name AS name, file_mime AS mime FROM oficios WHERE club_id = $1 AND id = $2 AND file_key IS NOT NULL`, [clubId, id]);
}

/** The protocol: sent and received, newest first; `search` looks in the other party, the subject and the text. */
export async function listOficios(q: Queryable, clubId: string, year: number | undefined, search: string): Promise<TOficio[]> {
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await q.query<OficioDbRow>(
    `SELECT ${oficioColumns} FROM oficios o
      WHERE o.club_id = $1 AND ($2::int IS NULL OR o.year = $2)
        AND ($3::text IS NULL OR o.counterpart ILIKE $3 OR o.subject ILIKE $3 OR o.body ILIKE $3)
      ORDER BY o.dated_on DESC, o.created_at DESC, o.id
      LIMIT 300`, [clubId, year ?? null, pattern]);
  return rows.map(toOficio);
}

// ——— Livro de visitas ———

export async function insertVisita(q: Queryable, clubId: string, v: Omit<TVisita, 'id'>, by: string): Promise<TVisita> {
  const [row] = await q.query<TVisita>(
    `INSERT INTO visitas (club_id, visited_on, name, origin, note, created_by) VALUES ($1, $2, $3, $4, $5, $6)
     RETURNING id, visited_on, name, origin, note`, [clubId, v.visited_on, v.name, v.origin, v.note, by]);
  return row;
}

export async function listVisitas(q: Queryable, clubId: string, year: number | undefined): Promise<TVisita[]> {
  return q.query<TVisita>(
    `SELECT id, visited_on, name, origin, note FROM visitas
      WHERE club_id = $1 AND ($2::int IS NULL OR visited_on >= make_date($2, 1, 1) AND visited_on < make_date($2 + 1, 1, 1))
      ORDER BY visited_on DESC, created_at DESC LIMIT 300`, [clubId, year ?? null]);
}
