import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-hot-toast';
import { ArrowLeft, CheckCircle2, Circle, Download, MessageCircle, Pencil, Phone, Trash2, UserPlus, XCircle } from 'lucide-react';
import {
  EVENT_MSG, HEALTH_FORM_STATE_LABEL, PAYMENT_STATE_LABEL, eventShareText, type TEvent, type TParticipant, type TRoster,
} from '@shared/events';
import { formatMoney } from '@shared/format-brl';
import { whatsAppUrl } from '@shared/reminder';
import { Button } from '@web/components/ui/button';
import { PrintButton } from '@web/components/ui/print-button';
import { Card } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { SelectField } from '@web/components/ui/field';
import { PageSpinner } from '@web/components/ui/spinner';
import { Tag } from '@web/components/ui/tag';
import { errorMessage } from '@web/lib/api';
import { formatDate } from '@web/lib/format';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { rosterCsvHref, useCancelRegistration, useEventMembers, useRegisterMember, useRoster, useTickChecklist } from '../api/events';
import { CancelEventModal, DeleteEventDialog } from '../components/event-actions';
import { EventFormModal } from '../components/event-form-modal';
import { EventFacts, EventTags } from '../components/event-summary';

/** /dashboard/eventos/:id */
export function Component() {
  const current = useSelectedClub();
  const { id = '' } = useParams();
  if (!current.can('events.read')) return <EmptyState message="Sua função no clube não dá acesso aos eventos." hint="As famílias inscrevem e autorizam pela área da família." />;
  return <EventScreen key={`${current.clubId}:${id}`} clubId={current.clubId} clubName={current.club.name} id={id} manage={current.can('events.manage')} />;
}

const PRINT_CSS = '@media print { @page { size: A4; margin: 14mm } body * { visibility: hidden } .event-print, .event-print * { visibility: visible } .event-print { position: absolute; inset: 0 } }';
const LINK_BUTTON = 'inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50';

function EventScreen({ clubId, clubName, id, manage }: { clubId: string; clubName: string; id: string; manage: boolean }) {
  const roster = useRoster(clubId, id);
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [deleting, setDeleting] = useState(false);
  if (roster.isPending) return <PageSpinner label="Carregando evento…" />;
  if (roster.isError) {
    return (
      <div className="space-y-4">
        <Link to="/dashboard/eventos" className="inline-flex items-center gap-1 text-sm text-emerald-800 hover:underline"><ArrowLeft aria-hidden="true" className="h-4 w-4" /> Eventos</Link>
        <p role="alert" className="text-red-700">{errorMessage(roster.error, 'Erro ao carregar o evento.')}</p>
      </div>
    );
  }
  const { event } = roster.data;
  const live = event.status !== 'cancelado' && event.status !== 'encerrado';
  return (
    <div className="event-print space-y-6">
      {/* 'Imprimir' prints the event and its roster alone (the menu and the buttons stay out), as the investiture does. */}
      <style>{PRINT_CSS}</style>
      <div className="space-y-3">
        <Link to="/dashboard/eventos" className="inline-flex items-center gap-1 text-sm text-emerald-800 hover:underline print:hidden"><ArrowLeft aria-hidden="true" className="h-4 w-4" /> Eventos</Link>
        <h1 className="break-words text-2xl font-bold text-slate-900">{event.title}</h1>
        <EventTags event={event} />
        <EventFacts event={event} />
        {event.description ? <p className="whitespace-pre-wrap text-sm text-slate-700">{event.description}</p> : null}
        {event.status === 'cancelado' && event.cancel_reason ? <p className="text-sm text-red-800">Cancelado: {event.cancel_reason}</p> : null}
        <div className="flex flex-wrap gap-2 print:hidden">
          <PrintButton variant="secondary" />
          <a href={rosterCsvHref(clubId, id)} download className={LINK_BUTTON}><Download aria-hidden="true" className="h-4 w-4" /> Baixar CSV</a>
          {/* Saídas (issue 49): the sheet, the APCR and camp mode live in features/camps. */}
          <Link to={`/dashboard/eventos/${id}/saida`} className={LINK_BUTTON}>Saída e APCR</Link>
          {manage && live ? (
            <>
              {event.status === 'inscricoes_abertas' ? (
                <a href={whatsAppUrl(null, eventShareText(clubName, event))} target="_blank" rel="noopener noreferrer" className={LINK_BUTTON}>
                  <MessageCircle aria-hidden="true" className="h-4 w-4" /> Avisar no WhatsApp
                </a>
              ) : null}
              <Button variant="secondary" icon={<Pencil aria-hidden="true" className="h-4 w-4" />} onClick={() => setEditing(true)}>Editar</Button>
              {event.registered_count === 0 ? (
                <Button variant="secondary" icon={<Trash2 aria-hidden="true" className="h-4 w-4" />} onClick={() => setDeleting(true)}>Excluir</Button>
              ) : (
                <Button variant="secondary" icon={<XCircle aria-hidden="true" className="h-4 w-4" />} onClick={() => setCancelling(true)}>Cancelar evento</Button>
              )}
            </>
          ) : null}
        </div>
      </div>
      {manage && live ? <RegisterMember clubId={clubId} roster={roster.data} /> : null}
      <Participants clubId={clubId} roster={roster.data} manage={manage && live} />
      {editing ? <EventFormModal clubId={clubId} event={event} onClose={() => setEditing(false)} /> : null}
      {cancelling ? <CancelEventModal clubId={clubId} event={event} onClose={() => setCancelling(false)} /> : null}
      {deleting ? <DeleteEventDialog clubId={clubId} event={event} onClose={() => setDeleting(false)} onDeleted={() => void navigate('/dashboard/eventos')} /> : null}
    </div>
  );
}

