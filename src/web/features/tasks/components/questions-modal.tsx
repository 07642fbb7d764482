import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { CheckCircle2, Pencil, Plus, Trash2 } from 'lucide-react';
import { ANSWER_TYPE_LABELS, QUESTION_MSG, type TQuestion, type TTask } from '@shared/tasks';
import { Button, IconButton } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { Tag } from '../../../components/ui/tag';
import { useQuestions } from '../api/list-questions';
import { useDeleteQuestion } from '../api/delete-question';
import { useReorderQuestions } from '../api/reorder-questions';
import { QuestionForm } from './question-form';
import { ReorderButtons } from './reorder-buttons';

/** A quiz's or form's questions: numbered list with the right option marked, create/edit/delete/reorder. */
export function QuestionsModal({ clubId, task, onClose }: { clubId: string; task: TTask; onClose: () => void }) {
  const questions = useQuestions(clubId, task.id);
  const remove = useDeleteQuestion(clubId, task.id);
  const reorder = useReorderQuestions(clubId, task.id);
  const [editing, setEditing] = useState<TQuestion | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TQuestion | null>(null);
  const list = questions.data ?? [];
  const ids = list.map((q) => q.id);

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(QUESTION_MSG.deleted);
      setDeleting(null);
    } catch {
      toast.error(QUESTION_MSG.deleteError);
    }
  }

  return (
    <Modal open title={`Perguntas — ${task.title}`} onClose={onClose} size="xl" footer={<Button onClick={onClose}>Concluído</Button>}>
      <div className="space-y-4">
        {questions.isLoading ? <Spinner /> : null}
        {questions.isSuccess && list.length === 0 ? <p className="text-slate-600">Nenhuma pergunta cadastrada ainda.</p> : null}
        <ol className="space-y-3" aria-label="Perguntas">
          {list.map((q, i) => (
            <li key={q.id} className="rounded-lg border border-slate-200 p-3">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <p className="font-medium"><span className="text-slate-500">{i + 1}.</span> {q.text}</p>
                <div className="flex items-center">
                  <ReorderButtons ids={ids} index={i} label={`pergunta ${i + 1}`} disabled={reorder.isPending} onReorder={(next) => reorder.mutate(next, { onError: () => toast.error(QUESTION_MSG.saveError) })} />
                  <IconButton label={`Editar pergunta ${i + 1}`} icon={<Pencil className="h-4 w-4" />} onClick={() => setEditing(q)} />
                  <IconButton label={`Excluir pergunta ${i + 1}`} icon={<Trash2 className="h-4 w-4 text-red-700" />} onClick={() => setDeleting(q)} />
                </div>
              </div>
              <Tag tone="violet">{ANSWER_TYPE_LABELS[q.answer_type]}</Tag>
              {q.options ? (
                <ul className="mt-2 space-y-1 text-sm">
                  {q.options.map((o) => (
                    <li key={o} className={o === q.correct_answer ? 'flex items-center gap-1 font-semibold text-emerald-800' : 'pl-5 text-slate-700'}>
                      {o === q.correct_answer ? <CheckCircle2 aria-hidden="true" className="h-4 w-4" /> : null}
                      {o}
                      {o === q.correct_answer ? <span className="sr-only"> (resposta correta)</span> : null}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
        {editing ? (
          <QuestionForm key={editing === 'new' ? 'new' : editing.id} clubId={clubId} taskId={task.id} question={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        ) : (
          <Button variant="secondary" icon={<Plus aria-hidden="true" className="h-4 w-4" />} onClick={() => setEditing('new')}>Nova Pergunta</Button>
        )}
      </div>
      <ConfirmDialog open={deleting !== null} message={QUESTION_MSG.confirmDelete} loading={remove.isPending} onConfirm={confirmDelete} onCancel={() => setDeleting(null)} />
    </Modal>
  );
}
