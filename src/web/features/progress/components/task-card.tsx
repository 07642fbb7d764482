import { AlertTriangle, CalendarClock } from 'lucide-react';
import { dailyCapReached, isToDoNow, type TMyTask } from '@shared/progress';
import { TASK_TYPE_LABELS } from '@shared/tasks';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Tag } from '../../../components/ui/tag';
import { formatDateTime } from '@web/lib/format';
import { TaskStatusTag } from './task-status-tag';
import { plural } from '@shared/plural';

/** One task in 'Minhas Tarefas' (or in a member's list for an admin), with its main action. */
export function TaskCard({ task, actionLabel, onOpen }: { task: TMyTask; actionLabel: string; onOpen: () => void }) {
  return (
    <Card className="flex flex-col gap-3">
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{task.title}</h3>
        {/* What the task really pays: a milestone's subtasks pay on top of its own points. */}
        <Tag tone="amber">{plural(task.points + task.subtasks_points, 'pt', 'pts')}</Tag>
      </div>
      <div className="flex flex-wrap gap-2">
        <Tag tone="violet">{TASK_TYPE_LABELS[task.type]}</Tag>
        <TaskStatusTag status={task.status} />
        {task.type === 'accumulative' && task.completions > 0 ? <Tag tone="green">{task.completions}× concluída</Tag> : null}
        {task.type === 'milestone' && task.subtasks_total > 0 ? <Tag tone="blue">{task.subtasks_done}/{plural(task.subtasks_total, 'subtarefa', 'subtarefas')}</Tag> : null}
      </div>
      {task.description ? <p className="line-clamp-3 text-sm text-slate-600">{task.description}</p> : null}
      {task.status === 'rejected' && task.reject_reason ? (
        <p className="flex items-start gap-2 rounded-lg bg-red-50 px-2 py-1.5 text-sm text-red-900">
          <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" /> Rejeitado: {task.reject_reason}
        </p>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-1">
        <span className="flex items-center gap-1 text-xs text-slate-600">
          {task.due_date ? (<><CalendarClock aria-hidden="true" className="h-4 w-4" /> Até {formatDateTime(task.due_date)}</>) : null}
          {task.points_earned > 0 ? <span className="ml-1 font-medium text-emerald-800">{plural(task.points_earned, 'ponto ganho', 'pontos ganhos')}</span> : null}
        </span>
        <Button size="sm" variant={task.available_now ? 'primary' : 'secondary'} onClick={onOpen} aria-label={`${actionLabel}: ${task.title}`}>{actionLabel}</Button>
      </div>
    </Card>
  );
}

/** Splits tasks into what can be done now, what waits for approval and what is done. */
export function groupTasks(tasks: TMyTask[]) {
  const done = (t: TMyTask) => t.status === 'completed' || t.status === 'approved';
  return {
    available: tasks.filter(isToDoNow),
    // Sent and waiting for a leader: never offered again as a task to do.
    waiting: tasks.filter((t) => t.status === 'submitted'),
    done: tasks.filter((t) => done(t) || (t.type === 'accumulative' && t.completions > 0)),
  };
}

export function actionLabelFor(task: TMyTask): string {
  if (task.status === 'completed' || task.status === 'approved' || task.status === 'submitted' || !task.available_now) {
    return task.type === 'accumulative' && task.available_now && !dailyCapReached(task) ? 'Concluir novamente' : 'Ver';
  }
  if (task.status === 'rejected') return 'Reenviar';
  return task.status === 'pending' ? 'Continuar' : 'Fazer';
}
