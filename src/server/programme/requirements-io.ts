import type { Db, Queryable } from '../db/index.js';
import { AppError, badRequest } from '../core/errors.js';
import { writeAudit } from '../audit/repo.js';
import { foldHeader, readCsvTable, toCsv } from '../csv.js';
import { PROGRAMME_MSG, type TCatalogue, type TRequirement } from '../../shared/programme.js';
import {
  REQ_CSV_HEADER,
  REQ_IMPORT_MAX_ROWS,
  REQ_IO_MSG,
  type TReqFile,
  type TReqFileRow,
  type TReqFormat,
  type TReqImportItem,
  type TReqImportResult,
  type TReqImportRow,
} from '../../shared/programme-io.js';
import { getCatalogue } from './service.js';
import * as repo from './repo.js';
import * as reqRepo from './requirements-repo.js';

/**
 * Import and export of requisitos (ADR 040). A file lists requisitos by item code; importing it makes
 * each item's list the file's, in the file's order. A requisito whose text is already on the list is
 * kept (its signatures stay); the others are added; those not in the file go (their points reversed,
 * as a removal). A club's import writes the club's own lists; the super admin's writes the platform's,
 * which every club without a list of its own uses. Nothing is written unless every row is valid, in
 * one transaction.
 */

type Field = 'item' | 'section' | 'text' | 'in_field' | 'needs_evidence' | 'link_specialty' | 'link_area';
const fold = foldHeader;
const HEADER: Record<string, Field> = {
  item: 'item', codigo: 'item', classe: 'item', 'classe ou especialidade': 'item', especialidade: 'item',
  secao: 'section', section: 'section',
  texto: 'text', requisito: 'text', text: 'text',
  'feito em campo': 'in_field', campo: 'in_field',
  'precisa de comprovacao': 'needs_evidence', comprovacao: 'needs_evidence', 'precisa comprovacao': 'needs_evidence',
  'completar especialidade': 'link_specialty', 'completar a especialidade': 'link_specialty',
  'area de especialidade': 'link_area', 'uma especialidade da area': 'link_area', area: 'link_area',
};
const JSON_KEYS: Record<string, Field> = {
  item: 'item', secao: 'section', texto: 'text', feito_em_campo: 'in_field', precisa_comprovacao: 'needs_evidence',
  completar_especialidade: 'link_specialty', area_especialidade: 'link_area',
};
const FLAG_LABEL = { in_field: '"feito em campo"', needs_evidence: '"precisa de comprovação"' } as const;
const YES = new Set(['sim', 's', 'x', 'true', '1', 'yes', 'verdadeiro']);
const NO = new Set(['', 'nao', 'n', 'false', '0', 'no', 'falso']);
/** What a spreadsheet would run: the same first characters the CSV writer neutralises. */
const FORMULA = /^[=+\-@\t\r]/;

type RawRow = { line: number } & Partial<Record<Field, unknown>>;

function parseCsvRows(content: string): RawRow[] {
  return readCsvTable(content, { header: HEADER, required: ['item', 'text'], maxRows: REQ_IMPORT_MAX_ROWS, maxColumns: 20, msg: REQ_IO_MSG });
}

function parseJsonRows(content: string): RawRow[] {
  let data: unknown;
  try {
    data = JSON.parse(content.replace(/^\uFEFF/, ''));
  } catch {
    throw badRequest(REQ_IO_MSG.jsonInvalid);
  }
  const list = Array.isArray(data) ? data : data && typeof data === 'object' ? (data as { requisitos?: unknown }).requisitos : undefined;
  if (!Array.isArray(list)) throw badRequest(REQ_IO_MSG.jsonInvalid);
  if (list.length > REQ_IMPORT_MAX_ROWS) throw badRequest(REQ_IO_MSG.tooMany);
  return list.map((entry: unknown, i) => {
    const row: RawRow = { line: i + 1 };
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return { ...row, item: Symbol.for('invalid') };
    for (const [key, value] of Object.entries(entry as Record<string, unknown>)) {
      const field = JSON_KEYS[fold(key).replace(/ /g, '_')];
      if (field) row[field] = value;
    }
    return row;
  });
}

function cellText(v: unknown): string | null {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return null;
}

interface PlannedRow extends TReqImportRow {
  position: number;
}