/** The members this event invites: the whole club when it names no unit and no member. */
function isInvited(event: TEvent, m: { id: string; unit_id: string | null }) {
  if (event.invited_unit_ids.length === 0 && event.invited_member_ids.length === 0) return true;
  return event.invited_member_ids.includes(m.id) || (m.unit_id !== null && event.invited_unit_ids.includes(m.unit_id));
}

/** 'Inscrever membro': the direction registers any invited member; the event's charges are written at once. */
function RegisterMember({ clubId, roster }: { clubId: string; roster: TRoster }) {
  const { event } = roster;
  const members = useEventMembers(clubId);
  const register = useRegisterMember(clubId, event.id);
  const [memberId, setMemberId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const options = useMemo(() => {
    const registered = new Set(roster.participants.map((p) => p.member_id));
    return (members.data ?? []).filter((m) => isInvited(event, m) && !registered.has(m.id));
  }, [members.data, roster.participants, event]);
  const full = event.places_left !== null && event.places_left <= 0;
  const submit = async () => {
    if (!memberId) return setError(EVENT_MSG.memberRequired);
    setError(null);
    try {
      const out = await register.mutateAsync(memberId);
      toast.success(out.charge_ids.length > 0 ? `${EVENT_MSG.registered} ${out.charge_ids.length === 1 ? '1 cobrança criada.' : `${out.charge_ids.length} cobranças criadas.`}` : EVENT_MSG.registered);
      for (const w of out.warnings ?? []) toast(w, { icon: '⚠️', duration: 8000 });
      setMemberId('');
    } catch (err) {
      setError(errorMessage(err, 'Erro ao inscrever o membro.'));
    }
  };
  return (
    <Card className="space-y-3 print:hidden">
      <h2 className="font-semibold text-slate-900">Inscrever membro</h2>
      {full ? <p className="text-sm text-slate-700">{EVENT_MSG.full}</p> : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="min-w-0 flex-1">
            <SelectField label="Membro convidado" value={memberId} error={error ?? undefined} onChange={(e) => setMemberId(e.target.value)}>
              <option value="">{members.isPending ? 'Carregando…' : options.length === 0 ? 'Todos os convidados já estão inscritos' : 'Selecione o membro'}</option>
              {options.map((m) => <option key={m.id} value={m.id}>{m.full_name}{m.unit_name ? ` (${m.unit_name})` : ''}</option>)}
            </SelectField>
          </div>
          <Button icon={<UserPlus aria-hidden="true" className="h-4 w-4" />} loading={register.isPending} onClick={() => void submit()} className="sm:mb-[1px]">Inscrever</Button>
        </div>
      )}
    </Card>
  );
}

