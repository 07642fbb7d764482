import { useState } from 'react';
import { CheckSquare } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { Tabs } from '../../../components/ui/tabs';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { useMyTasks } from '../api/list-my-tasks';
import { TaskModal } from '../components/task-modal';
import { TaskCard, actionLabelFor, groupTasks } from '../components/task-card';

const TABS = [
  { key: 'available', label: 'Disponíveis', empty: 'Nenhuma tarefa disponível agora.' },
  { key: 'waiting', label: 'Aguardando aprovação', empty: 'Nenhum envio aguardando aprovação.' },
  { key: 'done', label: 'Concluídas', empty: 'Você ainda não concluiu nenhuma tarefa.' },
] as const;

export function Component() {
  const { clubId } = useSelectedClub();
  const tasks = useMyTasks(clubId);
  const [tab, setTab] = useState<(typeof TABS)[number]['key']>('available');
  const [openTask, setOpenTask] = useState<string | null>(null);

  const groups = groupTasks(tasks.data ?? []);
  const current = TABS.find((t) => t.key === tab) ?? TABS[0];
  const list = groups[current.key];

  return (
    <div>
      <PageHeader title="Minhas Tarefas" description="Escolha uma tarefa, conclua e acompanhe seus pontos." />
      <Tabs look="pill" label="Situação das tarefas" tabs={TABS.map((t) => ({ key: t.key, label: `${t.label} (${groups[t.key].length})` }))} value={tab} onChange={setTab} />
      <div role="tabpanel" aria-label={current.label}>
        {tasks.isLoading ? <PageSpinner /> : null}
        {tasks.isError ? <p role="alert" className="text-red-700">Não foi possível carregar suas tarefas.</p> : null}
        {tasks.isSuccess && list.length === 0 ? <EmptyState icon={<CheckSquare className="h-10 w-10" />} message={current.empty} /> : null}
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {list.map((t) => (
            <TaskCard key={t.id} task={t} actionLabel={actionLabelFor(t)} onOpen={() => setOpenTask(t.id)} />
          ))}
        </div>
      </div>
      <TaskModal clubId={clubId} taskId={openTask} onClose={() => setOpenTask(null)} />
    </div>
  );
}