/** Checks every row against the catalogue (and the club's programmes); nothing is written. */
function checkRows(raw: RawRow[], cat: TCatalogue, programmes: readonly string[] | null): PlannedRow[] {
  if (raw.length === 0) throw badRequest(REQ_IO_MSG.empty);
  if (raw.length > REQ_IMPORT_MAX_ROWS) throw badRequest(REQ_IO_MSG.tooMany);
  const items = new Map(cat.items.map((i) => [i.code, i]));
  // A section by its code (G) or its name (Gerais), also written 'G — Gerais'; accents and case folded.
  const sections = new Map<string, string>();
  for (const s of cat.sections) {
    for (const k of [s.code, s.name, `${s.code} - ${s.name}`, `${s.code} — ${s.name}`, `${s.code} – ${s.name}`]) sections.set(fold(k), s.code);
  }
  const areas = new Set(cat.areas.map((a) => a.code));
  const seen = new Set<string>();
  const positions = new Map<string, number>();
  return raw.map((r) => {
    const errors: string[] = [];
    if (typeof r.item === 'symbol') errors.push(REQ_IO_MSG.jsonRowInvalid);
    const cells = {} as Record<Field, string>;
    for (const f of ['item', 'section', 'text', 'in_field', 'needs_evidence', 'link_specialty', 'link_area'] as const) {
      const text = typeof r[f] === 'symbol' ? '' : cellText(r[f]);
      if (text === null) errors.push(REQ_IO_MSG.jsonRowInvalid);
      cells[f] = (text ?? '').trim();
    }
    const all = Object.values(cells);
    if (all.some((c) => c.includes('\u0000'))) errors.push(REQ_IO_MSG.nul);
    if (all.some((c) => c.includes('\uFFFD'))) errors.push(REQ_IO_MSG.unreadable);
    // A formula in any cell is refused, not neutralised: the text would not be the author's.
    if (all.some((c) => FORMULA.test(c)) || typeof r.text === 'string' && FORMULA.test(r.text)) errors.push(REQ_IO_MSG.formula);
    const code = cells.item.toUpperCase().split('\u0000').join('');
    const item = items.get(code) ?? null;
    if (!code) errors.push(REQ_IO_MSG.itemRequired);
    else if (!item) errors.push(REQ_IO_MSG.itemUnknown(code));
    else if (programmes && !programmes.includes(item.programme)) errors.push(REQ_IO_MSG.programmeNotChosen(item.name));
    const sectionCell = cells.section.replace(/\s+/g, ' ');
    const section = sectionCell ? sections.get(fold(sectionCell)) ?? null : null;
    if (sectionCell && !section) errors.push(REQ_IO_MSG.sectionUnknown(sectionCell));
    const text = cells.text.split('\u0000').join('');
    if (!text || text.length > 2000) errors.push(PROGRAMME_MSG.textRequired);
    const flag = (f: 'in_field' | 'needs_evidence'): boolean => {
      const v = fold(cells[f]);
      if (YES.has(v)) return true;
      if (!NO.has(v)) errors.push(REQ_IO_MSG.flagInvalid(FLAG_LABEL[f]));
      return false;
    };
    const inField = flag('in_field');
    const needsEvidence = flag('needs_evidence');
    const linkSpecialty = cells.link_specialty.toUpperCase() || null;
    if (linkSpecialty && items.get(linkSpecialty)?.kind !== 'specialty') errors.push(PROGRAMME_MSG.linkSpecialtyInvalid);
    const linkArea = cells.link_area.toUpperCase() || null;
    if (linkArea && !areas.has(linkArea)) errors.push(PROGRAMME_MSG.linkAreaInvalid);
    if (linkSpecialty && linkArea) errors.push(PROGRAMME_MSG.linkBoth);
    const key = `${code}\u0001${fold(text)}`;
    if (text && seen.has(key)) errors.push(REQ_IO_MSG.duplicate);
    seen.add(key);
    const position = (positions.get(code) ?? 0) + 1;
    positions.set(code, position);
    return {
      line: r.line, item_code: code.slice(0, 40), item_name: item?.name ?? null, section_code: section ?? (sectionCell ? sectionCell.slice(0, 80) : null), section_name: cat.sections.find((x) => x.code === section)?.name ?? null, text: text.slice(0, 2000),
      in_field: inField, needs_evidence: needsEvidence, link_specialty: linkSpecialty?.slice(0, 40) ?? null, link_area: linkArea?.slice(0, 10) ?? null,
      errors: [...new Set(errors)], position,
    };
  });
}

function parse(format: TReqFormat, content: string): RawRow[] {
  return format === 'csv' ? parseCsvRows(content) : parseJsonRows(content);
}

interface ItemPlan {
  summary: TReqImportItem;
  rows: PlannedRow[];
  /** File row index → current requisito kept for it. */
  keep: Map<PlannedRow, TRequirement>;
  remove: TRequirement[];
}

