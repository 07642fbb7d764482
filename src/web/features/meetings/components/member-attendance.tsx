import { ATTENDANCE_STATUS_LABEL } from '@shared/meetings';
import { formatDate } from '../../../lib/format';
import { useCurrentClub } from '@web/lib/session/use-current-club';
import { useMemberAttendance } from '../api/get-member-attendance';
import { plural } from '@shared/plural';

/** The profile's attendance: % present and the latest meetings (hidden when there is none or it may not be seen). */
export function MemberAttendance({ profileId }: { profileId: string }) {
  const current = useCurrentClub();
  const attendance = useMemberAttendance(current.clubId, profileId);
  const a = attendance.data;
  if (!a || a.counts.total === 0) return null;
  return (
    <section aria-labelledby="attendance-title" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="attendance-title" className="text-lg font-semibold">Presença nas reuniões</h2>
      <p className="mt-1 text-sm text-slate-700">
        {a.counts.attendance_pct}% de presença · {plural(a.counts.present, 'presença', 'presenças')}, {plural(a.counts.late, 'atraso', 'atrasos')}, {plural(a.counts.absent, 'falta', 'faltas')}, {plural(a.counts.excused, 'justificada', 'justificadas')}
      </p>
      <ul className="mt-3 divide-y divide-slate-100 text-sm">
        {a.recent.map((r) => (
          <li key={r.meeting_id} className="flex items-center justify-between gap-2 py-2">
            <span>{formatDate(`${r.date}T12:00:00`)} · {r.title}</span>
            <span className="shrink-0 font-medium">{ATTENDANCE_STATUS_LABEL[r.status]}{r.points ? ` · ${r.points} pts` : ''}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
