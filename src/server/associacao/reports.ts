import type { Db, Queryable } from '../db/index.js';
import type { ClubAccess } from '../core/access.js';
import { conflict, notFound } from '../core/errors.js';
import { writeAudit } from '../audit/repo.js';
import { csvNumber, toCsv } from '../csv.js';
import { attendanceReport } from '../meetings/report.js';
import { totalsByChartAccount } from '../finance/service.js';
import { centsToMoney, moneyToCents } from '../../shared/money.js';
import {
  REPORT_FIGURES, REPORT_MSG, periodLabel, periodRange,
  type TFigureKey, type TPeriodKind, type TReport, type TReportSummary, type ZReportUpdate,
} from '../../shared/associacao-reports.js';
import type { z } from 'zod';
import { clubCalendarFacts } from './repo.js';
import * as repo from './report-repo.js';

/**
 * The Associação's reports (issue 48, ADR 077). A draft is computed from the other books on each read
 * (members, meetings, programme, events, finance, secretaria) with the secretary's overrides on top;
 * closing it freezes Trilha's figures, and nothing changes it afterwards.
 */

/** Trilha's figures for a period, each as text (integers, money '1234.56'). */
export async function computeFigures(db: Db, clubId: string, from: string, to: string): Promise<Record<TFigureKey, string>> {
  const counts = await repo.periodCounts(db, clubId, from, to);
  const attendance = await attendanceReport(db, clubId, from, to, null);
  let marks = 0;
  let present = 0;
  for (const u of attendance.units) {
    marks += u.total;
    present += u.present + u.late;
  }
  const totals = await totalsByChartAccount(db, clubId, { from, to });
  let income = 0n;
  let expense = 0n;
  for (const t of totals) {
    if (t.type === 'income') income += moneyToCents(t.total);
    else expense += moneyToCents(t.total);
  }
  const figures: Record<string, string> = {};
  for (const [k, v] of Object.entries(counts)) figures[k] = String(v);
  figures.meetings_held = String(attendance.meetings);
  // The whole percent, rounded half up, in integers (as the roll-call report rounds it).
  figures.attendance_pct = String(marks === 0 ? 0 : Math.floor((200 * present + marks) / (2 * marks)));
  figures.income = centsToMoney(income);
  figures.expense = centsToMoney(expense);
  figures.balance = centsToMoney(income - expense);
  return figures as Record<TFigureKey, string>;
}

function summaryOf(row: repo.ReportRow): TReportSummary {
  const { from, to } = periodRange(row.period_kind, row.year, row.month);
  return { id: row.id, period_kind: row.period_kind, year: row.year, month: row.month, label: periodLabel(row.period_kind, row.year, row.month), from, to, status: row.status, closed_at: row.closed_at };
}

export async function listReports(db: Queryable, clubId: string, year: number | null = null): Promise<TReportSummary[]> {
  return (await repo.listReports(db, clubId, year)).map(summaryOf);
}

async function toReport(db: Db, clubId: string, row: repo.ReportRow): Promise<TReport> {
  const summary = summaryOf(row);
  const computed = row.snapshot ?? (await computeFigures(db, clubId, summary.from, summary.to));
  return {
    ...summary,
    club_name: await repo.clubName(db, clubId),
    notes: row.notes,
    closed_by_name: row.closed_by_name,
    figures: REPORT_FIGURES.map((f) => {
      const o = row.overrides[f.key] ?? null;
      const value = computed[f.key] ?? '0';
      return { key: f.key, label: f.label, group: f.group, kind: f.kind, computed: value, override: o?.value ?? null, note: o?.note ?? null, value: o?.value ?? value };
    }),
  };
}

export async function getReport(db: Db, clubId: string, id: string): Promise<TReport> {
  const row = await repo.findReport(db, clubId, id);
  if (!row) throw notFound(REPORT_MSG.notFound);
  return toReport(db, clubId, row);
}