/** For each item of the file: which current requisitos stay (same text), which come and which go. */
async function planItems(q: Queryable, clubId: string | null, rows: PlannedRow[], cat: TCatalogue): Promise<ItemPlan[]> {
  const byItem = new Map<string, PlannedRow[]>();
  for (const r of rows) byItem.set(r.item_code, [...(byItem.get(r.item_code) ?? []), r]);
  const plans: ItemPlan[] = [];
  for (const [code, list] of byItem) {
    const current = clubId ? await repo.listRequirements(q, clubId, [code]) : await reqRepo.platformRequirements(q, code);
    const pool = new Map<string, TRequirement[]>();
    for (const c of current) pool.set(fold(c.text), [...(pool.get(fold(c.text)) ?? []), c]);
    const keep = new Map<PlannedRow, TRequirement>();
    for (const r of list) {
      const match = pool.get(fold(r.text))?.shift();
      if (match) keep.set(r, match);
    }
    const kept = new Set([...keep.values()].map((c) => c.id));
    const remove = current.filter((c) => !kept.has(c.id));
    const ids = remove.map((c) => c.id);
    let signaturesUndone = 0;
    let clubsKeeping = 0;
    if (ids.length && clubId) {
      signaturesUndone = await reqRepo.countSignatures(q, clubId, ids);
    } else if (ids.length) {
      clubsKeeping = (await reqRepo.clubsThatSigned(q, ids)).length;
    }
    plans.push({
      summary: { code, name: cat.items.find((i) => i.code === code)?.name ?? code, added: list.length - keep.size, kept: keep.size, removed: remove.length, signatures_undone: signaturesUndone, clubs_keeping_list: clubsKeeping },
      rows: list, keep, remove,
    });
  }
  return plans;
}

const publicRow = ({ position: _p, ...row }: PlannedRow): TReqImportRow => row;

async function planImport(q: Queryable, clubId: string | null, format: TReqFormat, content: string): Promise<{ rows: PlannedRow[]; plans: ItemPlan[] }> {
  const cat = await getCatalogue(q);
  const programmes = clubId ? (await repo.getSettings(q, clubId)).programmes : null;
  const rows = checkRows(parse(format, content), cat, programmes);
  const plans = rows.every((r) => r.errors.length === 0) ? await planItems(q, clubId, rows, cat) : [];
  return { rows, plans };
}

/** Removes a club's requisito with the points its signatures gave reversed (an invested item's stay). */
async function dropClubRequirement(tx: Queryable, clubId: string, actorId: string, requirementId: string): Promise<void> {
  const signed = await reqRepo.signedEnrolmentsOf(tx, clubId, requirementId);
  for (const s of signed) {
    if (s.invested_on) continue;
    const net = await repo.netPoints(tx, clubId, s.enrolment_id, requirementId);
    if (net) await repo.appendPoints(tx, { clubId, member: s, enrolmentId: s.enrolment_id, requirementId, points: -net, reason: 'Estorno: requisito removido pela importação', createdBy: actorId });
  }
  await repo.deleteRequirement(tx, clubId, requirementId);
}

function fieldsOf(r: PlannedRow): repo.RequirementFields {
  return { section_code: r.section_code, text: r.text, in_field: r.in_field, needs_evidence: r.needs_evidence, link_specialty: r.link_specialty, link_area: r.link_area };
}

async function applyClub(tx: Queryable, clubId: string, actorId: string, plan: ItemPlan): Promise<void> {
  const code = plan.summary.code;
  await repo.lockItemList(tx, clubId, code);
  // The platform's rows become the club's first (their signatures move with them), then the file applies.
  const moved = await repo.copyPlatformList(tx, clubId, code);
  for (const c of plan.remove) await dropClubRequirement(tx, clubId, actorId, moved.get(c.id) ?? c.id);
  for (const r of plan.rows) {
    const kept = plan.keep.get(r);
    if (kept) await reqRepo.rewriteClubRequirement(tx, clubId, moved.get(kept.id) ?? kept.id, r);
    else await repo.insertRequirement(tx, clubId, code, r.position, fieldsOf(r));
  }
  // A new requisito makes a completed, not invested enrolment incomplete again (as adding one by hand).
  if (plan.summary.added) {
    await reqRepo.reopenCompleted(tx, clubId, code);
  }
}

