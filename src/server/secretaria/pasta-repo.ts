import { maybeOne, type Queryable } from '../db/index.js';
import { clubTodayOf } from '../db/club-clock.js';
import { minorSql } from '../../shared/minor.js';
import { atoLabel } from '../../shared/secretaria.js';
import { POST_LABELS, type TPost } from '../../shared/associacao.js';
import type { TPasta, TPastaDocument, TPastaSummary, TDocumentKind, TDocumentVisibility } from '../../shared/secretaria-pasta.js';
import { documentAudience } from '../../shared/secretaria-pasta.js';

/**
 * The member a pasta is about (by the member record's id, or by the person's profile id as the member
 * profile screen names them): who they are in the club, and whether they are a minor today (the one rule).
 */
export interface PastaMember {
  id: string;
  profile_id: string;
  full_name: string;
  email: string | null;
  role: string;
  title: string | null;
  unit_id: string | null;
  unit_name: string | null;
  active: boolean;
  joined_on: string;
  birth_date: string | null;
  minor: boolean;
  club_name: string;
  /** The club's time zone: the day of a document in the export's file names. */
  timezone: string;
}

export async function findMember(q: Queryable, clubId: string, memberId: string): Promise<PastaMember | null> {
  return maybeOne<PastaMember>(q,
    `SELECT cm.id, cm.profile_id, p.full_name, p.email, cm.role, cm.title, cm.unit_id, u.name AS unit_name, cm.active,
            (cm.created_at AT TIME ZONE c.timezone)::date::text AS joined_on, cm.birth_date::text AS birth_date,
            ${minorSql('cm', clubTodayOf('cm.club_id'))} AS minor, c.name AS club_name, c.timezone
       FROM club_members cm
       JOIN profiles p ON p.id = cm.profile_id
       JOIN clubs c ON c.id = cm.club_id
       LEFT JOIN units u ON u.club_id = cm.club_id AND u.id = cm.unit_id
      WHERE cm.club_id = $1 AND (cm.id = $2 OR cm.profile_id = $2)
      ORDER BY cm.id = $2 DESC LIMIT 1`, [clubId, memberId]);
}

/** The member record of the signed-in person in this club (a member reads their own pasta). */
export async function ownMemberId(q: Queryable, clubId: string, profileId: string): Promise<string | null> {
  const row = await maybeOne<{ id: string }>(q, `SELECT id FROM club_members WHERE club_id = $1 AND profile_id = $2`, [clubId, profileId]);
  return row?.id ?? null;
}

/** Every member of the club with how many documents their pasta holds, by name (pt-BR collation). */
export async function listPastas(q: Queryable, clubId: string): Promise<TPastaSummary[]> {
  return q.query<TPastaSummary>(
    `SELECT cm.id AS member_id, p.full_name, cm.role, u.name AS unit_name, cm.active,
            ${minorSql('cm', clubTodayOf('$1'))} AS minor,
            (SELECT count(*)::int FROM member_documents d WHERE d.club_id = cm.club_id AND d.member_id = cm.id AND d.removed_at IS NULL) AS documents
       FROM club_members cm
       JOIN profiles p ON p.id = cm.profile_id
       LEFT JOIN units u ON u.club_id = cm.club_id AND u.id = cm.unit_id
      WHERE cm.club_id = $1
      ORDER BY cm.active DESC, pt_sort_key(p.full_name) COLLATE "C", p.full_name, cm.id
      LIMIT 2000`, [clubId]);
}

export async function sgcRecord(q: Queryable, clubId: string, memberId: string): Promise<NonNullable<TPasta['member']['sgc']>> {
  const row = await maybeOne<NonNullable<TPasta['member']['sgc']>>(q,
    `SELECT sex, cpf, rg, address, phone FROM sgc_member_records WHERE club_id = $1 AND member_id = $2`, [clubId, memberId]);
  return row ?? { sex: null, cpf: null, rg: null, address: null, phone: null };
}

export async function guardians(q: Queryable, clubId: string, memberId: string): Promise<TPasta['guardians']> {
  return q.query(
    `SELECT full_name, relationship, email, phone, accepted_at IS NOT NULL AS accepted
       FROM member_guardians WHERE club_id = $1 AND member_id = $2
      ORDER BY pt_sort_key(full_name) COLLATE "C", full_name, id`, [clubId, memberId]);
}

