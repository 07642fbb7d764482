import { Award, ListChecks, ListOrdered, MessageSquareText, Pencil, Repeat, Trash2 } from 'lucide-react';
import { QUESTION_TASK_TYPES, SUBTASK_TASK_TYPE, TASK_TYPE_LABELS, type TTask } from '@shared/tasks';
import { Card } from '../../../components/ui/card';
import { IconButton } from '../../../components/ui/button';
import { ActiveTag, Tag } from '../../../components/ui/tag';
import { formatDateTime } from '../../../lib/format';
import { plural } from '@shared/plural';

export type TaskAction = 'edit' | 'questions' | 'answers' | 'subtasks' | 'badges' | 'delete';

/** One task: what members see, plus the admin's buttons. */
export function TaskCard({ task, isAdmin, onAction }: { task: TTask; isAdmin: boolean; onAction: (a: TaskAction, t: TTask) => void }) {
  return (
    <Card className="flex flex-col gap-3" role="article" aria-label={task.title}>
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{task.title}</h3>
        <span className="shrink-0 text-lg font-bold text-emerald-700">{plural(task.points, 'pt', 'pts')}</span>
      </div>
      <div className="flex flex-wrap gap-1.5">
        <Tag tone="violet">{TASK_TYPE_LABELS[task.type]}</Tag>
        <ActiveTag active={task.active} feminine />
        {task.available_date ? <Tag tone="blue">Disponível para todos</Tag> : null}
        {task.daily_limit ? <Tag tone="gray">Limite por dia: {task.daily_limit}</Tag> : null}
        {task.recurring_task_id ? <Tag tone="amber"><Repeat aria-hidden="true" className="mr-1 h-3 w-3" />Recorrente</Tag> : null}
      </div>
      {task.description ? <p className="text-sm text-slate-700">{task.description}</p> : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-sm text-slate-600">
        {task.available_date ? <><dt>Disponível a partir de:</dt><dd>{formatDateTime(task.available_date)}</dd></> : null}
        {task.due_date ? <><dt>Prazo:</dt><dd>{formatDateTime(task.due_date)}</dd></> : null}
      </dl>
      {isAdmin ? (
        <div className="mt-auto flex flex-wrap items-center gap-1 border-t border-slate-100 pt-2">
          <IconButton label={`Editar ${task.title}`} icon={<Pencil className="h-4 w-4" />} onClick={() => onAction('edit', task)} />
          {QUESTION_TASK_TYPES.includes(task.type) ? (
            <>
              <IconButton label={`Perguntas de ${task.title}`} icon={<ListOrdered className="h-4 w-4" />} onClick={() => onAction('questions', task)} />
              <IconButton label={`Respostas de ${task.title}`} icon={<MessageSquareText className="h-4 w-4" />} onClick={() => onAction('answers', task)} />
            </>
          ) : null}
          {task.type === SUBTASK_TASK_TYPE ? (
            <IconButton label={`Subtarefas de ${task.title}`} icon={<ListChecks className="h-4 w-4" />} onClick={() => onAction('subtasks', task)} />
          ) : null}
          <IconButton label={`Badges de ${task.title}`} icon={<Award className="h-4 w-4" />} onClick={() => onAction('badges', task)} />
          <IconButton label={`Excluir ${task.title}`} icon={<Trash2 className="h-4 w-4 text-red-700" />} onClick={() => onAction('delete', task)} className="ml-auto" />
        </div>
      ) : null}
    </Card>
  );
}
