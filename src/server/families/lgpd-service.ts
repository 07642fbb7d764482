import { slugify } from '../../shared/clubs.js';
import type { Db, Queryable } from '../db/index.js';
import { DELETION_GRACE_DAYS, FAMILY_MSG, ZHealthForm, type TDeletionStatus } from '../../shared/families.js';
import { conflict } from '../core/errors.js';
import { writeAudit } from '../audit/repo.js';
import { toCsv, type CsvCell } from '../csv.js';
import type { HealthCipher } from './health-key.js';
import { zipStream } from './zip.js';
import type { Readable } from 'node:stream';
import { DEFAULT_TIMEZONE } from '../../shared/timezones.js';
import { columnLabel, localTime, looksLikeInstant, tableFileName } from './lgpd-labels.js';
import * as lgpdRepo from './lgpd-repo.js';
import type { SubjectColumn } from './lgpd-repo.js';

type Row = Record<string, unknown>;
export interface PersonData {
  profile: Row | null;
  tables: Record<string, Row[]>;
}
export interface ExportData {
  generated_at: string;
  me: PersonData;
  children: Array<{ member_id: string; club_name: string; data: PersonData }>;
}

/** Secrets are never exported, whatever table holds them. */
// A camp phone's sealed key (issue 49) is a secret like a token: never in an export.
const SECRET_COLUMN = /(password|token|secret|hash|sealed)/i;
/** Columns that name who did something (an author), not whom a row is about. */
const ACTOR_COLUMN = /(_by|^actor_id)$/;

/**
 * Every column that points at a person (a foreign key to profiles or club_members), read from the
 * catalog, so a table added later is exported without anyone remembering to list it here.
 */
export async function subjectColumns(q: Queryable): Promise<SubjectColumn[]> {
  const cols = await lgpdRepo.listPersonForeignKeys(q);
  return cols.filter((c) => !ACTOR_COLUMN.test(c.column_name));
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

function redact(row: Row): Row {
  return Object.fromEntries(Object.entries(row).filter(([k]) => !SECRET_COLUMN.test(k)));
}

/** Whose data an export reads: a whole person (their own export), or one child as a guardian's link covers it. */
export type ExportScope =
  | { kind: 'person'; profileId: string }
  | { kind: 'child'; profileId: string; clubId: string; memberId: string; guardianProfileId: string }
  // The club's file of one member (the secretaria's pasta, issue 47): what that club holds about them.
  | { kind: 'club_record'; profileId: string; clubId: string; memberId: string };

/**
 * The WHERE clause of one table for a scope, or null when the scope reads nothing from it.
 * A person: every row pointing at them or at any of their member records.
 * A child through a guardian's link: only club-scoped tables, only the club that invited the guardian,
 * only that member record. Tables without club_id (sessions, login days, security, tokens) are the
 * child's own account and never go to a guardian. A row that also names a guardian (member_guardians,
 * member_consents: a member column plus a profile column) goes only when that guardian is the one asking,
 * so another guardian's name, e-mail, phone or IP stays theirs.
 */
function scopeWhere(cols: SubjectColumn[], scope: ExportScope, memberIds: string[]): { where: string; params: unknown[] } | null {
  const params: unknown[] = [];
  const p = (v: unknown, cast: string) => {
    params.push(v);
    return `$${params.length}::${cast}`;
  };
  if (scope.kind === 'person') {
    const where = cols.map((c) => (c.target === 'profiles'
      ? `${quoteIdent(c.column_name)} = ${p(scope.profileId, 'uuid')}`
      : `${quoteIdent(c.column_name)} = ANY(${p(memberIds, 'uuid[]')})`)).join(' OR ');
    return { where, params };
  }
  if (!cols.every((c) => c.club_scoped)) return null;
  if (scope.kind === 'club_record') {
    const about = cols.map((c) => `${quoteIdent(c.column_name)} = ${c.target === 'profiles' ? p(scope.profileId, 'uuid') : p(scope.memberId, 'uuid')}`).join(' OR ');
    return { where: `club_id = ${p(scope.clubId, 'uuid')} AND (${about})`, params };
  }
  const memberCols = cols.filter((c) => c.target === 'club_members');
  const profileCols = cols.filter((c) => c.target === 'profiles');
  const club = `club_id = ${p(scope.clubId, 'uuid')}`;
  if (memberCols.length === 0) {
    return { where: `${club} AND (${profileCols.map((c) => `${quoteIdent(c.column_name)} = ${p(scope.profileId, 'uuid')}`).join(' OR ')})`, params };
  }
  const aboutMember = memberCols.map((c) => `${quoteIdent(c.column_name)} = ${p(scope.memberId, 'uuid')}`).join(' OR ');
  const guardianIsAsker = profileCols.map((c) => ` AND ${quoteIdent(c.column_name)} = ${p(scope.guardianProfileId, 'uuid')}`).join('');
  return { where: `${club} AND (${aboutMember})${guardianIsAsker}`, params };
}

/**
 * Every row of every table about one person (their profile and their member records), within the scope.
 * Without a cipher (the club's record of a member) the health form is left out: it has its own reader.
 */
export async function collectPersonData(q: Queryable, cipher: HealthCipher | null, scope: ExportScope): Promise<PersonData> {
  const profile = await lgpdRepo.getProfileRow(q, scope.profileId);
  const memberIds = scope.kind === 'person' ? await lgpdRepo.listMemberIdsOfProfile(q, scope.profileId) : [scope.memberId];
  const byTable = new Map<string, SubjectColumn[]>();
  for (const c of await subjectColumns(q)) byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c]);
  const tables: Record<string, Row[]> = {};
  for (const [table, cols] of byTable) {
    const clause = scopeWhere(cols, scope, memberIds);
    if (!clause || (table === 'health_records' && !cipher)) continue;
    const rows = await lgpdRepo.listTableRows(q, table, clause.where, clause.params);
    if (rows.length === 0) continue;
    tables[table] = rows.map((r) => {
      if (table === 'health_records' && cipher && typeof r.ciphertext === 'string') {
        const { ciphertext, ...rest } = r;
        return { ...rest, form: ZHealthForm.parse(JSON.parse(cipher.decrypt(ciphertext))) };
      }
      return redact(r);
    });
  }
  // A child's account (e-mail, account type, the club that created it, blocking) is not the club's data.
  const shown = profile && scope.kind !== 'person' ? { id: profile.id, full_name: profile.full_name } : profile;
  return { profile: shown ? redact(shown) : null, tables };
}

