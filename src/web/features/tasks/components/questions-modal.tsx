import { CheckCircle2 } from 'lucide-react';
import { ANSWER_TYPE_LABELS, QUESTION_MSG, type TQuestion, type TTask } from '@shared/tasks';
import { Tag } from '../../../components/ui/tag';
import { useQuestions } from '../api/list-questions';
import { useDeleteQuestion } from '../api/delete-question';
import { useReorderQuestions } from '../api/reorder-questions';
import { OrderedListModal } from './ordered-list-modal';
import { QuestionForm } from './question-form';

function QuestionItem({ q, index }: { q: TQuestion; index: number }) {
  return (
    <>
      <p className="font-medium"><span className="text-slate-500">{index + 1}.</span> {q.text}</p>
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
    </>
  );
}

/** A quiz's or form's questions: numbered list with the right option marked, create/edit/delete/reorder. */
export function QuestionsModal({ clubId, task, onClose }: { clubId: string; task: TTask; onClose: () => void }) {
  return (
    <OrderedListModal<TQuestion>
      title={`Perguntas — ${task.title}`}
      listLabel="Perguntas"
      noun="pergunta"
      emptyText="Nenhuma pergunta cadastrada ainda."
      newLabel="Nova Pergunta"
      messages={QUESTION_MSG}
      query={useQuestions(clubId, task.id)}
      remove={useDeleteQuestion(clubId, task.id)}
      reorder={useReorderQuestions(clubId, task.id)}
      renderItem={(q, i) => <QuestionItem q={q} index={i} />}
      renderForm={(q, done) => <QuestionForm clubId={clubId} taskId={task.id} taskType={task.type} question={q} onDone={done} />}
      onClose={onClose}
    />
  );
}
