import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { ratioText, type TCamp, type TCampParticipant } from '@shared/camps';
import { PrintButton } from '@web/components/ui/print-button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageSpinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { formatDate } from '@web/lib/format';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { useCamp } from '../api/get-camp';
import { useCampRoster } from '../api/get-roster';

/**
 * /dashboard/eventos/:id/pre-acampamento — the relatório pré-acampamento and the roster (issue 49):
 * each participant's emergency contacts and health summary from the ficha médica (allergies,
 * conditions, medications and their schedule), the seguro and, for under-16s, the accompanying adults
 * the authorisation names. Only the leaders named on the saída read it (the server audits each read);
 * printed on A4.
 */
export function Component() {
  const current = useSelectedClub();
  const { id = '' } = useParams();
  if (!current.can('camps.lead')) return <EmptyState message="Sua função no clube não dá acesso às saídas." />;
  return <PreCamp key={`${current.clubId}:${id}`} clubId={current.clubId} clubName={current.club?.name ?? 'Clube'} eventId={id} />;
}

const PRINT_CSS = `@media print {
  @page { size: A4; margin: 12mm }
  body * { visibility: hidden }
  .pre-camp, .pre-camp * { visibility: visible }
  .pre-camp { position: absolute; inset: 0; font-size: 10pt }
  .pre-camp .participant { break-inside: avoid }
}`;

function PreCamp({ clubId, clubName, eventId }: { clubId: string; clubName: string; eventId: string }) {
  const camp = useCamp(clubId, eventId);
  const roster = useCampRoster(clubId, eventId, camp.data?.is_leader === true);
  if (camp.isPending) return <PageSpinner label="Carregando a saída…" />;
  if (camp.isError) return <p role="alert" className="text-red-700">{errorMessage(camp.error, 'Erro ao carregar a saída.')}</p>;
  const c = camp.data;
  const back = <Link to={`/dashboard/eventos/${eventId}/saida`} className="inline-flex items-center gap-1 text-sm text-emerald-800 hover:underline print:hidden"><ArrowLeft aria-hidden="true" className="h-4 w-4" /> Saída</Link>;
  if (!c.is_leader) return <div className="space-y-4">{back}<EmptyState message="Só os líderes nomeados nesta saída veem o relatório pré-acampamento (ele tem as fichas de saúde)." /></div>;
  if (roster.isPending) return <PageSpinner label="Carregando as fichas…" />;
  if (roster.isError) return <div className="space-y-4">{back}<p role="alert" className="text-red-700">{errorMessage(roster.error, 'Erro ao carregar as fichas.')}</p></div>;
  const people = roster.data.participants;
  return (
    <div className="space-y-4">
      <style>{PRINT_CSS}</style>
      {back}
      <Card className="pre-camp space-y-4 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h1 className="text-xl font-bold text-slate-900">Relatório pré-acampamento</h1>
            <p className="text-sm text-slate-700">{clubName} · {c.event.title} · {formatDate(c.event.starts_on)} a {formatDate(c.event.ends_on)}</p>
          </div>
          <PrintButton variant="secondary" size="sm" className="print:hidden" />
        </div>
        <Sheet camp={c} />
        <p className="text-xs text-slate-600">Dados de saúde confidenciais: só para os líderes desta saída, até {formatDate(roster.data.health_until)}. Esta leitura foi registrada.</p>
        <h2 className="text-lg font-semibold text-slate-900">Participantes ({people.length})</h2>
        {people.length === 0 ? <p className="text-sm text-slate-600">Nenhum participante inscrito.</p> : (
          <ol className="space-y-3">{people.map((p) => <Participant key={p.member_id} p={p} />)}</ol>
        )}
        <div className="grid grid-cols-1 gap-6 pt-6 text-sm text-slate-700 sm:grid-cols-2">
          {['Diretor(a) do clube', 'Líder responsável pela saída'].map((who) => <p key={who} className="border-t border-slate-400 pt-1">{who}</p>)}
        </div>
      </Card>
    </div>
  );
}

function Sheet({ camp }: { camp: TCamp }) {
  return (
    <div className="space-y-2 text-sm text-slate-800">
      <p>Local: {camp.event.place}{camp.places ? ` · ${camp.places}` : ''}</p>
      <p>Transporte: {camp.transport || '—'}</p>
      <p>Voto da igreja: {camp.vote_minutes || '—'}, {camp.vote_number || '—'}</p>
      <p>Líderes: {camp.leaders.map((l) => l.full_name).join(', ') || '—'} · {ratioText(camp.leaders.length, camp.participants_count)}</p>
      <p className={camp.all_insured ? 'text-emerald-800' : 'font-medium text-amber-900'}>
        {camp.all_insured ? 'Todos os participantes têm seguro.' : `Sem seguro: ${camp.uninsured.map((u) => u.full_name).join(', ')}.`}
      </p>
      {camp.schedule.length > 0 ? (
        <div>
          <h2 className="font-semibold text-slate-900">Programação</h2>
          <ul>{camp.schedule.map((s, i) => <li key={i}>{formatDate(s.day)} {s.at_time} — {s.title}{s.place ? ` (${s.place})` : ''}</li>)}</ul>
        </div>
      ) : null}
    </div>
  );
}

function Participant({ p }: { p: TCampParticipant }) {
  const h = p.health;
  return (
    <li className="participant space-y-1 rounded-lg border border-slate-200 p-3 text-sm text-slate-800">
      <p className="font-semibold text-slate-900">{p.full_name}{p.unit_name ? ` · ${p.unit_name}` : ''}</p>
      <p className="flex flex-wrap gap-x-3">
        <span>{p.authorised ? 'Autorização assinada' : 'Autorização pendente'}</span>
        <span className={p.insured ? '' : 'font-medium text-amber-900'}>{p.insured ? 'Com seguro' : 'Sem seguro'}</span>
        {p.under_16 ? <span>Menor de 16 — acompanhantes: {p.accompanying_adults?.join(', ') ?? 'não indicados'}</span> : null}
      </p>
      {h ? (
        <dl className="grid grid-cols-[9rem_1fr] gap-x-2">
          <dt className="text-slate-600">Tipo sanguíneo</dt><dd>{h.blood_type || '—'}</dd>
          <dt className="text-slate-600">Alergias</dt><dd>{h.allergies || 'Nenhuma informada'}</dd>
          <dt className="text-slate-600">Condições</dt><dd>{h.conditions || 'Nenhuma informada'}</dd>
          <dt className="text-slate-600">Medicamentos</dt><dd>{h.medications || 'Nenhum informado'}</dd>
          <dt className="text-slate-600">Plano de saúde</dt><dd>{h.health_plan || '—'}</dd>
          <dt className="text-slate-600">Contatos de emergência</dt>
          <dd>{h.emergency_contacts.length ? h.emergency_contacts.map((e) => `${e.name}${e.relationship ? ` (${e.relationship})` : ''}: ${e.phone}`).join(' · ') : 'Nenhum'}</dd>
        </dl>
      ) : <p className="text-amber-900">Sem ficha médica (ou sem o consentimento do responsável).</p>}
      {p.schedule.length > 0 ? (
        <p><span className="text-slate-600">Horários de medicação: </span>{p.schedule.map((m) => `${m.name} ${m.dose} às ${m.times.join(', ')}`).join('; ')}</p>
      ) : null}
    </li>
  );
}
