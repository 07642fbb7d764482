import type Papa from 'papaparse';
import { requireLazily } from '../lazy-module.js';
import type { Db, Queryable } from '../db/index.js';
import {
  CSV_MAX_COLUMNS, CSV_MAX_ROWS, DEFAULT_MEMBER_ROLE, MEMBER_MSG, XLSX_MAX_UNZIPPED_BYTES, type TCsvImportResult, type TCsvRow,
} from '../../shared/members.js';
import { parseBirthDateText } from '../../shared/birth-date.js';
import { XlsxError, readFirstSheet, type XlsxProblem } from '../xlsx.js';
import { AppError, badRequest } from '../core/errors.js';
import { writeAudit } from '../audit/repo.js';
import type { ClubAccess } from '../core/access.js';
import { PERMISSION_MSG, grantRefusal, roleFromText, type TClubRole } from '../../shared/permissions.js';
import { zEmail } from '../../shared/email.js';
import * as repo from './repo.js';
import { lockClub } from '../clubs/repo.js';

/** A file's e-mail cell follows the one e-mail rule. */
const ZCsvEmail = zEmail();

type Column = 'full_name' | 'email' | 'role' | 'unit' | 'birth_date';
const HEADER_ALIASES: Record<string, Column> = {
  nome: 'full_name', name: 'full_name', 'nome completo': 'full_name', full_name: 'full_name',
  email: 'email', 'e-mail': 'email', mail: 'email',
  funcao: 'role', cargo: 'role', papel: 'role', role: 'role',
  unidade: 'unit', unit: 'unit',
  nascimento: 'birth_date', 'data de nascimento': 'birth_date', 'data nascimento': 'birth_date', 'data de nasc.': 'birth_date',
  'data de nasc': 'birth_date', 'dt nascimento': 'birth_date', 'dt. nascimento': 'birth_date', 'dt. nasc.': 'birth_date',
  'nasc.': 'birth_date', nasc: 'birth_date', birth_date: 'birth_date', birthdate: 'birth_date', 'data de nascimento (dd/mm/aaaa)': 'birth_date',
};
export const CSV_MSG_HEADER = 'O arquivo precisa de um cabeçalho com as colunas: nome, e-mail, função, unidade, nascimento.';

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase();

/** The function a CSV cell names ('Conselheiro(a)', 'tesoureira', 'admin'…); empty means a member. */
function normaliseRole(raw: string): TClubRole | null {
  const r = raw.trim();
  if (!r) return DEFAULT_MEMBER_ROLE;
  return roleFromText(r);
}

/**
 * Refuses a file too big to be a member list before any parsing, so a hostile file cannot hold the
 * event loop: at most CSV_MAX_ROWS data lines and CSV_MAX_COLUMNS columns (issue 21).
 */
function checkCsvShape(csv: string): void {
  const firstBreak = csv.indexOf('\n');
  const header = firstBreak === -1 ? csv : csv.slice(0, firstBreak);
  const columns = Math.max(header.split(',').length, header.split(';').length);
  if (columns > CSV_MAX_COLUMNS) throw badRequest(MEMBER_MSG.csvTooManyColumns);
  let lines = 0;
  for (let i = csv.indexOf('\n'); i !== -1; i = csv.indexOf('\n', i + 1)) {
    // Header + data lines + a few blank lines are tolerated; quoted line breaks count here too.
    if (++lines > CSV_MAX_ROWS * 2 + 1) throw badRequest(MEMBER_MSG.csvTooMany);
  }
}

interface FileRow {
  line: number;
  full_name: string;
  email: string;
  role: string;
  unit: string;
  birth_date: string;
}

const headerKey = (h: string) => HEADER_ALIASES[fold(h)] ?? fold(h);

function fileRow(line: number, r: Partial<Record<string, string>>): FileRow {
  return {
    line,
    full_name: (r.full_name ?? '').trim(),
    email: (r.email ?? '').trim().toLowerCase(),
    role: r.role ?? '',
    unit: (r.unit ?? '').trim(),
    birth_date: (r.birth_date ?? '').trim(),
  };
}

/** Parses the file into rows (header line 1, data from line 2); separator , or ; is detected. */
function parseCsv(csv: string): FileRow[] {
  checkCsvShape(csv);
  const parsed = (requireLazily('papaparse') as typeof Papa).parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: headerKey,
  });
  if (!parsed.meta.fields?.includes('full_name')) throw badRequest(CSV_MSG_HEADER);
  return parsed.data.map((r, i) => fileRow(i + 2, r));
}

const XLSX_PROBLEM_MSG: Record<XlsxProblem, string> = {
  not_xlsx: MEMBER_MSG.xlsxUnreadable,
  old_xls: MEMBER_MSG.xlsxOld,
  too_big: MEMBER_MSG.xlsxInflated,
  too_many_rows: MEMBER_MSG.csvTooMany,
  too_many_columns: MEMBER_MSG.csvTooManyColumns,
};

/**
 * Parses the first sheet of an Excel workbook sent as base64: the first row with text is the header,
 * each row keeps the number Excel shows beside it (ADR 070).
 */
