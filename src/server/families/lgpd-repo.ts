import type { Queryable } from '../db/index.js';
import { maybeOne } from '../db/index.js';
import { REMOVED_MEMBER_NAME } from '../../shared/families.js';

type Row = Record<string, unknown>;

export interface SubjectColumn {
  table_name: string;
  column_name: string;
  target: 'profiles' | 'club_members';
  /** The table has a club_id column: each of its rows belongs to one club. */
  club_scoped: boolean;
}

/** Every single-column foreign key to profiles or club_members in the public schema, from the catalog. */
export function listPersonForeignKeys(q: Queryable) {
  return q.query<SubjectColumn>(
    `SELECT c.conrelid::regclass::text AS table_name, a.attname::text AS column_name, c.confrelid::regclass::text AS target,
            EXISTS (SELECT 1 FROM pg_attribute ca WHERE ca.attrelid = c.conrelid AND ca.attname = 'club_id' AND NOT ca.attisdropped) AS club_scoped
       FROM pg_constraint c
       JOIN pg_namespace n ON n.oid = c.connamespace
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.contype = 'f' AND n.nspname = 'public' AND cardinality(c.conkey) = 1
        AND c.confrelid IN ('profiles'::regclass, 'club_members'::regclass)
      ORDER BY 1, 2`,
  );
}

export function getProfileRow(q: Queryable, profileId: string) {
  return maybeOne<Row>(q, `SELECT * FROM profiles WHERE id = $1`, [profileId]);
}

export async function listMemberIdsOfProfile(q: Queryable, profileId: string): Promise<string[]> {
  return (await q.query<{ id: string }>(`SELECT id FROM club_members WHERE profile_id = $1`, [profileId])).map((r) => r.id);
}

/**
 * Every row of one table matching a WHERE clause the export builds from the catalog's columns.
 * The table name comes from the catalog's regclass text, already quoted where it must be.
 */
export function listTableRows(q: Queryable, table: string, where: string, params: unknown[]) {
  return q.query<Row>(`SELECT * FROM ${table} WHERE ${where}`, params);
}

/** The children a guardian's export includes: accepted link, consent in force, active member of an active club. */
export function listExportableChildren(q: Queryable, guardianProfileId: string) {
  return q.query<{ member_id: string; club_id: string; club_name: string; profile_id: string }>(
    `SELECT cm.id AS member_id, cm.club_id, c.name AS club_name, cm.profile_id
       FROM member_guardians g
       JOIN club_members cm ON cm.id = g.member_id AND cm.club_id = g.club_id
       JOIN clubs c ON c.id = cm.club_id
      WHERE g.profile_id = $1 AND g.accepted_at IS NOT NULL AND cm.active AND c.active
        AND EXISTS (SELECT 1 FROM member_consents mc WHERE mc.club_id = cm.club_id AND mc.member_id = cm.id AND mc.withdrawn_at IS NULL)
      ORDER BY c.name, cm.id`,
    [guardianProfileId],
  );
}

/** The clubs a person is a member or a guardian of, with their time zones. */
export function listClubTimeZones(q: Queryable, profileId: string) {
  return q.query<{ id: string; timezone: string }>(
    `SELECT c.id, c.timezone FROM clubs c
      WHERE EXISTS (SELECT 1 FROM club_members cm WHERE cm.club_id = c.id AND cm.profile_id = $1)
         OR EXISTS (SELECT 1 FROM member_guardians g WHERE g.club_id = c.id AND g.profile_id = $1)`,
    [profileId],
  );
}

/** The person's deletion request still open (neither cancelled nor carried out). */
export function findOpenDeletionRequest(q: Queryable, profileId: string) {
  return maybeOne<{ requested_at: string; execute_after: string }>(
    q,
    `SELECT requested_at, execute_after FROM deletion_requests WHERE profile_id = $1 AND cancelled_at IS NULL AND executed_at IS NULL`,
    [profileId],
  );
}

/** The only director who can sign in of some club cannot leave it without one. */
export async function isLastAdminSomewhere(q: Queryable, profileId: string): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM club_members cm JOIN clubs c ON c.id = cm.club_id
      WHERE cm.profile_id = $1 AND cm.active AND cm.role = 'admin'
        AND NOT EXISTS (SELECT 1 FROM club_members o JOIN profiles op ON op.id = o.profile_id
                         WHERE o.club_id = cm.club_id AND o.profile_id <> $1 AND o.active AND o.role = 'admin' AND op.password_hash IS NOT NULL)
      LIMIT 1`,
    [profileId],
  );
  return rows.length > 0;
}

export async function insertDeletionRequest(q: Queryable, profileId: string, graceDays: number): Promise<void> {
  await q.query(
    `INSERT INTO deletion_requests (profile_id, execute_after) VALUES ($1, now() + make_interval(days => $2::int))`,
    [profileId, graceDays],
  );
}

/** Whether an open request was cancelled. */
export async function cancelOpenDeletionRequest(q: Queryable, profileId: string): Promise<boolean> {
  const rows = await q.query(
    `UPDATE deletion_requests SET cancelled_at = now() WHERE profile_id = $1 AND cancelled_at IS NULL AND executed_at IS NULL RETURNING id`,
    [profileId],
  );
  return rows.length > 0;
}

/** Requests whose grace period ended, oldest first, 100 at a time. */
export function listDueDeletionRequests(q: Queryable) {
  return q.query<{ id: string; profile_id: string }>(
    `SELECT id, profile_id FROM deletion_requests WHERE cancelled_at IS NULL AND executed_at IS NULL AND execute_after <= now() ORDER BY execute_after LIMIT 100`,
  );
}

/** Whether this transaction claimed the request (it was still open). */
export async function claimDeletionRequest(q: Queryable, requestId: string): Promise<boolean> {
  const claimed = await q.query(
    `UPDATE deletion_requests SET executed_at = now() WHERE id = $1 AND cancelled_at IS NULL AND executed_at IS NULL RETURNING id`,
    [requestId],
  );
  return claimed.length > 0;
}

/**
 * Removes or anonymises a person's data. The profile row stays (renamed 'Membro removido', no e-mail,
 * no login) and so do their memberships, points ledger rows and money movements: the club's balances
 * and rankings stay exactly as they were. Contact data, health forms, guardians' data and sessions go.
 */
export async function anonymisePerson(q: Queryable, profileId: string): Promise<void> {
  await q.query(
    `UPDATE profiles SET full_name = $2, email = NULL, password_hash = NULL, blocked_at = coalesce(blocked_at, now()), updated_at = now() WHERE id = $1`,
    [profileId, REMOVED_MEMBER_NAME],
  );
  await q.query(`DELETE FROM sessions WHERE profile_id = $1`, [profileId]);
  await q.query(`DELETE FROM health_records WHERE member_id IN (SELECT id FROM club_members WHERE profile_id = $1)`, [profileId]);
  // Guardians of the removed person (their names and e-mails) and the person as someone's guardian.
  await q.query(`UPDATE member_consents SET guardian_id = NULL WHERE member_id IN (SELECT id FROM club_members WHERE profile_id = $1)`, [profileId]);
  await q.query(`DELETE FROM member_guardians WHERE member_id IN (SELECT id FROM club_members WHERE profile_id = $1) OR profile_id = $1`, [profileId]);
  await q.query(`UPDATE club_members SET birth_date = NULL, health_access = false, updated_at = now() WHERE profile_id = $1`, [profileId]);
  await q.query(`UPDATE club_invitations SET email = NULL WHERE profile_id = $1 OR used_by = $1`, [profileId]);
}