async function applyPlatform(tx: Queryable, plan: ItemPlan): Promise<void> {
  const code = plan.summary.code;
  await reqRepo.lockPlatformItem(tx, code);
  // A club that signed a requisito leaving the platform list keeps the current list as its own
  // (signatures and points move with it): the super admin never undoes a club's signature.
  if (plan.remove.length) {
    for (const clubId of await reqRepo.clubsThatSigned(tx, plan.remove.map((c) => c.id))) {
      await repo.lockItemList(tx, clubId, code);
      await repo.copyPlatformList(tx, clubId, code);
    }
    await reqRepo.deletePlatformRequirements(tx, plan.remove.map((c) => c.id));
  }
  for (const r of plan.rows) {
    const kept = plan.keep.get(r);
    if (kept) await reqRepo.rewritePlatformRequirement(tx, kept.id, r);
    else await reqRepo.insertPlatformRequirement(tx, code, r);
  }
  if (plan.summary.added) {
    // Clubs using the platform list for this item: a completed, not invested enrolment is incomplete again.
    await reqRepo.reopenCompletedOnPlatformList(tx, code);
  }
}

/**
 * Previews (dry run) or imports a requisitos file into a club (clubId) or the platform (null): every
 * row valid, or nothing written. The import re-checks the file inside its transaction.
 */
export async function importRequirements(db: Db, target: { clubId: string | null; actorId: string }, input: { format: TReqFormat; content: string; dry_run: boolean }): Promise<TReqImportResult> {
  const { clubId, actorId } = target;
  const result = (rows: PlannedRow[], plans: ItemPlan[], imported: number): TReqImportResult => ({
    rows: rows.map(publicRow), items: plans.map((p) => p.summary), valid: rows.every((r) => r.errors.length === 0), imported,
  });
  if (input.dry_run) {
    const { rows, plans } = await planImport(db, clubId, input.format, input.content);
    return result(rows, plans, 0);
  }
  return db.transaction(async (tx) => {
    // One import at a time per club (or for the platform), so the plan still holds when it is written.
    if (clubId) await reqRepo.lockClubForImport(tx, clubId);
    else await reqRepo.lockPlatformImport(tx);
    const { rows, plans } = await planImport(tx, clubId, input.format, input.content);
    const out = result(rows, plans, 0);
    if (!out.valid) throw new AppError('csv_invalid', 400, REQ_IO_MSG.hasErrors, out);
    for (const plan of plans) {
      if (clubId) await applyClub(tx, clubId, actorId, plan);
      else await applyPlatform(tx, plan);
    }
    await writeAudit(tx, {
      clubId, actorId, action: 'programme.requirement_import', entity: clubId ? 'club' : 'programme_catalogue', entityId: clubId,
      after: { rows: rows.length, items: plans.map((p) => ({ code: p.summary.code, added: p.summary.added, kept: p.summary.kept, removed: p.summary.removed })) },
    });
    return { ...out, imported: rows.length };
  });
}

/** The requisitos a club uses (its own or the platform's), or the platform's (clubId null), as file rows. */
export async function exportRows(q: Queryable, clubId: string | null, itemCode: string | undefined): Promise<TReqFileRow[]> {
  const cat = await getCatalogue(q);
  if (itemCode && !cat.items.some((i) => i.code === itemCode)) throw new AppError('not_found', 404, PROGRAMME_MSG.itemNotFound);
  const order = new Map(cat.items.map((i, n) => [i.code, n]));
  const rows = await reqRepo.exportableRequirements(q, clubId, itemCode ?? null);
  rows.sort((a, b) => (order.get(a.item_code) ?? 0) - (order.get(b.item_code) ?? 0) || a.position - b.position);
  return rows.map((r) => ({
    item: r.item_code, secao: r.section_code, texto: r.text, feito_em_campo: r.in_field, precisa_comprovacao: r.needs_evidence,
    completar_especialidade: r.link_specialty, area_especialidade: r.link_area,
  }));
}

/** The file itself: CSV (';', UTF-8 with BOM, as pt-BR spreadsheets open it) or JSON. */
export function exportFile(rows: TReqFileRow[], format: TReqFormat): { body: string | TReqFile; type: string; ext: string } {
  if (format === 'json') return { body: { formato: 'trilha-requisitos', versao: 1, requisitos: rows }, type: 'application/json; charset=utf-8', ext: 'json' };
  const yesNo = (b: boolean) => (b ? 'sim' : 'não');
  return {
    body: toCsv([[...REQ_CSV_HEADER], ...rows.map((r) => [r.item, r.secao, r.texto, yesNo(r.feito_em_campo), yesNo(r.precisa_comprovacao), r.completar_especialidade, r.area_especialidade])]),
    type: 'text/csv; charset=utf-8',
    ext: 'csv',
  };
}