export async function terms(q: Queryable, clubId: string, memberId: string): Promise<TPasta['terms']> {
  const rows = await q.query<{ post: TPost; starts_on: string; ends_on: string; current: boolean }>(
    `SELECT post, starts_on::text, ends_on::text, ${clubTodayOf('$1')} BETWEEN starts_on AND ends_on AS current
       FROM diretoria_posts WHERE club_id = $1 AND member_id = $2
      ORDER BY starts_on DESC, id`, [clubId, memberId]);
  return rows.map((r) => ({ ...r, label: POST_LABELS[r.post] ?? r.post }));
}

/** Classes and especialidades concluded or invested (the programme's history), newest first. */
export async function programme(q: Queryable, clubId: string, memberId: string): Promise<TPasta['programme']> {
  return q.query(
    `SELECT e.item_code, i.name, e.kind, e.completed_on::text, e.invested_on::text
       FROM programme_enrolments e JOIN programme_items i ON i.code = e.item_code
      WHERE e.club_id = $1 AND e.member_id = $2 AND (e.invested_on IS NOT NULL OR e.completed_on IS NOT NULL)
      ORDER BY coalesce(e.invested_on, e.completed_on) DESC, pt_sort_key(i.name) COLLATE "C"`, [clubId, memberId]);
}

/** Events the member went to: registered, not cancelled, already begun. */
export async function eventsAttended(q: Queryable, clubId: string, memberId: string): Promise<TPasta['events']> {
  return q.query(
    `SELECT ev.id, ev.title, ev.kind, ev.starts_on::text, ev.ends_on::text, ev.place
       FROM event_registrations r JOIN events ev ON ev.club_id = r.club_id AND ev.id = r.event_id
      WHERE r.club_id = $1 AND r.member_id = $2 AND r.cancelled_at IS NULL AND ev.cancelled_at IS NULL
        AND ev.starts_on <= ${clubTodayOf('$1')}
      ORDER BY ev.starts_on DESC, ev.id
      LIMIT 200`, [clubId, memberId]);
}

/** Roll calls of the meetings held: the totals and the latest twenty. */
export async function attendance(q: Queryable, clubId: string, memberId: string): Promise<TPasta['attendance']> {
  const [totals] = await q.query<{ present: number; late: number; absent: number; excused: number }>(
    `SELECT count(*) FILTER (WHERE a.status = 'present')::int AS present, count(*) FILTER (WHERE a.status = 'late')::int AS late,
            count(*) FILTER (WHERE a.status = 'absent')::int AS absent, count(*) FILTER (WHERE a.status = 'excused')::int AS excused
       FROM meeting_attendance a JOIN meetings m ON m.club_id = a.club_id AND m.id = a.meeting_id
      WHERE a.club_id = $1 AND a.member_id = $2 AND m.status = 'scheduled'`, [clubId, memberId]);
  const recent = await q.query<TPasta['attendance']['recent'][number]>(
    `SELECT m.date::text AS date, m.title, a.status
       FROM meeting_attendance a JOIN meetings m ON m.club_id = a.club_id AND m.id = a.meeting_id
      WHERE a.club_id = $1 AND a.member_id = $2 AND m.status = 'scheduled'
      ORDER BY m.date DESC, m.id LIMIT 20`, [clubId, memberId]);
  return { ...totals, recent };
}

/** The registered acts about the member (drafts are the secretary's, not yet the book's). */
export async function atosAbout(q: Queryable, clubId: string, memberId: string): Promise<TPasta['atos']> {
  const rows = await q.query<{ id: string; year: number; number: number; kind: string; acted_on: string; role_title: string | null; term_start: string | null; term_end: string | null; body: string }>(
    `SELECT id, year, number, kind, acted_on::text, role_title, term_start::text, term_end::text, body
       FROM atos WHERE club_id = $1 AND member_id = $2 AND status = 'registrado'
      ORDER BY acted_on DESC, year DESC, number DESC`, [clubId, memberId]);
  return rows.map(({ year, number, ...r }) => ({ ...r, label: atoLabel(number, year) }));
}

