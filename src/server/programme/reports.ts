import type { Queryable } from '../db/index.js';
import { toCsv, type CsvCell } from '../csv.js';
import {
  STATUS_LABEL, type TAreaRow, type TReportRows, type TClassProgressRow, type TMemberProgressRow, type TReportKind, type TStaleRequirementRow, type TUnitProgressRow,
} from '../../shared/programme-reports.js';
import { clubToday } from './repo.js';
import { reportRows, staleRows } from './report-repo.js';

/**
 * The programme's reports (secretary and direction): the rows from `report-repo.ts`, and each as a CSV.
 */

type ReportRows = TReportRows;

/** One report's rows. `weeks` is the stale report's window (the club's today minus 7 × weeks days). */
export async function readReport<K extends TReportKind>(q: Queryable, clubId: string, kind: K, weeks: number): Promise<ReportRows[K]> {
  if (kind !== 'stale') return (await reportRows(q, clubId, kind)) as ReportRows[K];
  const today = await clubToday(q, clubId);
  const cutoff = new Date(`${today}T00:00:00Z`);
  cutoff.setUTCDate(cutoff.getUTCDate() - 7 * weeks);
  return (await staleRows(q, clubId, cutoff.toISOString().slice(0, 10))) as ReportRows[K];
}

const br = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : null);
const PROGRESS_HEADERS = ['Inscritos', 'Em andamento', 'Prontos', 'Investidos', 'Requisitos assinados', 'Requisitos exigidos', '% concluído'];
const progressCells = (r: TClassProgressRow | TUnitProgressRow): CsvCell[] => [r.enrolled, r.in_progress, r.ready, r.invested, r.signed, r.total, r.percent];

/** A report as the CSV a pt-BR spreadsheet opens (src/server/csv.ts). */
export function reportCsv<K extends TReportKind>(kind: K, rows: ReportRows[K]): string {
  const table: CsvCell[][] = [];
  if (kind === 'classes') {
    table.push(['Classe', ...PROGRESS_HEADERS], ...(rows as TClassProgressRow[]).map((r) => [r.item_name, ...progressCells(r)]));
  } else if (kind === 'units') {
    table.push(['Unidade', ...PROGRESS_HEADERS], ...(rows as TUnitProgressRow[]).map((r) => [r.unit_name, ...progressCells(r)]));
  } else if (kind === 'members') {
    table.push(['Membro', 'Unidade', 'Classe', 'Requisitos assinados', 'Requisitos exigidos', '% concluído', 'Situação', 'Concluída em', 'Investida em', 'Especialidades concluídas'],
      ...(rows as TMemberProgressRow[]).map((r) => [r.full_name, r.unit_name, r.item_name, r.signed, r.total, r.percent, STATUS_LABEL[r.status], br(r.completed_on), br(r.invested_on), r.specialties_completed]));
  } else if (kind === 'stale') {
    table.push(['Item', 'Seção', 'Nº', 'Requisito', 'Última assinatura', 'Membros esperando'],
      ...(rows as TStaleRequirementRow[]).map((r) => [r.item_name, r.section_code, r.position, r.text, br(r.last_signed_on) ?? 'Nunca', r.waiting]));
  } else {
    table.push(['Área', 'Especialidades no catálogo', 'Em andamento', 'Prontas', 'Investidas', 'Membros'],
      ...(rows as TAreaRow[]).map((r) => [r.area_name, r.catalogue, r.in_progress, r.ready, r.invested, r.members]));
  }
  return toCsv(table);
}
