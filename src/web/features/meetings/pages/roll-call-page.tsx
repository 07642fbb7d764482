import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { useAttendanceSheet } from '../api/get-attendance';
import { RollCall } from '../components/roll-call';

export function Component() {
  const current = useSelectedClub();
  const { meetingId = '' } = useParams();
  return <RollCallScreen clubId={current.clubId} meetingId={meetingId} />;
}

function RollCallScreen({ clubId, meetingId }: { clubId: string; meetingId: string }) {
  const sheet = useAttendanceSheet(clubId, meetingId);
  return (
    <div className="mx-auto max-w-3xl">
      <Link to="/dashboard/reunioes" className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-emerald-800 hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Reuniões
      </Link>
      {sheet.isLoading ? <PageSpinner /> : null}
      {sheet.isError ? <p role="alert" className="text-red-700">{errorMessage(sheet.error, 'Não foi possível carregar a chamada.')}</p> : null}
      {sheet.data ? (
        <>
          <h1 className="text-xl font-bold text-slate-900">Chamada: {sheet.data.meeting.title}</h1>
          <p className="mb-4 text-sm text-slate-600">{formatDate(`${sheet.data.meeting.date}T12:00:00`)} às {sheet.data.meeting.start_time}</p>
          <RollCall key={sheet.data.meeting.id} clubId={clubId} sheet={sheet.data} />
        </>
      ) : null}
    </div>
  );
}