/** A new draft for a period that has begun (the club's today); one per period. */
export async function createReport(db: Db, access: ClubAccess, input: { period_kind: TPeriodKind; year: number; month: number }): Promise<TReport> {
  const facts = await clubCalendarFacts(db, access.clubId);
  if (periodRange(input.period_kind, input.year, input.month).from > facts.today) throw conflict(REPORT_MSG.future);
  const id = await db.transaction(async (tx) => {
    const newId = await repo.insertReport(tx, access.clubId, input.period_kind, input.year, input.month, access.profileId);
    if (!newId) throw conflict(REPORT_MSG.exists);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'associacao.report_create', entity: 'associacao_report', entityId: newId, after: { ...input } });
    return newId;
  });
  return getReport(db, access.clubId, id);
}

/** Replaces a draft's overrides and notes; a closed report answers 409. */
export async function updateReport(db: Db, access: ClubAccess, id: string, input: z.output<typeof ZReportUpdate>): Promise<TReport> {
  await db.transaction(async (tx) => {
    const row = await repo.findReport(tx, access.clubId, id, true);
    if (!row) throw notFound(REPORT_MSG.notFound);
    if (row.status === 'closed') throw conflict(REPORT_MSG.closed);
    const overrides: repo.ReportRow['overrides'] = {};
    for (const o of input.overrides) overrides[o.key] = { value: o.value, note: o.note };
    await repo.updateDraft(tx, access.clubId, id, overrides, input.notes);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'associacao.report_update', entity: 'associacao_report', entityId: id, after: { overridden: Object.keys(overrides).join(', ') } });
  });
  return getReport(db, access.clubId, id);
}

/** Freezes Trilha's figures of the period (the overrides stay beside them); from now on the report never changes. */
export async function closeReport(db: Db, access: ClubAccess, id: string): Promise<TReport> {
  const found = await repo.findReport(db, access.clubId, id);
  if (!found) throw notFound(REPORT_MSG.notFound);
  if (found.status === 'closed') throw conflict(REPORT_MSG.closed);
  // The finance service reads through the pool, so the figures are taken just before the closing transaction.
  const { from, to } = periodRange(found.period_kind, found.year, found.month);
  const snapshot = await computeFigures(db, access.clubId, from, to);
  await db.transaction(async (tx) => {
    const row = await repo.findReport(tx, access.clubId, id, true);
    if (!row) throw notFound(REPORT_MSG.notFound);
    if (row.status === 'closed') throw conflict(REPORT_MSG.closed);
    await repo.closeReport(tx, access.clubId, id, snapshot, access.profileId);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'associacao.report_close', entity: 'associacao_report', entityId: id, after: { period: periodLabel(row.period_kind, row.year, row.month) } });
  });
  return getReport(db, access.clubId, id);
}

export async function removeDraft(db: Db, access: ClubAccess, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await repo.findReport(tx, access.clubId, id, true);
    if (!row) throw notFound(REPORT_MSG.notFound);
    if (row.status === 'closed') throw conflict(REPORT_MSG.closed);
    await repo.deleteDraft(tx, access.clubId, id);
    await writeAudit(tx, { clubId: access.clubId, actorId: access.profileId, action: 'associacao.report_delete', entity: 'associacao_report', entityId: id });
  });
}

/** The report as the Associação's spreadsheet reads it: group, field, value, Trilha's value, note. */
export function reportCsv(r: TReport): string {
  const cell = (kind: string, v: string) => csvNumber(kind === 'money' ? v.replace('.', ',') : v);
  const rows = r.figures.map((f) => [f.group, f.label, cell(f.kind, f.value), cell(f.kind, f.computed), f.note ?? '']);
  return toCsv([
    ['Clube', r.club_name],
    ['Relatório', `${r.period_kind === 'monthly' ? 'Mensal' : 'Bimestral'}: ${r.label}`],
    ['Situação', r.status === 'closed' ? 'Fechado' : 'Rascunho'],
    [],
    ['Grupo', 'Campo', 'Valor', 'Calculado pelo Trilha', 'Nota'],
    ...rows,
    [],
    ['Observações', r.notes],
  ]);
}
