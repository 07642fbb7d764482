import type { Queryable } from '../db/index.js';
import { toCsv } from '../csv.js';
import type { TAttendanceReport, TAttendanceStatus, TMemberAttendance } from '../../shared/meetings.js';

interface MarkRow {
  member_id: string;
  full_name: string;
  unit_id: string | null;
  unit_name: string | null;
  color: string | null;
  date: string;
  status: TAttendanceStatus;
}

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

/** Marks of held (not cancelled) meetings in a date range, of one unit's members or all. */
function marksInRange(q: Queryable, clubId: string, from: string, to: string, unitId: string | null) {
  return q.query<MarkRow>(
    `SELECT cm.id AS member_id, p.full_name, cm.unit_id, u.name AS unit_name, u.color, m.date, a.status
       FROM meeting_attendance a
       JOIN meetings m ON m.club_id = a.club_id AND m.id = a.meeting_id
       JOIN club_members cm ON cm.id = a.member_id
       JOIN profiles p ON p.id = cm.profile_id
       LEFT JOIN units u ON u.id = cm.unit_id
      WHERE a.club_id = $1 AND m.status = 'scheduled' AND m.date BETWEEN $2::date AND $3::date
        AND ($4::uuid IS NULL OR cm.unit_id = $4::uuid)
      ORDER BY m.date, m.start_time, m.id`,
    [clubId, from, to, unitId],
  );
}

/** Attendance per member, per unit and per week over a period; the longest run of absences per member. */
export async function attendanceReport(q: Queryable, clubId: string, from: string, to: string, unitId: string | null): Promise<TAttendanceReport> {
  const rows = await marksInRange(q, clubId, from, to, unitId);
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
  const rows = await q.query<{ status: TAttendanceStatus }>(`SELECT status FROM meeting_attendance WHERE club_id = $1 AND meeting_id = $2`, [clubId, meetingId]);
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
  const rows = await q.query<TMemberAttendance['recent'][number]>(
    `SELECT m.id AS meeting_id, m.date, m.title, a.status,
            coalesce((SELECT sum(pe.points) FROM point_events pe
                       WHERE pe.club_id = a.club_id AND pe.meeting_id = m.id AND pe.profile_id = cm.profile_id AND pe.source = 'meeting'), 0)::int AS points
       FROM meeting_attendance a
       JOIN meetings m ON m.club_id = a.club_id AND m.id = a.meeting_id
       JOIN club_members cm ON cm.id = a.member_id
      WHERE a.club_id = $1 AND a.member_id = $2 AND m.status = 'scheduled'
      ORDER BY m.date DESC, m.start_time DESC`,
    [clubId, memberId],
  );
  const counts = emptyCounts();
  for (const r of rows) add(counts, r.status);
  return { counts, recent: rows.slice(0, 10) };
}
