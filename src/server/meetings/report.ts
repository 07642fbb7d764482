import type { Queryable } from '../db/index.js';
import { toCsv } from '../csv.js';
import * as reportRepo from './report-repo.js';
import type { TAttendanceReport, TAttendanceStatus, TMemberAttendance } from '../../shared/meetings.js';

interface Counts {
  present: number;
  late: number;
  absent: number;
  excused: number;
  total: number;
  attendance_pct: number;
}

const emptyCounts = (): Counts => ({ present: 0, late: 0, absent: 0, excused: 0, total: 0, attendance_pct: 0 });

function add(c: Counts, status: TAttendanceStatus): void {
  c[status] += 1;
  c.total += 1;
  c.attendance_pct = Math.round((100 * (c.present + c.late)) / c.total);
}

/** Sunday of the week a 'YYYY-MM-DD' date falls in (weeks start on Sunday in Brazil). */
function weekStart(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - d.getUTCDay());
  return d.toISOString().slice(0, 10);
}

/** Attendance per member, per unit and per week over a period; the longest run of absences per member. */
export async function attendanceReport(q: Queryable, clubId: string, from: string, to: string, unitId: string | null): Promise<TAttendanceReport> {
  const rows = await reportRepo.listMarksInRange(q, clubId, from, to, unitId);
  const members = new Map<string, TAttendanceReport['members'][number] & { streak: number }>();
  const units = new Map<string, TAttendanceReport['units'][number]>();
  const weeks = new Map<string, TAttendanceReport['weeks'][number]>();
  const meetingDates = new Set<string>();
  for (const r of rows) {
    meetingDates.add(r.date);
    const m = members.get(r.member_id) ?? { member_id: r.member_id, full_name: r.full_name, unit_name: r.unit_name, max_absence_streak: 0, streak: 0, ...emptyCounts() };
    add(m, r.status);
    // Justified absences neither count as absences nor break a run of them.
    if (r.status === 'absent') m.streak += 1;
    else if (r.status !== 'excused') m.streak = 0;
    m.max_absence_streak = Math.max(m.max_absence_streak, m.streak);
    members.set(r.member_id, m);
    const unitKey = r.unit_id ?? '';
    const u = units.get(unitKey) ?? { unit_id: r.unit_id, unit_name: r.unit_name, color: r.color, ...emptyCounts() };
    add(u, r.status);
    units.set(unitKey, u);
    const w = weekStart(r.date);
    const wk = weeks.get(w) ?? { week_start: w, ...emptyCounts() };
    add(wk, r.status);
    weeks.set(w, wk);
  }
  const byName = (a: { full_name: string }, b: { full_name: string }) => a.full_name.localeCompare(b.full_name, 'pt-BR');
  return {
    from,
    to,
    meetings: meetingDates.size,
    members: [...members.values()].map(({ streak: _streak, ...m }) => m).sort(byName),
    units: [...units.values()].sort((a, b) => (a.unit_name ?? '~').localeCompare(b.unit_name ?? '~', 'pt-BR')),
    weeks: [...weeks.values()].sort((a, b) => a.week_start.localeCompare(b.week_start)),
  };
}

/** Counts of one meeting (dashboard). */
export async function countsFor(q: Queryable, clubId: string, meetingId: string): Promise<Counts> {
  const rows = await reportRepo.listMeetingMarks(q, clubId, meetingId);
  const c = emptyCounts();
  for (const r of rows) add(c, r.status);
  return c;
}

const brDate = (iso: string) => iso.split('-').reverse().join('/');

/** The member table of the report as CSV (pt-BR dates and headers). */
export function attendanceCsv(report: TAttendanceReport): string {
  const header = ['Membro', 'Unidade', 'Presenças', 'Atrasos', 'Faltas', 'Justificadas', 'Total', '% de presença', 'Faltas seguidas', 'De', 'Até'];
  const data = report.members.map((m) => [
    m.full_name, m.unit_name ?? '', m.present, m.late, m.absent, m.excused, m.total, m.attendance_pct, m.max_absence_streak, brDate(report.from), brDate(report.to),
  ]);
  return toCsv([header, ...data]);
}

/** One member's attendance at held meetings: totals and the 10 latest. */
export async function memberAttendance(q: Queryable, clubId: string, memberId: string): Promise<TMemberAttendance> {
  const rows = await reportRepo.listMemberMarks(q, clubId, memberId);
  const counts = emptyCounts();
  for (const r of rows) add(counts, r.status);
  return { counts, recent: rows.slice(0, 10) };
}
