import { useState } from 'react';
import { Link } from 'react-router';
import { MessageCircle, Pencil, Plus, Tent, Trash2, XCircle } from 'lucide-react';
import { eventShareText, type TEvent } from '@shared/events';
import { whatsAppUrl } from '@shared/reminder';
import { Button, IconButton } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { PageSpinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { useEvents } from '../api/events';
import { AuthorisationTextCard } from '../components/authorisation-text-card';
import { CancelEventModal, DeleteEventDialog } from '../components/event-actions';
import { EventFormModal } from '../components/event-form-modal';
import { EventFacts, EventTags } from '../components/event-summary';

export function Component() {
  const current = useSelectedClub();
  if (!current.can('events.read')) return <EmptyState message="Sua função no clube não dá acesso aos eventos." hint="As famílias inscrevem e autorizam pela área da família." />;
  return (
    <EventsScreen
      key={current.clubId}
      clubId={current.clubId}
      clubName={current.club.name}
      manage={current.can('events.manage')}
      terms={current.can('events.terms')}
    />
  );
}

const OPEN = new Set<TEvent['status']>(['inscricoes_abertas', 'inscricoes_encerradas']);

/** Eventos: acampamentos, camporis, passeios e cultos especiais, os próximos primeiro. */
function EventsScreen({ clubId, clubName, manage, terms }: { clubId: string; clubName: string; manage: boolean; terms: boolean }) {
  const events = useEvents(clubId);
  const [editing, setEditing] = useState<{ event: TEvent | null } | null>(null);
  const [cancelling, setCancelling] = useState<TEvent | null>(null);
  const [deleting, setDeleting] = useState<TEvent | null>(null);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Eventos"
        description="Acampamentos, camporis, passeios e cultos especiais: inscrições, cobranças, autorizações e a lista de participantes."
        actions={manage ? <Button className="whitespace-nowrap" icon={<Plus aria-hidden="true" className="h-4 w-4" />} onClick={() => setEditing({ event: null })}>Novo evento</Button> : null}
      />
      {events.isPending ? <PageSpinner label="Carregando eventos…" /> : events.isError ? (
        <p role="alert" className="text-red-700">{errorMessage(events.error, 'Erro ao carregar os eventos.')}</p>
      ) : events.data.length === 0 ? (
        <EmptyState
          icon={<Tent className="h-10 w-10" />}
          message="Nenhum evento cadastrado ainda."
          hint="Crie um acampamento, campori, passeio ou culto especial: as famílias inscrevem e autorizam pela área da família."
          action={manage ? <Button onClick={() => setEditing({ event: null })}>Criar primeiro evento</Button> : null}
        />
      ) : (
        <ul aria-label="Eventos" className="grid gap-3 md:grid-cols-2">
          {events.data.map((e) => (
            <li key={e.id}>
              <Card className="flex h-full flex-col gap-3">
                <div className="flex items-start gap-2">
                  <div className="min-w-0 flex-1 space-y-1">
                    <h2 className="break-words font-semibold text-slate-900">
                      <Link to={`/dashboard/eventos/${e.id}`} className="hover:underline">{e.title}</Link>
                    </h2>
                    <EventTags event={e} />
                  </div>
                  {manage && e.status !== 'cancelado' ? (
                    <div className="flex shrink-0">
                      {OPEN.has(e.status) ? (
                        <a
                          href={whatsAppUrl(null, eventShareText(clubName, e))}
                          target="_blank"
                          rel="noopener noreferrer"
                          aria-label={`Avisar no WhatsApp: ${e.title}`}
                          title="Avisar no WhatsApp"
                          className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-emerald-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
                        >
                          <MessageCircle aria-hidden="true" className="h-4 w-4" />
                        </a>
                      ) : null}
                      <IconButton label={`Editar ${e.title}`} icon={<Pencil aria-hidden="true" className="h-4 w-4" />} onClick={() => setEditing({ event: e })} />
                      {e.registered_count === 0 ? (
                        <IconButton label={`Excluir ${e.title}`} icon={<Trash2 aria-hidden="true" className="h-4 w-4" />} className="hover:text-red-700" onClick={() => setDeleting(e)} />
                      ) : e.status !== 'encerrado' ? (
                        <IconButton label={`Cancelar ${e.title}`} icon={<XCircle aria-hidden="true" className="h-4 w-4" />} className="hover:text-red-700" onClick={() => setCancelling(e)} />
                      ) : null}
                    </div>
                  ) : null}
                </div>
                <EventFacts event={e} />
                {e.status === 'cancelado' && e.cancel_reason ? <p className="text-sm text-red-800">Cancelado: {e.cancel_reason}</p> : null}
                <Link to={`/dashboard/eventos/${e.id}`} className="mt-auto inline-flex items-center gap-2 self-start rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50">
                  Inscrições e participantes
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <AuthorisationTextCard clubId={clubId} canEdit={terms} />
      {editing ? <EventFormModal clubId={clubId} event={editing.event} onClose={() => setEditing(null)} /> : null}
      {cancelling ? <CancelEventModal clubId={clubId} event={cancelling} onClose={() => setCancelling(null)} /> : null}
      {deleting ? <DeleteEventDialog clubId={clubId} event={deleting} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}
