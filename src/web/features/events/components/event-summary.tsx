import { CalendarDays, MapPin, Ticket, Users, Wallet } from 'lucide-react';
import { EVENT_KIND_LABEL, EVENT_STATUS_LABEL, type TEvent, type TEventStatus } from '@shared/events';
import { formatMoney } from '@shared/format-brl';
import { Tag } from '@web/components/ui/tag';
import { isoToBrDate } from '@web/lib/br-date';

const STATUS_TONE: Record<TEventStatus, 'green' | 'amber' | 'blue' | 'gray' | 'red'> = {
  inscricoes_abertas: 'green', inscricoes_encerradas: 'amber', em_andamento: 'blue', encerrado: 'gray', cancelado: 'red',
};

export const eventDays = (e: Pick<TEvent, 'starts_on' | 'ends_on'>) =>
  e.starts_on === e.ends_on ? isoToBrDate(e.starts_on) : `${isoToBrDate(e.starts_on)} a ${isoToBrDate(e.ends_on)}`;

export const eventCost = (e: Pick<TEvent, 'cost' | 'instalments'>) =>
  e.cost === '0.00' ? 'Gratuito' : `${formatMoney(e.cost)}${e.instalments > 1 ? ` em ${e.instalments}x` : ''}`;

export const eventPlaces = (e: Pick<TEvent, 'places' | 'registered_count'>) =>
  e.places === null ? `${e.registered_count} inscrito${e.registered_count === 1 ? '' : 's'} · sem limite de vagas` : `${e.registered_count}/${e.places} vagas`;

export function EventTags({ event }: { event: Pick<TEvent, 'kind' | 'status'> }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Tag tone="violet">{EVENT_KIND_LABEL[event.kind]}</Tag>
      <Tag tone={STATUS_TONE[event.status]}>{EVENT_STATUS_LABEL[event.status]}</Tag>
    </div>
  );
}

/** Dates dd/mm/aaaa, place, cost R$ 1.234,56, places used/total and the deadline of one event. */
export function EventFacts({ event }: { event: Pick<TEvent, 'starts_on' | 'ends_on' | 'place' | 'cost' | 'instalments' | 'places' | 'registered_count' | 'registration_deadline'> }) {
  const row = 'flex items-start gap-2';
  const icon = 'mt-0.5 h-4 w-4 shrink-0 text-slate-500';
  return (
    <dl className="grid gap-1 text-sm text-slate-700 sm:grid-cols-2">
      <div className={row}><CalendarDays aria-hidden="true" className={icon} /><dt className="sr-only">Datas</dt><dd>{eventDays(event)}</dd></div>
      <div className={row}><MapPin aria-hidden="true" className={icon} /><dt className="sr-only">Local</dt><dd className="min-w-0 break-words">{event.place}</dd></div>
      <div className={row}><Wallet aria-hidden="true" className={icon} /><dt className="sr-only">Valor por participante</dt><dd>{eventCost(event)}</dd></div>
      <div className={row}><Users aria-hidden="true" className={icon} /><dt className="sr-only">Vagas</dt><dd>{eventPlaces(event)}</dd></div>
      <div className={`${row} sm:col-span-2`}><Ticket aria-hidden="true" className={icon} /><dt className="sr-only">Prazo de inscrição</dt><dd>Inscrições até {isoToBrDate(event.registration_deadline)}</dd></div>
    </dl>
  );
}
