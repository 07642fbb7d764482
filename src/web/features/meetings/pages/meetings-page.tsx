import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { BarChart3, CalendarCheck, ClipboardList, ListChecks, MessageCircle, Pencil, Plus, Repeat, XCircle } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { MEETING_MSG, MEETING_STATUS_LABEL, MEETING_TYPE_LABEL, meetingShareText, type TMeeting } from '@shared/meetings';
import { whatsAppUrl } from '@shared/reminder';
import { Button, IconButton } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { Tag } from '../../../components/ui/tag';
import { errorMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { useCancelMeeting } from '../api/cancel-meeting';
import { attendanceQueryOptions } from '../api/get-attendance';
import { useMeetingPermissions } from '../api/get-meeting-permissions';
import { useMeetings } from '../api/list-meetings';
import { MeetingFormModal } from '../components/meeting-form-modal';
import { MeetingRuleModal } from '../components/meeting-rule-modal';

export function Component() {
  const current = useSelectedClub();
  return <MeetingsScreen clubId={current.clubId} clubName={current.club.name} />;
}

function MeetingsScreen({ clubId, clubName }: { clubId: string; clubName: string }) {
  const meetings = useMeetings(clubId);
  const perms = useMeetingPermissions(clubId);
  const cancel = useCancelMeeting(clubId);
  const manage = perms.data?.manage ?? false;
  const [editing, setEditing] = useState<{ meeting: TMeeting | null } | null>(null);
  const [ruleOpen, setRuleOpen] = useState(false);
  const [cancelling, setCancelling] = useState<TMeeting | null>(null);
  const qc = useQueryClient();

  // Today's roll call is kept on the device as soon as the list is seen, so it opens offline later.
  useEffect(() => {
    if (!perms.data?.read_roll || !meetings.data) return;
    const today = new Date().toLocaleDateString('en-CA');
    for (const m of meetings.data) {
      if (m.date === today && m.status === 'scheduled') void qc.prefetchQuery(attendanceQueryOptions(clubId, m.id));
    }
  }, [clubId, meetings.data, perms.data?.read_roll, qc]);

  const confirmCancel = async () => {
    if (!cancelling) return;
    try {
      await cancel.mutateAsync(cancelling.id);
      toast.success(MEETING_MSG.cancelledOk);
      setCancelling(null);
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao cancelar a reunião.'));
    }
  };

  return (
    <div>
      <PageHeader
        title="Reuniões"
        description="Reuniões do clube, chamada e inspeção que pontuam para as unidades."
        actions={
          <div className="flex flex-wrap gap-2">
            {perms.data?.read_roll ? (
              <Link to="/dashboard/reunioes/relatorio" className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50">
                <BarChart3 aria-hidden="true" className="h-4 w-4" /> Relatório
              </Link>
            ) : null}
            {manage ? (
              <>
                <Link to="/dashboard/reunioes/criterios" className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50">
                  <ListChecks aria-hidden="true" className="h-4 w-4" /> Critérios
                </Link>
                <Button variant="secondary" icon={<Repeat aria-hidden="true" className="h-4 w-4" />} onClick={() => setRuleOpen(true)}>Recorrentes</Button>
                <Button icon={<Plus aria-hidden="true" className="h-4 w-4" />} onClick={() => setEditing({ meeting: null })}>Nova Reunião</Button>
              </>
            ) : null}
          </div>
        }
      />
      {meetings.isLoading ? <PageSpinner /> : null}
      {meetings.isError ? <p role="alert" className="text-red-700">Não foi possível carregar as reuniões.</p> : null}
      {meetings.data && meetings.data.length === 0 ? (
        <EmptyState
          icon={<CalendarCheck className="h-10 w-10" />}
          message="Nenhuma reunião cadastrada ainda."
          action={manage ? <Button onClick={() => setEditing({ meeting: null })}>Criar Primeira Reunião</Button> : null}
        />
      ) : null}
      <ul className="grid gap-3 md:grid-cols-2">
        {meetings.data?.map((m) => (
          <li key={m.id}>
            <Card className="flex h-full flex-col gap-2">
              <div className="flex items-start gap-2">
                <div className="min-w-0 flex-1">
                  <h2 className="font-semibold text-slate-900">{m.title}</h2>
                  <p className="text-sm text-slate-600">{formatDate(`${m.date}T12:00:00`)} às {m.start_time}</p>
                </div>
                {manage && m.status === 'scheduled' ? (
                  <div className="flex">
                    {/* The leader's own WhatsApp opens with the text to paste in the unit's group (no API). */}
                    <a
                      href={whatsAppUrl(null, meetingShareText(clubName, m))}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`Avisar no WhatsApp: ${m.title}`}
                      title="Avisar no WhatsApp"
                      className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-emerald-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
                    >
                      <MessageCircle aria-hidden="true" className="h-4 w-4" />
                    </a>
                    <IconButton label={`Editar ${m.title}`} icon={<Pencil aria-hidden="true" className="h-4 w-4" />} onClick={() => setEditing({ meeting: m })} />
                    <IconButton label={`Cancelar ${m.title}`} icon={<XCircle aria-hidden="true" className="h-4 w-4" />} className="hover:text-red-700" onClick={() => setCancelling(m)} />
                  </div>
                ) : null}
              </div>
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <Tag tone="blue">{MEETING_TYPE_LABEL[m.type]}</Tag>
                {m.status === 'cancelled' ? <Tag tone="red">{MEETING_STATUS_LABEL.cancelled}</Tag> : null}
                {m.marked_count > 0 ? <span className="text-slate-700">{m.present_count} de {m.marked_count} presentes</span> : null}
              </div>
              {perms.data?.read_roll && m.status === 'scheduled' ? (
                <Link to={`/dashboard/reunioes/${m.id}/chamada`} className="mt-1 inline-flex items-center gap-2 self-start rounded-lg bg-emerald-700 px-3 py-2 text-sm font-medium text-white hover:bg-emerald-800">
                  <ClipboardList aria-hidden="true" className="h-4 w-4" /> {perms.data.call_roll ? 'Fazer chamada' : 'Ver chamada'}
                </Link>
              ) : null}
            </Card>
          </li>
        ))}
      </ul>
      <MeetingFormModal clubId={clubId} open={editing !== null} meeting={editing?.meeting ?? null} onClose={() => setEditing(null)} />
      <MeetingRuleModal clubId={clubId} open={ruleOpen} onClose={() => setRuleOpen(false)} />
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancelar Reunião"
        confirmLabel="Cancelar reunião"
        cancelLabel="Voltar"
        message={<>Cancelar a reunião <strong>{cancelling?.title}</strong>? Os pontos da chamada serão estornados.</>}
        loading={cancel.isPending}
        onConfirm={() => void confirmCancel()}
        onCancel={() => setCancelling(null)}
      />
    </div>
  );
}