/**
 * 'Meus dados': everything about me, and for a guardian each linked child (accepted link, consent in
 * force, active member of an active club, as findGuardianLink reads it) as that club holds the child.
 * Each club whose child was exported has the export in its own audit log.
 */
export async function collectExport(db: Db, cipher: HealthCipher, profileId: string): Promise<ExportData> {
  const me = await collectPersonData(db, cipher, { kind: 'person', profileId });
  const children = await lgpdRepo.listExportableChildren(db, profileId);
  const out: ExportData['children'] = [];
  for (const child of children) {
    const scope: ExportScope = { kind: 'child', profileId: child.profile_id, clubId: child.club_id, memberId: child.member_id, guardianProfileId: profileId };
    out.push({ member_id: child.member_id, club_name: child.club_name, data: await collectPersonData(db, cipher, scope) });
  }
  await db.transaction(async (tx) => {
    await writeAudit(tx, { clubId: null, actorId: profileId, action: 'lgpd.export', entity: 'profile', entityId: profileId, after: { children: children.map((c) => c.member_id) } });
    for (const child of children) {
      await writeAudit(tx, { clubId: child.club_id, actorId: profileId, action: 'lgpd.guardian_export', entity: 'club_member', entityId: child.member_id });
    }
  });
  return { generated_at: new Date().toISOString(), me, children: out };
}

/** Columns holding a calendar day (a date, read as midnight UTC): shown as the day, not shifted to club time. */
const DAY_COLUMN = /(^day$|_date$)/;

/** Club → its time zone, for the times of the CSVs (Brasília for a row of no club). */
export type TimeZoneOf = (clubId: unknown) => string;

function cell(v: unknown, column: string, timeZone: string): CsvCell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return v;
  if (v instanceof Date) {
    const midnightUtc = v.getUTCHours() === 0 && v.getUTCMinutes() === 0 && v.getUTCSeconds() === 0 && v.getUTCMilliseconds() === 0;
    return localTime(DAY_COLUMN.test(column) && midnightUtc ? v.toISOString().slice(0, 10) : v, timeZone);
  }
  if (typeof v === 'string' && looksLikeInstant(v)) return localTime(v, timeZone);
  if (typeof v === 'boolean') return v ? 'sim' : 'não';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** One table as a CSV a person reads: pt-BR column names, times in the row's club's time zone. */
