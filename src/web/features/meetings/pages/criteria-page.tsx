import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Plus } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { MEETING_MSG, type TCriterion } from '@shared/meetings';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { IntegerInput } from '../../../components/ui/integer-input';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { useCriteria } from '../api/list-criteria';
import { useSaveCriterion } from '../api/save-criterion';

export function Component() {
  const current = useSelectedClub();
  return <CriteriaScreen clubId={current.clubId} isAdmin={current.isAdmin} />;
}

const AUTO_HINT: Record<string, string> = { attended: 'Marcado ao escolher Presente ou Atrasado', on_time: 'Marcado ao escolher Presente' };

function CriterionRow({ clubId, criterion, isAdmin }: { clubId: string; criterion: TCriterion | null; isAdmin: boolean }) {
  const save = useSaveCriterion(clubId);
  const [name, setName] = useState(criterion?.name ?? '');
  const [points, setPoints] = useState(String(criterion?.points ?? ''));
  const [position, setPosition] = useState(String(criterion?.position ?? 10));
  const [active, setActive] = useState(criterion?.active ?? true);

  async function submit() {
    try {
      await save.mutateAsync({ id: criterion?.id ?? null, input: { name, points, position, active } });
      toast.success(criterion ? 'Critério atualizado!' : 'Critério criado!');
      if (!criterion) {
        setName('');
        setPoints('');
      }
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao salvar o critério.'));
    }
  }

  return (
    <Card role="group" aria-label={criterion ? `Critério ${criterion.name}` : 'Novo critério'} className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_auto_auto] sm:items-end">
      <TextField label="Nome" value={name} onChange={(e) => setName(e.target.value)} disabled={!isAdmin} hint={criterion?.auto_tick ? AUTO_HINT[criterion.auto_tick] : undefined} />
      <IntegerInput label="Pontos" value={points} onChange={(e) => setPoints(e.target.value)} disabled={!isAdmin} />
      <IntegerInput label="Ordem" value={position} onChange={(e) => setPosition(e.target.value)} disabled={!isAdmin} />
      <label className="flex items-center gap-2 pb-2 text-sm text-slate-800">
        <input type="checkbox" className="h-4 w-4 accent-emerald-700" checked={active} onChange={(e) => setActive(e.target.checked)} disabled={!isAdmin} /> Ativo
      </label>
      {isAdmin ? (
        <Button variant={criterion ? 'secondary' : 'primary'} loading={save.isPending} icon={criterion ? undefined : <Plus aria-hidden="true" className="h-4 w-4" />} onClick={() => void submit()}>
          {criterion ? 'Salvar' : 'Adicionar'}
        </Button>
      ) : null}
    </Card>
  );
}

function CriteriaScreen({ clubId, isAdmin }: { clubId: string; isAdmin: boolean }) {
  const criteria = useCriteria(clubId);
  return (
    <div className="mx-auto max-w-4xl">
      <Link to="/dashboard/reunioes" className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-emerald-800 hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Reuniões
      </Link>
      <PageHeader title="Critérios de Inspeção" description="O que vale ponto na chamada. Quem falta não pontua; Presença e Pontualidade seguem a situação, mas podem ser desmarcadas." />
      {criteria.isLoading ? <PageSpinner /> : null}
      {criteria.isError ? <p role="alert" className="text-red-700">{MEETING_MSG.readForbidden}</p> : null}
      <div className="space-y-3">
        {criteria.data?.map((c) => <CriterionRow key={`${c.id}:${c.points}:${c.active}:${c.name}:${c.position}`} clubId={clubId} criterion={c} isAdmin={isAdmin} />)}
        {isAdmin ? (
          <>
            <h2 className="pt-4 text-lg font-semibold text-slate-900">Novo critério</h2>
            <CriterionRow clubId={clubId} criterion={null} isAdmin={isAdmin} />
          </>
        ) : null}
      </div>
    </div>
  );
}
