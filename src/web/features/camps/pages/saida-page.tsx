import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'react-hot-toast';
import { ArrowLeft, ClipboardList, Plus, ShieldAlert, Tent, Trash2 } from 'lucide-react';
import { CAMP_MSG, INCIDENT_KIND_LABEL, LEVEL_LABEL, ratioText, riskLevel, type TCamp, type TCampReport, type TRiskInput, type TScheduleItem } from '@shared/camps';
import { Button, IconButton } from '@web/components/ui/button';
import { PrintButton } from '@web/components/ui/print-button';
import { Card } from '@web/components/ui/card';
import { CheckboxField, SelectField, TextAreaField, TextField } from '@web/components/ui/field';
import { IntegerInput } from '@web/components/ui/integer-input';
import { DateInput, TimeInput } from '@web/components/ui/date-input';
import { PageSpinner } from '@web/components/ui/spinner';
import { EmptyState } from '@web/components/ui/empty-state';
import { errorMessage } from '@web/lib/api';
import { formatDate, formatDateTime, formatMoney } from '@web/lib/format';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { useCamp } from '../api/get-camp';
import { useCampReport } from '../api/get-camp-report';
import { useRiskTemplate } from '../api/get-risk-template';
import { useLeaderCandidates } from '../api/list-leader-candidates';
import { useSaveCamp } from '../api/save-camp';
import { useSaveRiskTemplate } from '../api/save-risk-template';

/** /dashboard/eventos/:id/saida — the saída sheet, its APCR (printable for signatures) and, after, its report. */
export function Component() {
  const current = useSelectedClub();
  const { id = '' } = useParams();
  if (!current.can('camps.lead')) return <EmptyState message="Sua função no clube não dá acesso às saídas." />;
  return <Saida key={`${current.clubId}:${id}`} clubId={current.clubId} clubName={current.club?.name ?? 'Clube'} eventId={id} manage={current.can('camps.manage')} />;
}

const PRINT_CSS = '@media print { @page { size: A4; margin: 14mm } body * { visibility: hidden } .camp-print, .camp-print * { visibility: visible } .camp-print { position: absolute; inset: 0 } }';

function Saida({ clubId, clubName, eventId, manage }: { clubId: string; clubName: string; eventId: string; manage: boolean }) {
  const camp = useCamp(clubId, eventId);
  const [aviso, setAviso] = useState<string | null>(null);
  if (camp.isPending) return <PageSpinner label="Carregando a saída…" />;
  if (camp.isError) return <p role="alert" className="text-red-700">{errorMessage(camp.error, 'Erro ao carregar a saída.')}</p>;
  const c = camp.data;
  return (
    <div className="space-y-6">
      <style>{PRINT_CSS}</style>
      <Link to={`/dashboard/eventos/${eventId}`} className="inline-flex items-center gap-1 text-sm text-emerald-800 hover:underline print:hidden"><ArrowLeft aria-hidden="true" className="h-4 w-4" /> Evento</Link>
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <h1 className="text-2xl font-bold text-slate-900">Saída: {c.event.title}</h1>
        {c.is_leader ? (
          <div className="flex flex-wrap gap-2">
            <Link to={`/dashboard/eventos/${eventId}/pre-acampamento`} className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"><ClipboardList aria-hidden="true" className="h-4 w-4" /> Relatório pré-acampamento</Link>
            <Link to={`/dashboard/eventos/${eventId}/acampamento`} className="inline-flex items-center gap-2 rounded-lg bg-emerald-700 px-3 py-2 text-sm font-medium text-white hover:bg-emerald-800"><Tent aria-hidden="true" className="h-4 w-4" /> Modo acampamento</Link>
          </div>
        ) : null}
      </div>
      {c.is_camp ? <InsuranceLine camp={c} /> : null}
      {manage ? <SheetForm clubId={clubId} camp={c} /> : null}
      {c.is_camp ? <PrintableApcr camp={c} clubName={clubName} /> : null}
      {manage && c.is_camp ? <Report clubId={clubId} eventId={eventId} aviso={aviso} setAviso={setAviso} /> : null}
    </div>
  );
}

