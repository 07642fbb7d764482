import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-hot-toast';
import { Printer } from 'lucide-react';
import { GOALS_MAX } from '@shared/associacao-plan';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { DateInput } from '@web/components/ui/date-input';
import { EmptyState } from '@web/components/ui/empty-state';
import { SelectField, TextAreaField } from '@web/components/ui/field';
import { PageHeader } from '@web/components/ui/page-header';
import { PageSpinner } from '@web/components/ui/spinner';
import { Tag } from '@web/components/ui/tag';
import { ReportError } from '@web/components/report';
import { errorMessage } from '@web/lib/api';
import { isoToBrDate } from '@web/lib/br-date';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { usePlan, useSavePlan } from '../api/plan';
import { AssociacaoNav } from '../components/associacao-nav';

/** The annual plan: the goals the direction types, "planejamento anual assinado" with its date, and the printable document. */
export function Component() {
  const current = useSelectedClub();
  if (!current.can('associacao.manage')) return <EmptyState message="O planejamento anual é preparado pela direção e pela secretaria." />;
  return <PlanScreen clubId={current.clubId} />;
}

function PlanScreen({ clubId }: { clubId: string }) {
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(new Date().getMonth() >= 9 ? thisYear + 1 : thisYear);
  const plan = usePlan(clubId, year);
  const save = useSavePlan(clubId);
  const [goals, setGoals] = useState('');
  const [signedOn, setSignedOn] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (plan.data) {
      setGoals(plan.data.goals);
      setSignedOn(plan.data.signed_on ?? '');
    }
  }, [plan.data]);
  if (plan.isLoading) return <PageSpinner label="Carregando o planejamento…" />;
  if (plan.isError || !plan.data) return <ReportError error={plan.error} />;
  const p = plan.data;
  const counts = { meetings: p.calendar.items.filter((i) => i.kind === 'meeting').length, others: p.calendar.items.filter((i) => i.kind !== 'meeting').length };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    try {
      await save.mutateAsync({ year, goals, signed_on: signedOn || null });
      setError(null);
      toast.success('Planejamento salvo.');
    } catch (err) {
      setError(errorMessage(err, 'Erro ao salvar o planejamento.'));
    }
  }

  return (
    <div className="mx-auto max-w-5xl">
      <AssociacaoNav />
      <PageHeader
        title={`Planejamento anual ${year}`}
        description="A diretoria, o calendário do ano e as metas, num documento para imprimir e assinar."
        actions={<Link className="inline-flex items-center gap-2 rounded-lg bg-emerald-700 px-4 py-2 text-sm font-medium text-white hover:bg-emerald-800" to={`/planejamento-anual/${clubId}/${year}`}><Printer aria-hidden="true" className="h-4 w-4" />Abrir para imprimir</Link>}
      />
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_18rem]">
        <Card>
          <form onSubmit={(e) => void submit(e)} aria-label="Planejamento anual" className="space-y-4">
            <SelectField label="Ano" value={String(year)} onChange={(e) => setYear(Number(e.currentTarget.value))}>
              {[thisYear - 1, thisYear, thisYear + 1].map((y) => <option key={y} value={y}>{y}</option>)}
            </SelectField>
            <TextAreaField label="Metas do ano" rows={8} maxLength={GOALS_MAX} value={goals} onChange={(e) => setGoals(e.currentTarget.value)} hint="Uma meta por linha (ex.: investir 20 membros; participar do campori)." />
            <DateInput label="Planejamento assinado em (pastor distrital e coordenador regional)" value={signedOn} onChange={(e) => setSignedOn(e.target.value)} hint="Deixe em branco enquanto não estiver assinado." />
            {error ? <p role="alert" className="text-sm text-red-800">{error}</p> : null}
            <div className="flex justify-end"><Button type="submit" loading={save.isPending}>Salvar</Button></div>
          </form>
        </Card>
        <Card aria-label="Resumo">
          <h2 className="mb-2 font-semibold text-slate-900">No documento</h2>
          <ul className="space-y-1 text-sm text-slate-800">
            <li>{p.diretoria.length} {p.diretoria.length === 1 ? 'cargo' : 'cargos'} da diretoria</li>
            <li>{counts.meetings} {counts.meetings === 1 ? 'reunião' : 'reuniões'} e {counts.others} {counts.others === 1 ? 'outra data' : 'outras datas'}</li>
            <li>{p.signed_on ? <Tag tone="green">Assinado em {isoToBrDate(p.signed_on)}</Tag> : <Tag tone="amber">Ainda não assinado</Tag>}</li>
          </ul>
          <p className="mt-3 text-sm"><Link className="font-medium text-emerald-800 underline" to="/dashboard/calendario">Editar o calendário</Link></p>
        </Card>
      </div>
    </div>
  );
}
