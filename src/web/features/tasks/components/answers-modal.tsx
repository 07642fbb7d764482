import { Download } from 'lucide-react';
import type { TTask } from '@shared/tasks';
import { plural } from '@shared/plural';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Modal } from '../../../components/ui/modal';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { formAnswersCsvUrl, useFormAnswers } from '../api/get-form-answers';

/** What the members answered to a form's (or quiz's) questions: a line per member, and the same as CSV. */
export function AnswersModal({ clubId, task, onClose }: { clubId: string; task: TTask; onClose: () => void }) {
  const answers = useFormAnswers(clubId, task.id);
  const data = answers.data;
  return (
    <Modal
      open
      title={`Respostas: ${task.title}`}
      onClose={onClose}
      size="xl"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>Fechar</Button>
          {data && data.rows.length > 0 ? (
            <a href={formAnswersCsvUrl(clubId, task.id)} download className="inline-flex items-center gap-2 rounded-lg bg-emerald-700 px-4 py-2 font-medium text-white hover:bg-emerald-800">
              <Download aria-hidden="true" className="h-4 w-4" /> Baixar CSV
            </a>
          ) : null}
        </>
      }
    >
      {answers.isLoading ? <PageSpinner /> : null}
      {answers.isError ? <p role="alert" className="text-red-700">{errorMessage(answers.error, 'Não foi possível carregar as respostas.')}</p> : null}
      {data && data.rows.length === 0 ? <EmptyState message="Ninguém respondeu ainda." /> : null}
      {data && data.rows.length > 0 ? (
        <>
          <p className="mb-2 text-sm text-slate-600">{plural(data.rows.length, 'membro respondeu', 'membros responderam')}.</p>
          <div tabIndex={0} role="region" aria-label="Tabela de respostas" className="overflow-x-auto rounded-lg border border-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600">
            <table className="min-w-full text-sm">
              <caption className="sr-only">Respostas de {task.title}</caption>
              <thead className="bg-slate-50 text-left text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2">Membro</th>
                  <th scope="col" className="px-3 py-2">Respondido em</th>
                  {data.questions.map((q) => <th key={q.id} scope="col" className="px-3 py-2">{q.text}</th>)}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.rows.map((r) => (
                  <tr key={r.profile_id}>
                    <td className="px-3 py-2 font-medium text-slate-900">{r.full_name}</td>
                    <td className="whitespace-nowrap px-3 py-2 text-slate-700">{formatDateTime(r.answered_at)}</td>
                    {data.questions.map((q) => <td key={q.id} className="px-3 py-2 text-slate-700">{r.answers[q.id] ?? '-'}</td>)}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </Modal>
  );
}