function Participants({ clubId, roster, manage }: { clubId: string; roster: TRoster; manage: boolean }) {
  const { event, participants } = roster;
  const unregister = useCancelRegistration(clubId, event.id);
  const [leaving, setLeaving] = useState<TParticipant | null>(null);
  const ready = participants.filter((p) => p.ready).length;
  const confirmLeave = async () => {
    if (!leaving) return;
    try {
      const out = await unregister.mutateAsync(leaving.registration_id);
      toast.success(out.kept_charges > 0
        ? `${EVENT_MSG.registrationCancelled} ${out.kept_charges === 1 ? '1 cobrança com pagamento ficou' : `${out.kept_charges} cobranças com pagamento ficaram`} para a tesouraria estornar.`
        : EVENT_MSG.registrationCancelled);
      setLeaving(null);
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao cancelar a inscrição.'));
    }
  };
  return (
    <section aria-labelledby="participants-title" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="participants-title" className="text-lg font-semibold text-slate-900">Participantes</h2>
        {participants.length > 0 ? <p className="text-sm text-slate-700">{participants.length} {participants.length === 1 ? 'inscrito' : 'inscritos'} · {ready} {ready === 1 ? 'pronto' : 'prontos'}</p> : null}
      </div>
      {participants.length === 0 ? <EmptyState message="Ninguém inscrito ainda." hint="As famílias inscrevem pela área da família; a secretaria também pode inscrever aqui." /> : (
        <ul aria-label="Participantes" className="grid gap-3 lg:grid-cols-2 print:grid-cols-2">
          {participants.map((p) => (
            <li key={p.registration_id}>
              <ParticipantCard clubId={clubId} eventId={event.id} p={p} manage={manage} onLeave={() => setLeaving(p)} />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={leaving !== null}
        title="Cancelar inscrição"
        confirmLabel="Cancelar inscrição"
        cancelLabel="Voltar"
        message={<>Cancelar a inscrição de <strong>{leaving?.member_name}</strong>? As cobranças do evento ainda sem pagamento serão canceladas.</>}
        loading={unregister.isPending}
        onConfirm={() => void confirmLeave()}
        onCancel={() => setLeaving(null)}
      />
    </section>
  );
}

function ParticipantCard({ clubId, eventId, p, manage, onLeave }: { clubId: string; eventId: string; p: TParticipant; manage: boolean; onLeave: () => void }) {
  const tick = useTickChecklist(clubId, eventId);
  const toggle = async (itemId: string, done: boolean) => {
    try {
      await tick.mutateAsync({ registrationId: p.registration_id, itemId, done });
      return true;
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao marcar o item.'));
      return false;
    }
  };
  const paymentText = p.payment === 'sem_custo' ? PAYMENT_STATE_LABEL.sem_custo
    : p.payment === 'pago' ? `${PAYMENT_STATE_LABEL.pago} (${formatMoney(p.paid_amount)})`
      : `${PAYMENT_STATE_LABEL[p.payment]}: falta ${formatMoney(p.open_amount)}`;
  return (
    <Card className="space-y-3 break-inside-avoid p-4" aria-label={p.member_name}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="break-words font-semibold text-slate-900">{p.member_name}</h3>
          <p className="text-sm text-slate-600">{[p.unit_name, `inscrito em ${formatDate(p.registered_at)}`].filter(Boolean).join(' · ')}</p>
        </div>
        {p.ready ? <Tag tone="green">Pronto</Tag> : <Tag tone="amber">Pendente</Tag>}
      </div>
      <ul aria-label={`Verificação de ${p.member_name}`} className="space-y-1.5 text-sm">
        <Check label="Autorização assinada" done={p.authorisation !== null}
          detail={p.authorisation ? `${p.authorisation.signed_name}, ${formatDate(p.authorisation.signed_at)}` : 'aguardando o responsável'} />
        <Check label="Ficha médica" done={p.health_form === 'em_dia'} detail={HEALTH_FORM_STATE_LABEL[p.health_form]} />
        <Check label="Pagamento" done={p.payment !== 'atrasado'} detail={paymentText} />
        {p.items.map((i) => (
          <Check key={i.item_id} label={i.label} done={i.done} onChange={manage ? (done) => toggle(i.item_id, done) : undefined} />
        ))}
      </ul>
      {p.emergency_contacts !== null ? (
        <div className="text-sm">
          <h4 className="font-medium text-slate-800">Contatos de emergência</h4>
          {p.emergency_contacts.length === 0 ? <p className="text-slate-600">Nenhum contato na ficha médica.</p> : (
            <ul className="space-y-0.5">
              {p.emergency_contacts.map((c) => (
                <li key={`${c.name}${c.phone}`} className="flex flex-wrap items-center gap-1 text-slate-700">
                  <Phone aria-hidden="true" className="h-3.5 w-3.5 text-slate-500" />
                  {c.name}{c.relationship ? ` (${c.relationship})` : ''}: <a href={`tel:${c.phone.replace(/[^\d+]/g, '')}`} className="text-emerald-800 underline">{c.phone}</a>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
      {manage ? (
        <div className="print:hidden">
          <Button size="sm" variant="ghost" onClick={onLeave}>Cancelar inscrição</Button>
        </div>
      ) : null}
    </Card>
  );
}

/**
 * One line of a participant's checklist: a checkbox the club ticks (it shows the tick at once and
 * goes back if the server refuses), or one the system ticks (read-only).
 */
function Check({ label, done, detail, onChange }: { label: string; done: boolean; detail?: string; onChange?: (done: boolean) => Promise<boolean> }) {
  const [shown, setShown] = useState(done);
  const [seen, setSeen] = useState(done);
  if (seen !== done) {
    setSeen(done);
    setShown(done);
  }
  return (
    <li className="flex items-start gap-2">
      {onChange ? (
        <input
          type="checkbox"
          aria-label={label}
          checked={shown}
          onChange={(e) => {
            const next = e.target.checked;
            setShown(next);
            void onChange(next).then((ok) => { if (!ok) setShown(!next); });
          }}
          className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-400 accent-emerald-700"
        />
      ) : (
        // Ticked by what happened (signed, paid, the ficha médica) or by the secretary: shown, not changed here.
        <span role="checkbox" aria-checked={done} aria-readonly="true" aria-label={label} className="mt-0.5 shrink-0">
          {done ? <CheckCircle2 aria-hidden="true" className="h-4 w-4 text-emerald-700" /> : <Circle aria-hidden="true" className="h-4 w-4 text-slate-500" />}
        </span>
      )}
      <span className={shown ? 'text-slate-900' : 'text-slate-700'}>
        {label}{detail ? <span className="text-slate-600"> · {detail}</span> : null}
      </span>
    </li>
  );
}