function parseXlsx(base64: string): FileRow[] {
  let sheet;
  try {
    // The header and CSV_MAX_ROWS members; one more row is already too many.
    sheet = readFirstSheet(Buffer.from(base64, 'base64'), { maxRows: CSV_MAX_ROWS + 1, maxColumns: CSV_MAX_COLUMNS, maxUnzippedBytes: XLSX_MAX_UNZIPPED_BYTES });
  } catch (err) {
    if (err instanceof XlsxError) throw badRequest(XLSX_PROBLEM_MSG[err.problem]);
    throw err;
  }
  const [header, ...data] = sheet;
  const keys = (header?.cells ?? []).map(headerKey);
  if (!keys.includes('full_name')) throw badRequest(CSV_MSG_HEADER);
  return data.map((row) => fileRow(row.line, Object.fromEntries(keys.map((k, i) => [k, row.cells[i] ?? '']))));
}

/** The rows of the file sent: a CSV's text or an Excel workbook. */
export type MemberFile = { csv: string } | { xlsx: string };
const parseFile = (file: MemberFile) => ('xlsx' in file ? parseXlsx(file.xlsx) : parseCsv(file.csv));

interface PlannedRow extends TCsvRow {
  unitId: string | null;
}

/** Validates every row against the club as it is now; nothing is written. */
async function planImport(q: Queryable, clubId: string, actorRole: string, file: MemberFile): Promise<PlannedRow[]> {
  const rows = parseFile(file);
  if (rows.length === 0) throw badRequest(MEMBER_MSG.csvEmpty);
  if (rows.length > CSV_MAX_ROWS) throw badRequest(MEMBER_MSG.csvTooMany);
  const units = new Map((await repo.listUnitNames(q, clubId)).map((u) => [fold(u.name), u]));
  const onList = await repo.clubMemberEmails(q, clubId);
  const seen = new Set<string>();
  return rows.map((r) => {
    const errors: string[] = [];
    // U+FFFD is what a wrong decoding leaves: saving it would store "�rica" for good.
    if ([r.full_name, r.email, r.role, r.unit, r.birth_date].some((cell) => cell.includes('\uFFFD'))) errors.push(MEMBER_MSG.csvUnreadable);
    if (!r.full_name) errors.push(MEMBER_MSG.nameRequired);
    else if (r.full_name.length > 120) errors.push('Nome muito longo');
    if (r.email) {
      if (!ZCsvEmail.safeParse(r.email).success) errors.push(MEMBER_MSG.emailInvalid);
      else if (seen.has(r.email)) errors.push(MEMBER_MSG.csvDuplicateEmail);
      else if (onList.has(r.email)) errors.push(MEMBER_MSG.alreadyMember);
      seen.add(r.email);
    }
    const birth = parseBirthDateText(r.birth_date.slice(0, 40));
    if (!birth.ok) errors.push(`${birth.message} (${r.birth_date.slice(0, 20)})`);
    const known = normaliseRole(r.role);
    if (!known) errors.push(`${PERMISSION_MSG.roleInvalid} (${r.role.slice(0, 60)})`);
    const refusal = known ? grantRefusal(actorRole, known) : null;
    if (refusal) errors.push(refusal);
    const role = known ?? DEFAULT_MEMBER_ROLE;
    const unit = r.unit ? units.get(fold(r.unit)) ?? null : null;
    if (r.unit && !unit) errors.push(`${MEMBER_MSG.csvUnknownUnit}: ${r.unit}`);
    else if (role === 'counselor' && !unit) errors.push(PERMISSION_MSG.counselorNeedsUnit);
    // The preview shows what will be saved: the club's own spelling of the unit, not the file's.
    return {
      line: r.line, full_name: r.full_name, email: r.email || null, birth_date: birth.ok ? birth.iso : null, role,
      unit_name: unit?.name ?? (r.unit || null), errors, unitId: unit?.id ?? null,
    };
  });
}

const publicRow = ({ line, full_name, email, birth_date, role, unit_name, errors }: PlannedRow): TCsvRow => ({ line, full_name, email, birth_date, role, unit_name, errors });

/**
 * Previews (dry run) or imports a CSV or Excel file of members: all rows or none. Every row becomes a member without
 * an account, owned by this club, whose e-mail is the club's contact address for them; no row ever
 * links an existing account or another club's profile, so the answer is the same whatever e-mails the
 * file holds (issue 21). People who already have an account are added by e-mail (an invitation).
 */
export async function importMembersFile(db: Db, access: ClubAccess, file: MemberFile, dryRun: boolean): Promise<TCsvImportResult> {
  if (dryRun) {
    const plan = await planImport(db, access.clubId, access.role, file);
    return { rows: plan.map(publicRow), valid: plan.every((r) => r.errors.length === 0), imported: 0 };
  }
  return db.transaction(async (tx) => {
    // Serialises imports into one club so the validation below still holds when rows are written.
    await lockClub(tx, access.clubId);
    const plan = await planImport(tx, access.clubId, access.role, file);
    const result = { rows: plan.map(publicRow), valid: plan.every((r) => r.errors.length === 0), imported: 0 };
    if (!result.valid) throw new AppError('csv_invalid', 400, MEMBER_MSG.csvHasErrors, result);
    for (const row of plan) {
      const { id: profileId } = await repo.insertAccountlessProfile(tx, { full_name: row.full_name, email: row.email, ownerClubId: access.clubId });
      await repo.insertMember(tx, { clubId: access.clubId, profileId, role: row.role, unitId: row.unitId, birthDate: row.birth_date });
    }
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'member.import', entity: 'club_member', after: { count: plan.length } });
    return { ...result, imported: plan.length };
  });
}
