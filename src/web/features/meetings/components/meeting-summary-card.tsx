import { Link } from 'react-router';
import { CalendarCheck } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { formatDate } from '../../../lib/format';
import { useMeetingSummary } from '../api/get-meeting-summary';

/** Dashboard: the next meeting and how many came to the last one. */
export function MeetingSummaryCard({ clubId }: { clubId: string }) {
  const summary = useMeetingSummary(clubId);
  const s = summary.data;
  if (!s || (!s.next && !s.last)) return null;
  return (
    <Card className="mt-6 flex flex-wrap items-start gap-x-8 gap-y-3" aria-label="Reuniões">
      <CalendarCheck aria-hidden="true" className="h-8 w-8 text-emerald-700" />
      {s.next ? (
        <div>
          <p className="text-sm text-slate-600">Próxima reunião</p>
          <p className="font-semibold text-slate-900">{s.next.title}: {formatDate(`${s.next.date}T12:00:00`)} às {s.next.start_time}</p>
        </div>
      ) : null}
      {s.last && s.last_counts ? (
        <div>
          <p className="text-sm text-slate-600">Última reunião ({formatDate(`${s.last.date}T12:00:00`)})</p>
          <p className="font-semibold text-slate-900">
            {s.last_counts.attendance_pct}% de presença · {s.last_counts.present + s.last_counts.late} de {s.last_counts.total}
          </p>
        </div>
      ) : null}
      <Link to="/dashboard/reunioes" className="self-center text-sm font-medium text-emerald-800 hover:underline">Ver reuniões</Link>
    </Card>
  );
}
