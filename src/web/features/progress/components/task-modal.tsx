import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CheckCircle2, Circle, FileUp, XCircle } from 'lucide-react';
import { toast } from 'react-hot-toast';
import {
  EVIDENCE_ACCEPT, dailyCapReached, EVIDENCE_MAX_BYTES, EVIDENCE_MAX_LABEL, EVIDENCE_TYPES_LABEL, PROGRESS_MSG, type TMyTaskDetail,
} from '@shared/progress';
import { TASK_TYPE_LABELS } from '@shared/tasks';
import { Button } from '../../../components/ui/button';
import { FormError, TextAreaField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { FilePicker } from '../../../components/ui/file-picker';
import { Spinner } from '../../../components/ui/spinner';
import { Tag } from '../../../components/ui/tag';
import { errorMessage } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format';
import { useMyTask } from '../api/get-my-task';
import { useCompleteSubtask, useCompleteTask, useStartTask } from '../api/complete-task';
import { useSubmitEvidence } from '../api/submit-evidence';
import { toastCompletion } from './completion-toast';
import { TaskStatusTag } from './task-status-tag';
import { plural } from '@shared/plural';

interface TaskModalProps {
  clubId: string;
  taskId: string | null;
  /** Recording on behalf of this member (admins and unit counsellors). */
  member?: { id: string; name: string };
  onClose: () => void;
}

/** Doing one task: confirm, answer, tick subtasks or send evidence, depending on its type. */
export function TaskModal({ clubId, taskId, member, onClose }: TaskModalProps) {
  const detail = useMyTask(clubId, taskId, member?.id);
  const start = useStartTask(clubId);
  const started = useRef<string | null>(null);
  const task = detail.data;

  // Choosing a task creates the member's assignment (spec 4).
  useEffect(() => {
    if (!member && task && task.status === null && task.available_now && started.current !== task.id) {
      started.current = task.id;
      start.mutate(task.id);
    }
  }, [member, task, start]);

  return (
    <Modal open={taskId !== null} title={task?.title ?? 'Tarefa'} onClose={onClose} size="lg">
      {detail.isLoading ? <Spinner /> : null}
      {detail.isError ? <FormError message={errorMessage(detail.error, 'Erro ao carregar a tarefa.')} /> : null}
      {task ? <TaskBody clubId={clubId} task={task} member={member} onDone={onClose} /> : null}
    </Modal>
  );
}

function TaskBody({ clubId, task, member, onDone }: { clubId: string; task: TMyTaskDetail; member?: { id: string; name: string }; onDone: () => void }) {
  const done = task.status === 'completed' || task.status === 'approved';
  const repeatable = task.type === 'accumulative';
  const capReached = dailyCapReached(task);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <Tag tone="violet">{TASK_TYPE_LABELS[task.type]}</Tag>
        <Tag tone="amber">{plural(task.points, 'ponto', 'pontos')}</Tag>
        <TaskStatusTag status={task.status} />
        {task.due_date ? <span className="text-sm text-slate-600">Prazo: {formatDateTime(task.due_date)}</span> : null}
      </div>
      {member ? <p className="rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900">Registrando para <strong>{member.name}</strong>.</p> : null}
      {task.description ? <p className="whitespace-pre-line text-slate-700">{task.description}</p> : null}
      {repeatable && task.completions > 0 ? (
        <p className="text-sm text-slate-700">Concluída {plural(task.completions, 'vez', 'vezes')} · {plural(task.points_earned, 'ponto acumulado', 'pontos acumulados')}.</p>
      ) : null}
      {repeatable && task.daily_limit !== null ? (
        <p className="text-sm text-slate-700">Limite por dia: {task.daily_limit} · hoje: {task.completions_today ?? 0} de {task.daily_limit}.</p>
      ) : null}
      {repeatable && capReached ? <p className="font-medium text-amber-800">{PROGRESS_MSG.dailyLimitReached}</p> : null}
      {done && !repeatable && task.type !== 'milestone' && task.type !== 'quiz' && task.type !== 'form' ? (
        <p className="flex items-center gap-2 font-medium text-emerald-800"><CheckCircle2 aria-hidden="true" className="h-5 w-5" /> Concluída em {formatDateTime(task.last_completed_at)} · {plural(task.points_earned, 'ponto', 'pontos')}.</p>
      ) : null}
      {task.type === 'quiz' || task.type === 'form' ? <QuestionsForm clubId={clubId} task={task} member={member} onDone={onDone} /> : null}
      {task.type === 'milestone' && task.subtasks.length > 0 ? <SubtaskList clubId={clubId} task={task} member={member} /> : null}
      {task.type === 'submission' && !member ? <EvidenceForm clubId={clubId} task={task} onDone={onDone} /> : null}
      {(task.type === 'check' || task.type === 'accumulative' || (task.type === 'milestone' && task.subtasks.length === 0) || (task.type === 'submission' && member)) &&
      (!done || repeatable) && !capReached ? (
        <ConfirmButton clubId={clubId} task={task} member={member} onDone={onDone} />
      ) : null}
    </div>
  );
}

