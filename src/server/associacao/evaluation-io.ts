import type { Db } from '../db/index.js';
import { badRequest } from '../core/errors.js';
import { foldHeader, readCsvTable, toCsv } from '../csv.js';
import { parseWholeNumber } from '../../shared/whole-number.js';
import {
  EVAL_CSV_HEADER, EVAL_MAX_ITEMS, EVAL_MSG, EVAL_PROOFS, EVAL_PROOF_LABELS, ZEvalItemInput,
  type TEvalItemFields, type TEvalItemList, type TEvalImportResult, type TEvalProof,
} from '../../shared/associacao-evaluation.js';
import { saveItems } from './evaluation.js';

/**
 * The evaluation's item list as a CSV file (UTF-8 with BOM, ';'), so an Associação hands one file to
 * all its clubs. The import is a preview, then all or nothing; a formula cell is refused, not
 * neutralised, because the text would not be the author's (as the requisitos import, ADR 040).
 */

type Col = 'code' | 'title' | 'points' | 'deadline' | 'evidence' | 'proof' | 'target';
const COLS: Col[] = ['code', 'title', 'points', 'deadline', 'evidence', 'proof', 'target'];
const fold = foldHeader;
const HEADER: Record<string, Col> = {
  codigo: 'code', code: 'code', item: 'code',
  titulo: 'title', title: 'title', nome: 'title',
  pontos: 'points', pontuacao: 'points', points: 'points',
  prazo: 'deadline', deadline: 'deadline',
  evidencia: 'evidence', evidencias: 'evidence', evidence: 'evidence', comprovacao: 'evidence',
  prova: 'proof', 'prova automatica': 'proof', proof: 'proof',
  meta: 'target', target: 'target',
};
/** A proof cell: the code or its pt-BR label. */
const PROOF_WORDS = new Map<string, TEvalProof>(EVAL_PROOFS.flatMap((p) => [[p, p], [fold(EVAL_PROOF_LABELS[p]), p]] as Array<[string, TEvalProof]>));
/** What a spreadsheet would run: the first characters the CSV writer neutralises. */
const FORMULA = /^[=+\-@\t\r]/;

/** The list as the CSV file (the export, and the file an Associação edits and hands on). */
export function itemsCsv(list: TEvalItemList): string {
  return toCsv([
    [...EVAL_CSV_HEADER],
    ...list.items.map((i) => [i.code, i.title, i.points, i.deadline, i.evidence, i.proof, i.target]),
  ]);
}

function parseCsv(content: string): Array<{ line: number } & Partial<Record<Col, string>>> {
  return readCsvTable(content, { header: HEADER, required: ['code', 'title', 'points'], maxRows: EVAL_MAX_ITEMS, msg: EVAL_MSG });
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** One row checked by the form's schema, its errors in pt-BR instead of a throw. */
function checkRow(line: number, cells: Record<Col, string>, seen: Set<string>): { row: TEvalImportResult['rows'][number]; item: TEvalItemFields | null } {
  const errors: string[] = [];
  const all = Object.values(cells);
  if (all.some((c) => c.includes('\uFFFD'))) errors.push(EVAL_MSG.unreadable);
  if (all.some((c) => FORMULA.test(c.trim()))) errors.push(EVAL_MSG.formula);
  const proofText = fold(cells.proof);
  const proof = proofText === '' ? null : PROOF_WORDS.get(proofText) ?? PROOF_WORDS.get(cells.proof.trim());
  if (proof === undefined) errors.push(EVAL_MSG.proof);
  const parsed = ZEvalItemInput.safeParse({
    code: cells.code.trim().toLowerCase(), title: cells.title, points: parseWholeNumber(cells.points) ?? cells.points,
    deadline: cells.deadline, evidence: cells.evidence, proof: proof ?? null, target: cells.target.trim() === '' ? null : parseWholeNumber(cells.target) ?? cells.target,
  });
  if (!parsed.success) for (const issue of parsed.error.issues) if (!errors.includes(issue.message)) errors.push(issue.message);
  const code = cells.code.trim().toLowerCase();
  if (code && seen.has(code)) errors.push(EVAL_MSG.codeRepeated(code));
  seen.add(code);
  return { row: { line, code: cells.code.slice(0, 40), title: cells.title.slice(0, 200), errors }, item: parsed.success && errors.length === 0 ? parsed.data : null };
}

/**
 * Imports the item list from a CSV into a club's copy (clubId) or the platform's (null). `dry_run`
 * answers the preview; otherwise every row must be valid and the list is replaced in one transaction, or nothing (400 with the rows).
 */
export async function importItems(db: Db, actor: { clubId: string | null; actorId: string }, input: { content: string; dry_run: boolean }): Promise<TEvalImportResult> {
  if (input.content.includes('\u0000')) throw badRequest(EVAL_MSG.nul);
  const raw = parseCsv(input.content);
  if (raw.length === 0) throw badRequest(EVAL_MSG.fileEmpty);
  if (raw.length > EVAL_MAX_ITEMS) throw badRequest(EVAL_MSG.tooMany);
  const seen = new Set<string>();
  const checked = raw.map((r) => checkRow(r.line, Object.fromEntries(COLS.map((c) => [c, str(r[c])])) as Record<Col, string>, seen));
  const rows = checked.map((c) => c.row);
  const valid = rows.every((r) => r.errors.length === 0);
  if (input.dry_run) return { rows, valid, imported: 0, message: valid ? `Prévia: ${EVAL_MSG.imported(rows.length).replace('importado', 'a importar')}` : EVAL_MSG.hasErrors };
  if (!valid) throw badRequest(EVAL_MSG.hasErrors, { rows });
  await saveItems(db, actor, checked.flatMap((c) => (c.item ? [c.item] : [])));
  return { rows, valid, imported: rows.length, message: EVAL_MSG.imported(rows.length) };
}
