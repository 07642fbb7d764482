import { useState } from 'react';
import { Plus } from 'lucide-react';
import type { TRecurringTask } from '@shared/recurring';
import type { TTask } from '@shared/tasks';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { useTasks } from '../api/list-tasks';
import { useRecurringTasks } from '../api/list-recurring-tasks';
import { TasksTab } from '../components/tasks-tab';
import { RecurringTab } from '../components/recurring-tab';
import { TaskFormModal } from '../components/task-form-modal';
import { RecurringFormModal } from '../components/recurring-form-modal';

type Tab = 'tasks' | 'recurring';
type Form = { kind: 'task'; task: TTask | null } | { kind: 'recurring'; rt: TRecurringTask | null } | null;

/** 'Tarefas e Desafios': normal tasks and (for admins) recurring tasks, in two tabs with counts. */
export function Component() {
  const { club, clubId, can } = useSelectedClub();
  const isAdmin = can('tasks.manage');
  const tasks = useTasks(clubId);
  const recurring = useRecurringTasks(clubId, isAdmin);
  const [tab, setTab] = useState<Tab>('tasks');
  const [form, setForm] = useState<Form>(null);


  const tabs: Array<{ id: Tab; label: string; count: number | undefined }> = [
    { id: 'tasks', label: 'Tarefas', count: tasks.data?.length },
    ...(isAdmin ? [{ id: 'recurring' as const, label: 'Tarefas Recorrentes', count: recurring.data?.length }] : []),
  ];
  const newTask = () => setForm({ kind: 'task', task: null });
  const newRecurring = () => setForm({ kind: 'recurring', rt: null });

  return (
    <div>
      <PageHeader
        title="Tarefas e Desafios"
        description="Crie tarefas, quizzes e desafios para os membros do clube."
        actions={isAdmin ? (
          <Button icon={<Plus aria-hidden="true" className="h-4 w-4" />} onClick={tab === 'tasks' ? newTask : newRecurring}>
            {tab === 'tasks' ? 'Nova Tarefa' : 'Nova Tarefa Recorrente'}
          </Button>
        ) : null}
      />
      <Tabs label="Tipos de tarefa" tabs={tabs.map((t) => ({ key: t.id, label: `${t.label} (${t.count ?? '…'})` }))} value={tab} onChange={setTab} className="mb-5">
        {tab === 'tasks' ? (
          tasks.isLoading ? <PageSpinner /> : tasks.isError ? <p role="alert" className="text-red-700">Não foi possível carregar as tarefas.</p> : (
            <TasksTab clubId={clubId} tasks={tasks.data ?? []} isAdmin={isAdmin} onCreate={newTask} onEdit={(task) => setForm({ kind: 'task', task })} />
          )
        ) : recurring.isLoading ? <PageSpinner /> : recurring.isError ? <p role="alert" className="text-red-700">Não foi possível carregar as tarefas recorrentes.</p> : (
          <RecurringTab clubId={clubId} items={recurring.data ?? []} onCreate={newRecurring} onEdit={(rt) => setForm({ kind: 'recurring', rt })} />
        )}
      </Tabs>
      {form?.kind === 'task' ? <TaskFormModal clubId={clubId} task={form.task} onClose={() => setForm(null)} /> : null}
      {form?.kind === 'recurring' ? <RecurringFormModal clubId={clubId} timeZone={club.timezone} rt={form.rt} onClose={() => setForm(null)} /> : null}
    </div>
  );
}