type RiskRow = Required<TRiskInput>;

/** Whether every participant is covered by a seguro on the first day; who is not (a warning, they stay registered). */
function InsuranceLine({ camp }: { camp: TCamp }) {
  if (camp.participants_count === 0) return null;
  if (camp.all_insured) return <p className="text-sm text-emerald-800 print:hidden">Todos os participantes têm seguro para a data da saída.</p>;
  const n = camp.uninsured.length;
  return (
    <p role="status" className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 print:hidden">
      <ShieldAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <span>{n === 1 ? '1 participante sem seguro' : `${n} participantes sem seguro`} para a data da saída: {camp.uninsured.map((u) => u.full_name).join(', ')}.</span>
    </p>
  );
}

function ScheduleEditor({ items, setItems, startsOn }: { items: TScheduleItem[]; setItems: (items: TScheduleItem[]) => void; startsOn: string }) {
  const set = (i: number, patch: Partial<TScheduleItem>) => setItems(items.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  return (
    <div className="space-y-2">
      <h3 className="font-semibold text-slate-900">Programação</h3>
      {items.length === 0 ? <p className="text-sm text-slate-600">Nenhuma atividade. A programação vai para o celular dos líderes com o modo acampamento.</p> : null}
      {items.map((it, i) => (
        <div key={i} role="group" aria-label={`Atividade ${i + 1}`} className="grid grid-cols-2 gap-2 rounded-lg border border-slate-200 p-2 sm:grid-cols-[9rem_6rem_1fr_1fr_auto]">
          <DateInput label="Dia" value={it.day} onChange={(e) => set(i, { day: e.target.value })} />
          <TimeInput label="Horário" value={it.at_time} onChange={(e) => set(i, { at_time: e.target.value })} />
          <TextField label="Atividade" value={it.title} maxLength={120} onChange={(e) => set(i, { title: e.target.value })} />
          <TextField label="Local" value={it.place} maxLength={120} onChange={(e) => set(i, { place: e.target.value })} />
          <div className="flex items-end"><IconButton label={`Remover atividade ${i + 1}`} icon={<Trash2 aria-hidden="true" className="h-4 w-4" />} onClick={() => setItems(items.filter((_, j) => j !== i))} /></div>
        </div>
      ))}
      <Button variant="secondary" size="sm" icon={<Plus aria-hidden="true" className="h-4 w-4" />} onClick={() => setItems([...items, { day: items.at(-1)?.day ?? startsOn, at_time: '08:00', title: '', place: '' }])}>Adicionar atividade</Button>
    </div>
  );
}

function SheetForm({ clubId, camp }: { clubId: string; camp: TCamp }) {
  const save = useSaveCamp(clubId, camp.event.id);
  const template = useRiskTemplate(clubId, true);
  const saveTemplate = useSaveRiskTemplate(clubId);
  const candidates = useLeaderCandidates(clubId, true);
  const [form, setForm] = useState({
    transport: camp.transport, places: camp.places, vote_minutes: camp.vote_minutes, vote_number: camp.vote_number, health_days_after: camp.health_days_after,
    leader_member_ids: camp.leaders.map((l) => l.member_id),
  });
  const [risks, setRisks] = useState<RiskRow[]>(camp.risks.map(({ hazard, likelihood, severity, controls, responsible }) => ({ hazard, likelihood, severity, controls, responsible })));
  const [schedule, setSchedule] = useState<TScheduleItem[]>(camp.schedule);
  const [error, setError] = useState<string | null>(null);
  const setRisk = (i: number, patch: Partial<RiskRow>) => setRisks(risks.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const submit = async () => {
    const missing = risks.findIndex((r) => !r.controls.trim());
    if (missing >= 0) return setError(`Item ${missing + 1}: ${CAMP_MSG.controlsRequired}`);
    setError(null);
    try {
      await save.mutateAsync({ ...form, risks, schedule });
      toast.success(CAMP_MSG.saved);
    } catch (err) {
      setError(errorMessage(err, 'Erro ao salvar a saída.'));
    }
  };
  return (
    <Card className="space-y-4 p-4 print:hidden">
      <h2 className="text-lg font-semibold text-slate-900">Ficha da saída</h2>
      <TextAreaField label="Transporte" value={form.transport} placeholder="Ônibus fretado, motorista e placa" onChange={(e) => setForm({ ...form, transport: e.target.value })} />
      <TextAreaField label="Locais" value={form.places} placeholder="Endereço do acampamento, hospital de referência" onChange={(e) => setForm({ ...form, places: e.target.value })} />
      <div className="grid grid-cols-2 gap-2">
        <TextField label="Ata nº (voto da igreja)" value={form.vote_minutes} onChange={(e) => setForm({ ...form, vote_minutes: e.target.value })} />
        <TextField label="Voto nº" value={form.vote_number} onChange={(e) => setForm({ ...form, vote_number: e.target.value })} />
      </div>
      <IntegerInput label="Dias de acesso às fichas de saúde depois da saída" value={String(form.health_days_after)} min={0} max={30}
        onChange={(e) => setForm({ ...form, health_days_after: Math.min(30, Math.max(0, Number(e.target.value) || 0)) })} />
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-800">Líderes responsáveis</legend>
        <p className="text-sm text-slate-700">{ratioText(form.leader_member_ids.length, camp.participants_count)}</p>
        {candidates.isPending ? <p className="text-sm text-slate-600">Carregando a liderança…</p> : (candidates.data ?? []).map((m) => (
          <CheckboxField key={m.id} label={m.full_name} checked={form.leader_member_ids.includes(m.id)}
            onChange={(e) => setForm({ ...form, leader_member_ids: e.target.checked ? [...form.leader_member_ids, m.id] : form.leader_member_ids.filter((x) => x !== m.id) })} />
        ))}
      </fieldset>
      <div className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-semibold text-slate-900">APCR — Análise Preliminar e Controle de Risco</h3>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" disabled={!template.data} onClick={() => setRisks(template.data?.items ?? [])}>Usar o modelo do clube</Button>
            <Button variant="secondary" size="sm" loading={saveTemplate.isPending} disabled={risks.length === 0}
              onClick={() => void saveTemplate.mutateAsync(risks).then(() => toast.success(CAMP_MSG.templateSaved), (err: unknown) => setError(errorMessage(err, 'Erro ao salvar o modelo.')))}>Salvar como modelo</Button>
          </div>
        </div>
        {risks.map((r, i) => (
          <div key={i} className="space-y-2 rounded-lg border border-slate-200 p-3" aria-label={`Item ${i + 1} da APCR`} role="group">
            <div className="flex items-start gap-2">
              <div className="min-w-0 flex-1"><TextField label={`Perigo ${i + 1}`} value={r.hazard} onChange={(e) => setRisk(i, { hazard: e.target.value })} /></div>
              <IconButton label={`Remover item ${i + 1}`} icon={<Trash2 aria-hidden="true" className="h-4 w-4" />} onClick={() => setRisks(risks.filter((_, j) => j !== i))} />
            </div>
            <div className="grid grid-cols-2 gap-2">
              <SelectField label="Probabilidade" value={r.likelihood} onChange={(e) => setRisk(i, { likelihood: Number(e.target.value) })}>
                {[1, 2, 3].map((v) => <option key={v} value={v}>{LEVEL_LABEL[v]}</option>)}
              </SelectField>
              <SelectField label="Gravidade" value={r.severity} onChange={(e) => setRisk(i, { severity: Number(e.target.value) })}>
                {[1, 2, 3].map((v) => <option key={v} value={v}>{LEVEL_LABEL[v]}</option>)}
              </SelectField>
            </div>
            <TextAreaField label="Medidas de controle" value={r.controls} onChange={(e) => setRisk(i, { controls: e.target.value })} />
            <TextField label="Responsável" value={r.responsible} onChange={(e) => setRisk(i, { responsible: e.target.value })} />
            <p className="text-xs text-slate-600">Risco {riskLevel(r.likelihood, r.severity).label.toLowerCase()}</p>
          </div>
        ))}
        <Button variant="secondary" size="sm" icon={<Plus aria-hidden="true" className="h-4 w-4" />} onClick={() => setRisks([...risks, { hazard: '', likelihood: 1, severity: 1, controls: '', responsible: '' }])}>Adicionar perigo</Button>
      </div>
      <ScheduleEditor items={schedule} setItems={setSchedule} startsOn={camp.event.starts_on} />
      {error ? <p role="alert" className="text-sm text-red-700">{error}</p> : null}
      <Button loading={save.isPending} onClick={() => void submit()}>Salvar saída</Button>
    </Card>
  );
}

function PrintableApcr({ camp, clubName }: { camp: TCamp; clubName: string }) {
  return (
    <Card className="camp-print space-y-3 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">APCR — {camp.event.title}</h2>
        <PrintButton variant="secondary" size="sm" className="print:hidden">Imprimir para assinaturas</PrintButton>
      </div>
      <p className="text-sm text-slate-700">{clubName} · {formatDate(camp.event.starts_on)} a {formatDate(camp.event.ends_on)} · {camp.event.place}</p>
      <p className="text-sm text-slate-700">Transporte: {camp.transport || '—'} · Locais: {camp.places || '—'}</p>
      <p className="text-sm text-slate-700">Voto da igreja: {camp.vote_minutes || '—'}, {camp.vote_number || '—'} · {ratioText(camp.leaders.length, camp.participants_count)}</p>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[560px] text-left text-sm">
          <thead><tr className="border-b border-slate-300"><th className="py-1 pr-2">Perigo</th><th className="pr-2">Prob.</th><th className="pr-2">Grav.</th><th className="pr-2">Risco</th><th className="pr-2">Controles</th><th>Responsável</th></tr></thead>
          <tbody>
            {camp.risks.map((r, i) => (
              <tr key={i} className="border-b border-slate-100 align-top">
                <td className="py-1 pr-2">{r.hazard}</td><td className="pr-2">{LEVEL_LABEL[r.likelihood]}</td><td className="pr-2">{LEVEL_LABEL[r.severity]}</td>
                <td className="pr-2">{r.level}</td><td className="pr-2">{r.controls}</td><td>{r.responsible}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="grid grid-cols-1 gap-6 pt-6 text-sm text-slate-700 sm:grid-cols-3">
        {['Diretor(a) do clube', 'Pastor distrital', 'Secretário(a) da igreja'].map((who) => <p key={who} className="border-t border-slate-400 pt-1">{who}</p>)}
      </div>
    </Card>
  );
}

function Report({ clubId, eventId, aviso, setAviso }: { clubId: string; eventId: string; aviso: string | null; setAviso: (id: string | null) => void }) {
  const report = useCampReport(clubId, eventId, true);
  if (report.isPending) return <PageSpinner label="Carregando o relatório…" />;
  if (report.isError) return <p role="alert" className="text-red-700">{errorMessage(report.error, 'Erro ao carregar o relatório.')}</p>;
  const r = report.data;
  const shown = r.incidents.find((i) => i.id === aviso);
  if (shown) {
    return (
      <Card className="camp-print space-y-2 p-4">
        <h2 className="text-lg font-semibold text-slate-900">Aviso de acidente</h2>
        <p className="text-sm">{r.club_name} · {r.camp.event.title} ({formatDate(r.camp.event.starts_on)} a {formatDate(r.camp.event.ends_on)})</p>
        <dl className="grid grid-cols-1 gap-1 text-sm sm:grid-cols-2">
          <dt className="font-medium">Pessoa acidentada</dt><dd>{shown.member_name ?? '—'}{shown.unit_name ? ` (${shown.unit_name})` : ''}</dd>
          <dt className="font-medium">Data e hora</dt><dd>{formatDateTime(shown.occurred_at)}</dd>
          <dt className="font-medium">Local</dt><dd>{shown.place}</dd>
          <dt className="font-medium">O que aconteceu</dt><dd>{shown.description}</dd>
          <dt className="font-medium">Primeiros socorros</dt><dd>{shown.first_aid || '—'}</dd>
          <dt className="font-medium">Responsável avisado</dt><dd>{shown.guardian_called ? 'Sim' : 'Não'}</dd>
          <dt className="font-medium">Atendimento médico</dt><dd>{shown.doctor_needed ? 'Sim' : 'Não'}</dd>
          <dt className="font-medium">Registrado por</dt><dd>{shown.recorded_by_name ?? '—'}</dd>
        </dl>
        <Photos clubId={clubId} eventId={eventId} incident={shown} />
        <p className="border-t border-slate-400 pt-6 text-sm">Assinatura da direção do clube</p>
        <div className="flex gap-2 print:hidden">
          <PrintButton size="sm" />
          <Button size="sm" variant="secondary" onClick={() => setAviso(null)}>Voltar</Button>
        </div>
      </Card>
    );
  }
  return (
    <Card className="space-y-3 p-4 print:hidden">
      <h2 className="text-lg font-semibold text-slate-900">Relatório da saída</h2>
      <p className="text-sm text-slate-700">Cobrado {formatMoney(r.finance.charged)} · pago {formatMoney(r.finance.paid)} · em aberto {formatMoney(r.finance.open)}</p>
      <h3 className="font-semibold text-slate-900">Contagens</h3>
      {r.movements.length === 0 ? <p className="text-sm text-slate-600">Nenhum deslocamento registrado.</p> : (
        <ul className="text-sm text-slate-800">{r.movements.map((m) => <li key={m.id}>{m.label}: saída {m.out}, chegada {m.in}{m.missing.length ? ` — faltou: ${m.missing.join(', ')}` : ''}</li>)}</ul>
      )}
      <h3 className="font-semibold text-slate-900">Participantes</h3>
      <ul className="text-sm text-slate-800">{r.participants.map((p) => <li key={p.member_id}>{p.full_name}{p.unit_name ? ` (${p.unit_name})` : ''}: {p.doses_given} doses dadas, {p.doses_skipped} puladas, {p.incidents} ocorrências</li>)}</ul>
      <h3 className="font-semibold text-slate-900">Ocorrências</h3>
      {r.incidents.length === 0 ? <p className="text-sm text-slate-600">Nenhuma ocorrência.</p> : (
        <ul className="space-y-1 text-sm text-slate-800">
          {r.incidents.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center gap-2">
              <span>{formatDateTime(i.occurred_at)} · {INCIDENT_KIND_LABEL[i.kind]}{i.member_name ? ` — ${i.member_name}` : ''}: {i.description}</span>
              <Photos clubId={clubId} eventId={eventId} incident={i} />
              {i.kind === 'acidente' ? <Button size="sm" variant="secondary" onClick={() => setAviso(i.id)}>Aviso de acidente</Button> : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The ocorrência's photos (the server checks who reads them: a named leader or the direction). */
function Photos({ clubId, eventId, incident }: { clubId: string; eventId: string; incident: TCampReport['incidents'][number] }) {
  if (incident.photos.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2" aria-label="Fotos da ocorrência">
      {incident.photos.map((p, n) => (
        <a key={p.id} href={`/api/clubs/${clubId}/events/${eventId}/camp/incidents/${incident.id}/photos/${p.id}`} target="_blank" rel="noreferrer">
          <img src={`/api/clubs/${clubId}/events/${eventId}/camp/incidents/${incident.id}/photos/${p.id}`} alt={`Foto ${n + 1} da ocorrência`} className="h-24 w-24 rounded border border-slate-200 object-cover print:h-40 print:w-40" />
        </a>
      ))}
    </div>
  );
}