// ——— Documents ———

type DocumentDbRow = Omit<TPastaDocument, 'audience'>;
const documentColumns = `d.id, d.kind, d.description, d.visibility, d.file_name, d.file_mime, d.file_size, d.uploaded_at, d.removed_at, d.removal_reason,
    (SELECT full_name FROM profiles WHERE id = d.uploaded_by) AS uploaded_by_name,
    (SELECT full_name FROM profiles WHERE id = d.removed_by) AS removed_by_name`;

const withAudience = (minor: boolean) => (r: DocumentDbRow): TPastaDocument => ({ ...r, audience: documentAudience(r.visibility, minor) });

/** The pasta's documents, kept ones first (newest first), then those removed (the history), when asked for. */
export async function listDocuments(q: Queryable, clubId: string, memberId: string, minor: boolean, withRemoved: boolean): Promise<TPastaDocument[]> {
  const rows = await q.query<DocumentDbRow>(
    `SELECT ${documentColumns} FROM member_documents d
      WHERE d.club_id = $1 AND d.member_id = $2 AND ($3 OR d.removed_at IS NULL)
      ORDER BY d.removed_at IS NOT NULL, d.uploaded_at DESC, d.id`, [clubId, memberId, withRemoved]);
  return rows.map(withAudience(minor));
}

export async function getDocument(q: Queryable, clubId: string, memberId: string, id: string, minor: boolean): Promise<TPastaDocument | null> {
  const row = await maybeOne<DocumentDbRow>(q, `SELECT ${documentColumns} FROM member_documents d WHERE d.club_id = $1 AND d.member_id = $2 AND d.id = $3`, [clubId, memberId, id]);
  return row ? withAudience(minor)(row) : null;
}

export interface DocumentFileRow {
  key: string;
  name: string;
  mime: string;
  visibility: TDocumentVisibility;
  removed: boolean;
}

export async function documentFile(q: Queryable, clubId: string, memberId: string, id: string): Promise<DocumentFileRow | null> {
  return maybeOne<DocumentFileRow>(q,
    `SELECT evidence_key AS key, file_name AS name, file_mime AS mime, visibility, removed_at IS NOT NULL AS removed
       FROM member_documents WHERE club_id = $1 AND member_id = $2 AND id = $3`, [clubId, memberId, id]);
}

export async function insertDocument(q: Queryable, clubId: string, memberId: string,
  d: { kind: TDocumentKind; description: string; visibility: TDocumentVisibility; key: string; name: string; mime: string; size: number }, by: string): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO member_documents (club_id, member_id, kind, description, visibility, evidence_key, file_name, file_mime, file_size, uploaded_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [clubId, memberId, d.kind, d.description, d.visibility, d.key, d.name, d.mime, d.size, by]);
  return row.id;
}

/** A soft delete: the row and its file stay, with who removed it, when and why. False when already removed. */
export async function markRemoved(q: Queryable, clubId: string, memberId: string, id: string, reason: string, by: string): Promise<boolean> {
  const rows = await q.query<{ id: string }>(
    `UPDATE member_documents SET removed_at = now(), removed_by = $5, removal_reason = $4
      WHERE club_id = $1 AND member_id = $2 AND id = $3 AND removed_at IS NULL RETURNING id`, [clubId, memberId, id, reason, by]);
  return rows.length === 1;
}

/**
 * The one rule of a signed termo de adesão (Lei 9.608/1998): a document of kind 'termo_adesao' kept in
 * the member's pasta and not removed. Per member of the club, the club's day the latest one was kept.
 */
export async function termosSignedOn(q: Queryable, clubId: string): Promise<Map<string, string>> {
  const rows = await q.query<{ member_id: string; signed_on: string }>(
    `SELECT d.member_id, max((d.uploaded_at AT TIME ZONE c.timezone)::date)::text AS signed_on
       FROM member_documents d JOIN clubs c ON c.id = d.club_id
      WHERE d.club_id = $1 AND d.kind = 'termo_adesao' AND d.removed_at IS NULL
      GROUP BY d.member_id`, [clubId]);
  return new Map(rows.map((r) => [r.member_id, r.signed_on]));
}