function tableCsv(rows: Row[], timeZoneOf: TimeZoneOf): string {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return toCsv([columns.map(columnLabel), ...rows.map((r) => columns.map((c) => cell(r[c], c, timeZoneOf(r.club_id))))]);
}

function personFiles(prefix: string, data: PersonData, timeZoneOf: TimeZoneOf): Array<{ name: string; content: string }> {
  const files = [{ name: `${prefix}${tableFileName('profiles')}.csv`, content: tableCsv(data.profile ? [data.profile] : [], timeZoneOf) }];
  for (const [table, rows] of Object.entries(data.tables)) files.push({ name: `${prefix}${tableFileName(table)}.csv`, content: tableCsv(rows, timeZoneOf) });
  return files;
}

/** The time zone of each club, for the export's CSVs; Brasília for rows of no club. */
export async function clubTimeZones(q: Queryable, profileId: string): Promise<TimeZoneOf> {
  const rows = await lgpdRepo.listClubTimeZones(q, profileId);
  const zones = new Map(rows.map((c) => [c.id, c.timezone]));
  return (clubId) => (typeof clubId === 'string' ? zones.get(clubId) : undefined) ?? DEFAULT_TIMEZONE;
}

const safeName = (s: string) => slugify(s) || 'membro';

/** The zip of 'Meus dados', streamed: dados.json with everything, and one CSV per table. */
export function exportZip(data: ExportData, timeZoneOf: TimeZoneOf = () => DEFAULT_TIMEZONE): Readable {
  const files = [{ name: 'dados.json', content: JSON.stringify(data, null, 2) }, ...personFiles('', data.me, timeZoneOf)];
  data.children.forEach((c, i) => {
    const name = typeof c.data.profile?.full_name === 'string' ? c.data.profile.full_name : `filho-${i + 1}`;
    files.push(...personFiles(`filhos/${safeName(name)}-${c.member_id.slice(0, 8)}/`, c.data, timeZoneOf));
  });
  return zipStream(files);
}

export async function deletionStatus(q: Queryable, profileId: string): Promise<TDeletionStatus> {
  const row = await lgpdRepo.findOpenDeletionRequest(q, profileId);
  return { pending: row !== null, requested_at: row?.requested_at ?? null, execute_after: row?.execute_after ?? null };
}

/** 'Excluir minha conta': carried out after the grace period unless cancelled. */
export async function requestDeletion(db: Db, profileId: string): Promise<TDeletionStatus> {
  return db.transaction(async (tx) => {
    if ((await deletionStatus(tx, profileId)).pending) throw conflict(FAMILY_MSG.deletionPending);
    if (await lgpdRepo.isLastAdminSomewhere(tx, profileId)) throw conflict(FAMILY_MSG.deletionLastAdmin);
    await lgpdRepo.insertDeletionRequest(tx, profileId, DELETION_GRACE_DAYS);
    await writeAudit(tx, { clubId: null, actorId: profileId, action: 'lgpd.deletion.request', entity: 'profile', entityId: profileId });
    return deletionStatus(tx, profileId);
  });
}

export async function cancelDeletion(db: Db, profileId: string): Promise<TDeletionStatus> {
  return db.transaction(async (tx) => {
    if (!(await lgpdRepo.cancelOpenDeletionRequest(tx, profileId))) throw conflict(FAMILY_MSG.deletionNone);
    await writeAudit(tx, { clubId: null, actorId: profileId, action: 'lgpd.deletion.cancel', entity: 'profile', entityId: profileId });
    return deletionStatus(tx, profileId);
  });
}

/** Carries out every request whose grace period ended (a background job; also callable directly). */
export async function executeDueDeletions(db: Db): Promise<number> {
  const due = await lgpdRepo.listDueDeletionRequests(db);
  let done = 0;
  for (const request of due) {
    await db.transaction(async (tx) => {
      if (!(await lgpdRepo.claimDeletionRequest(tx, request.id))) return;
      await lgpdRepo.anonymisePerson(tx, request.profile_id);
      await writeAudit(tx, { clubId: null, actorId: null, action: 'lgpd.deletion.execute', entity: 'profile', entityId: request.profile_id });
      done += 1;
    });
  }
  return done;
}
