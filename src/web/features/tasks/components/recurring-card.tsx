import { Pencil, Power, PowerOff, Trash2 } from 'lucide-react';
import { RECURRING_MSG, type TRecurringTask } from '@shared/recurring';
import { TASK_TYPE_LABELS } from '@shared/tasks';
import { Card } from '../../../components/ui/card';
import { IconButton } from '../../../components/ui/button';
import { ActiveTag, Tag } from '../../../components/ui/tag';
import { formatDate, formatDateTime } from '../../../lib/format';
import { frequencyLabel, whenLabel } from './recurring-labels';
import { plural } from '@shared/plural';

export type RecurringAction = 'edit' | 'toggle' | 'delete';

/** One recurring task: its schedule, last and next generation, validity, and the admin's buttons. */
export function RecurringCard({ rt, busy, onAction }: { rt: TRecurringTask; busy: boolean; onAction: (a: RecurringAction, rt: TRecurringTask) => void }) {
  const validity = `${formatDate(rt.start_date)} — ${rt.end_date ? formatDate(rt.end_date) : RECURRING_MSG.noEnd}`;
  return (
    <Card className="flex flex-col gap-3" role="article" aria-label={rt.title}>
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{rt.title}</h3>
        <span className="shrink-0 text-lg font-bold text-emerald-700">{plural(rt.points, 'pt', 'pts')}</span>
      </div>
      <div className="flex flex-wrap gap-1.5">
        <Tag tone="amber">{frequencyLabel(rt)}</Tag>
        <Tag tone="violet">{TASK_TYPE_LABELS[rt.type]}</Tag>
        <ActiveTag active={rt.active} feminine />
      </div>
      {rt.description ? <p className="text-sm text-slate-700">{rt.description}</p> : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-sm text-slate-600">
        <dt>{rt.frequency === 'monthly' ? 'Dia do mês:' : 'Dias:'}</dt><dd>{whenLabel(rt)}</dd>
        <dt>Horário:</dt><dd>{rt.generation_time.slice(0, 5)}</dd>
        <dt>Duração:</dt><dd>{rt.duration_hours}h</dd>
        <dt>Última geração:</dt><dd>{rt.last_generated_date ? formatDateTime(rt.last_generated_date) : RECURRING_MSG.never}</dd>
        <dt>Próxima geração:</dt><dd>{rt.next_generation_date ? formatDateTime(rt.next_generation_date) : '-'}</dd>
        <dt>Vigência:</dt><dd>{validity}</dd>
        <dt>Geradas:</dt><dd>{rt.generated_count}</dd>
      </dl>
      <div className="mt-auto flex flex-wrap items-center gap-1 border-t border-slate-100 pt-2">
        <IconButton label={`Editar ${rt.title}`} icon={<Pencil className="h-4 w-4" />} onClick={() => onAction('edit', rt)} />
        <IconButton
          label={`${rt.active ? 'Desativar' : 'Ativar'} ${rt.title}`}
          icon={rt.active ? <PowerOff className="h-4 w-4" /> : <Power className="h-4 w-4 text-emerald-700" />}
          disabled={busy}
          onClick={() => onAction('toggle', rt)}
        />
        <IconButton label={`Excluir ${rt.title}`} icon={<Trash2 className="h-4 w-4 text-red-700" />} onClick={() => onAction('delete', rt)} className="ml-auto" />
      </div>
    </Card>
  );
}
