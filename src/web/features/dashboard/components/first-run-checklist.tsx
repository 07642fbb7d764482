import { Link } from 'react-router';
import { CheckCircle2, Circle } from 'lucide-react';
import type { TDashboardCounts } from '@shared/clubs';
import { Card } from '../../../components/ui/card';

interface Step {
  label: string;
  hint: string;
  to: string;
  action: string;
  done: boolean;
}

/** The five steps from a new account to a club that scores, each done as soon as the data says so. */
export function setupSteps(counts: TDashboardCounts | null): Step[] {
  return [
    { label: 'Criar o clube', hint: 'Nome e fuso horário; você assume a direção.', to: '/dashboard/clubes/novo', action: 'Criar clube', done: counts !== null },
    { label: 'Cadastrar as unidades', hint: 'As equipes do clube, cada uma com sua cor.', to: '/dashboard/unidades', action: 'Criar a primeira unidade', done: (counts?.units ?? 0) > 0 },
    { label: 'Criar um período', hint: 'Trimestre, temporada: o ranking compara períodos.', to: '/dashboard/periodos', action: 'Criar o primeiro período', done: (counts?.periods ?? 0) > 0 },
    { label: 'Adicionar os membros', hint: 'Um a um, por convite ou por planilha (CSV).', to: '/dashboard/membros', action: 'Adicionar o primeiro membro', done: (counts?.active_members ?? 0) > 1 },
    { label: 'Criar a primeira tarefa', hint: 'Uma tarefa vale pontos; a turma já pode pontuar.', to: '/dashboard/tarefas', action: 'Criar a primeira tarefa', done: (counts?.active_tasks ?? 0) > 0 },
  ];
}

/** Whether the club still has a step to do (the panel shows the checklist until then). */
export const needsSetup = (counts: TDashboardCounts) => setupSteps(counts).some((s) => !s.done);

/**
 * 'Primeiros passos': what a new director does, in order, with the next step's button; shown
 * instead of an empty club selector before there is a club, and on the panel until the club is set up.
 */
export function FirstRunChecklist({ counts }: { counts: TDashboardCounts | null }) {
  const steps = setupSteps(counts);
  const next = steps.find((s) => !s.done);
  const done = steps.filter((s) => s.done).length;
  return (
    <Card role="region" aria-labelledby="primeiros-passos" className="mt-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="primeiros-passos" className="text-lg font-semibold text-slate-900">Primeiros passos</h2>
        <p className="text-sm text-slate-600">{done} de {steps.length} feitos</p>
      </div>
      <ol className="mt-3 space-y-3">
        {steps.map((s) => (
          <li key={s.label} className="flex items-start gap-3" aria-current={s === next ? 'step' : undefined}>
            {s.done ? (
              <CheckCircle2 aria-label="Feito" className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" />
            ) : (
              <Circle aria-label="A fazer" className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" />
            )}
            <div className="min-w-0 flex-1">
              <p className={s.done ? 'text-slate-600 line-through' : 'font-medium text-slate-900'}>{s.label}</p>
              {s.done ? null : <p className="text-sm text-slate-600">{s.hint}</p>}
              {s === next ? (
                <Link to={s.to} className="mt-2 inline-flex rounded-lg bg-emerald-700 px-4 py-2 text-sm font-medium text-white hover:bg-emerald-800">
                  {s.action}
                </Link>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}