function ConfirmButton({ clubId, task, member, onDone }: { clubId: string; task: TMyTaskDetail; member?: { id: string; name: string }; onDone: () => void }) {
  const complete = useCompleteTask(clubId);
  const [error, setError] = useState<string | null>(null);
  const label = member
    ? task.type === 'submission' ? 'Registrar como aprovada' : 'Registrar conclusão'
    : task.type === 'accumulative' && task.completions > 0 ? 'Concluir novamente' : 'Marcar como concluída';
  async function confirm() {
    setError(null);
    try {
      const result = await complete.mutateAsync({ taskId: task.id, body: member ? { profile_id: member.id } : {} });
      toastCompletion(result, Boolean(member));
      onDone();
    } catch (err) {
      setError(errorMessage(err, PROGRESS_MSG.completeError));
      toast.error(errorMessage(err, PROGRESS_MSG.completeError));
    }
  }
  return (
    <div className="space-y-2">
      <FormError message={error} />
      <div className="flex justify-end">
        <Button onClick={confirm} loading={complete.isPending} icon={<CheckCircle2 aria-hidden="true" className="h-4 w-4" />}>{label}</Button>
      </div>
    </div>
  );
}

function QuestionsForm({ clubId, task, member, onDone }: { clubId: string; task: TMyTaskDetail; member?: { id: string; name: string }; onDone: () => void }) {
  const complete = useCompleteTask(clubId);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const answered = task.questions.some((q) => q.my_answer !== null);

  if (task.questions.length === 0 && !answered && task.status !== 'completed') {
    return <ConfirmButton clubId={clubId} task={task} member={member} onDone={onDone} />;
  }
  if (answered || task.status === 'completed') {
    return (
      <div className="space-y-3">
        {task.type === 'quiz' ? (
          <p className="font-medium text-emerald-800">Resultado: {task.questions.filter((q) => q.is_correct).length} de {task.questions.filter((q) => q.answer_type !== 'free_text').length} corretas · {plural(task.points_earned, 'ponto', 'pontos')}.</p>
        ) : (
          <p className="font-medium text-emerald-800">Respostas enviadas · {plural(task.points_earned, 'ponto', 'pontos')}.</p>
        )}
        <ol className="space-y-2">
          {task.questions.map((q, i) => (
            <li key={q.id} className="rounded-lg border border-slate-200 p-3">
              <p className="font-medium">{i + 1}. {q.text}</p>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                {q.is_correct === true ? <span className="inline-flex items-center gap-1 font-semibold text-emerald-800"><CheckCircle2 aria-hidden="true" className="h-4 w-4" /> Certa</span> : null}
                {q.is_correct === false ? <span className="inline-flex items-center gap-1 font-semibold text-red-700"><XCircle aria-hidden="true" className="h-4 w-4" /> Errada</span> : null}
                <span>Sua resposta: {q.my_answer ?? '-'}</span>
              </p>
              {q.is_correct === false && q.correct_answer ? <p className="text-sm text-slate-600">Correta: {q.correct_answer}</p> : null}
            </li>
          ))}
        </ol>
      </div>
    );
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (task.questions.some((q) => !answers[q.id]?.trim())) {
      setError(PROGRESS_MSG.answerAll);
      return;
    }
    try {
      const result = await complete.mutateAsync({
        taskId: task.id,
        body: { ...(member ? { profile_id: member.id } : {}), answers: task.questions.map((q) => ({ question_id: q.id, answer: answers[q.id] })) },
      });
      const title = result.question_count !== null
        ? `Você acertou ${result.correct_count} de ${result.question_count}!`
        : member ? PROGRESS_MSG.recorded : PROGRESS_MSG.completed;
      toastCompletion(result, Boolean(member), title);
      // A member who answered a quiz stays to see which answers were right: the task re-read after
      // the answers shows the review below. Recording for someone else ends here.
      if (task.type !== 'quiz' || member) onDone();
    } catch (err) {
      setError(errorMessage(err, PROGRESS_MSG.completeError));
      toast.error(errorMessage(err, PROGRESS_MSG.completeError));
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {task.type === 'quiz' ? <p className="text-sm text-slate-600">Responda todas as perguntas. Você tem uma tentativa; os pontos são proporcionais aos acertos.</p> : null}
      {task.questions.map((q, i) => (
        <fieldset key={q.id} className="rounded-lg border border-slate-200 p-3">
          <legend className="px-1 font-medium">{i + 1}. {q.text}</legend>
          {q.answer_type === 'free_text' || !q.options ? (
            <TextAreaField label="Sua resposta" value={answers[q.id] ?? ''} onChange={(e) => setAnswers({ ...answers, [q.id]: e.target.value })} />
          ) : (
            <div className="mt-1 space-y-1">
              {q.options.map((opt) => (
                <label key={opt} className="flex cursor-pointer items-center gap-2 rounded px-1 py-0.5 hover:bg-slate-50">
                  <input type="radio" name={`q-${q.id}`} value={opt} checked={answers[q.id] === opt} onChange={() => setAnswers({ ...answers, [q.id]: opt })} className="h-4 w-4 text-emerald-700" />
                  <span>{opt}</span>
                </label>
              ))}
            </div>
          )}
        </fieldset>
      ))}
      <FormError message={error} />
      <div className="flex justify-end">
        <Button type="submit" loading={complete.isPending}>Enviar respostas</Button>
      </div>
    </form>
  );
}

function SubtaskList({ clubId, task, member }: { clubId: string; task: TMyTaskDetail; member?: { id: string; name: string } }) {
  const tick = useCompleteSubtask(clubId);
  const [busy, setBusy] = useState<string | null>(null);
  async function complete(subtaskId: string) {
    setBusy(subtaskId);
    try {
      const result = await tick.mutateAsync({ taskId: task.id, subtaskId, profileId: member?.id });
      toastCompletion(result, Boolean(member), result.status === 'completed' ? 'Marco concluído!' : 'Subtarefa concluída!');
    } catch (err) {
      toast.error(errorMessage(err, PROGRESS_MSG.completeError));
    } finally {
      setBusy(null);
    }
  }
  return (
    <div>
      <p className="mb-2 text-sm text-slate-600">{task.subtasks_done} de {plural(task.subtasks_total, 'subtarefa', 'subtarefas')} · o marco vale {plural(task.points, 'ponto', 'pontos')} ao concluir as obrigatórias.</p>
      <ol className="space-y-2">
        {task.subtasks.map((s, i) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3">
            <div className="flex items-center gap-2">
              {s.done ? <CheckCircle2 aria-label="Concluída" className="h-5 w-5 text-emerald-700" /> : <Circle aria-hidden="true" className="h-5 w-5 text-slate-400" />}
              <span>{i + 1}. {s.title}</span>
              <Tag tone="amber">{plural(s.points, 'pt', 'pts')}</Tag>
              {s.required ? <Tag tone="gray">obrigatória</Tag> : null}
            </div>
            {s.done ? (
              <span className="text-sm text-slate-600">{formatDateTime(s.completed_at)}</span>
            ) : (
              <Button size="sm" variant="secondary" onClick={() => complete(s.id)} loading={busy === s.id} disabled={busy !== null} aria-label={`Concluir ${s.title}`}>
                Concluir
              </Button>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

function EvidenceForm({ clubId, task, onDone }: { clubId: string; task: TMyTaskDetail; onDone: () => void }) {
  const submit = useSubmitEvidence(clubId);
  const [file, setFile] = useState<File | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const last = task.submissions[0];
  const canSend = task.available_now && (task.status === null || task.status === 'pending' || task.status === 'rejected');

  async function send(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!file) return setError(PROGRESS_MSG.evidenceRequired);
    if (file.size > EVIDENCE_MAX_BYTES) return setError(PROGRESS_MSG.evidenceTooBig);
    try {
      await submit.mutateAsync({ taskId: task.id, file, comment });
      toast.success(PROGRESS_MSG.submitted);
      onDone();
    } catch (err) {
      const msg = errorMessage(err, PROGRESS_MSG.submitError);
      setError(msg);
      toast.error(msg);
    }
  }

  return (
    <div className="space-y-4">
      {task.status === 'submitted' ? <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">Seu envio está aguardando aprovação.</p> : null}
      {task.status === 'rejected' && last?.reject_reason ? (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-red-900">
          <p className="font-medium">Envio rejeitado</p>
          <p className="text-sm">Motivo: {last.reject_reason}</p>
          <p className="text-sm">Você pode enviar uma nova comprovação.</p>
        </div>
      ) : null}
      {canSend ? (
        <form onSubmit={send} className="space-y-3" noValidate>
          <FilePicker label="Comprovação (foto, vídeo ou documento)" accept={EVIDENCE_ACCEPT} file={file} onChange={setFile} disabled={submit.isPending}
            hint={`Aceitos: ${EVIDENCE_TYPES_LABEL}; até ${EVIDENCE_MAX_LABEL}.`} />
          <TextAreaField label="Comentário" value={comment} onChange={(e) => setComment(e.target.value)} maxLength={2000} />
          <FormError message={error} />
          <div className="flex justify-end">
            <Button type="submit" loading={submit.isPending} icon={<FileUp aria-hidden="true" className="h-4 w-4" />}>Enviar comprovação</Button>
          </div>
        </form>
      ) : null}
      {task.submissions.length > 0 ? (
        <div>
          <h3 className="mb-2 text-sm font-semibold text-slate-800">Envios</h3>
          <ul className="space-y-1 text-sm">
            {task.submissions.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center gap-2">
                <span>{formatDateTime(s.created_at)}</span>
                <span className="text-slate-600">{s.evidence_name}</span>
                <Tag tone={s.status === 'approved' ? 'green' : s.status === 'rejected' ? 'red' : 'amber'}>
                  {s.status === 'approved' ? 'Aprovado' : s.status === 'rejected' ? 'Rejeitado' : 'Aguardando'}
                </Tag>
                {s.reject_reason ? <span className="text-slate-600">Motivo: {s.reject_reason}</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
