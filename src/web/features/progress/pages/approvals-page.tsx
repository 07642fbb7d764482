import { useState, type FormEvent } from 'react';
import { Check, ClipboardCheck, X } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { PROGRESS_MSG, type TQueuedSubmission } from '@shared/progress';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextAreaField } from '../../../components/ui/field';
import { FormModalFooter, Modal } from '../../../components/ui/modal';
import { Tabs } from '../../../components/ui/tabs';
import { LoadMore } from '../../../components/ui/load-more';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { Tag } from '../../../components/ui/tag';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { useMe } from '@web/lib/session/me';
import { errorMessage } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format';
import { useSubmissions, type SubmissionStatus } from '../api/list-submissions';
import { useApproveSubmission, useRejectSubmission } from '../api/review-submission';
import { EvidencePreview } from '../components/evidence-preview';
import { toastCompletion } from '../components/completion-toast';
import { plural } from '@shared/plural';

const TABS: Array<{ key: SubmissionStatus; label: string; empty: string }> = [
  { key: 'submitted', label: 'Pendentes', empty: 'Nenhum envio aguardando aprovação.' },
  { key: 'approved', label: 'Aprovados', empty: 'Nenhum envio aprovado ainda.' },
  { key: 'rejected', label: 'Rejeitados', empty: 'Nenhum envio rejeitado.' },
];

export function Component() {
  const { clubId, can } = useSelectedClub();
  const isAdmin = can('submissions.review');
  const [tab, setTab] = useState<SubmissionStatus>('submitted');
  const list = useSubmissions(isAdmin ? clubId : null, tab);
  const [rejecting, setRejecting] = useState<TQueuedSubmission | null>(null);

  if (!isAdmin) return <EmptyState message="Sua função no clube não aprova envios." />;
  const current = TABS.find((t) => t.key === tab) ?? TABS[0];
  const shown = list.data?.pages.flatMap((p) => p.submissions) ?? [];

  return (
    <div>
      <PageHeader title="Aprovações" description="Confira as comprovações enviadas e aprove ou rejeite com um motivo." />
      <Tabs look="pill" label="Situação dos envios" tabs={TABS} value={tab} onChange={setTab} />
      <div role="tabpanel" aria-label={current.label}>
        {list.isLoading ? <PageSpinner /> : null}
        {list.isError ? <p role="alert" className="text-red-700">Não foi possível carregar os envios.</p> : null}
        {list.isSuccess && shown.length === 0 ? <EmptyState icon={<ClipboardCheck className="h-10 w-10" />} message={current.empty} /> : null}
        <div className="grid gap-4 lg:grid-cols-2">
          {shown.map((s) => (
            <SubmissionCard key={s.id} clubId={clubId} submission={s} onReject={() => setRejecting(s)} />
          ))}
        </div>
        {shown.length > 0 ? (
          <LoadMore
            shown={shown.length}
            total={list.data?.pages[0]?.total ?? shown.length}
            noun={['envio', 'envios']}
            hasMore={list.hasNextPage}
            loading={list.isFetchingNextPage}
            onMore={() => void list.fetchNextPage()}
          />
        ) : null}
      </div>
      <RejectModal clubId={clubId} submission={rejecting} onClose={() => setRejecting(null)} />
    </div>
  );
}

function SubmissionCard({ clubId, submission: s, onReject }: { clubId: string; submission: TQueuedSubmission; onReject: () => void }) {
  const approve = useApproveSubmission(clubId);
  // One's own evidence is judged by someone else: the server refuses it, and no button offers it.
  const own = useMe().data?.id === s.profile_id;
  async function onApprove() {
    try {
      const result = await approve.mutateAsync(s.id);
      toastCompletion(result, true, PROGRESS_MSG.approved);
    } catch (err) {
      toast.error(errorMessage(err, PROGRESS_MSG.reviewError));
    }
  }
  return (
    <Card className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="font-semibold text-slate-900">{s.task_title}</h2>
          <p className="text-sm text-slate-700">{s.full_name}{s.unit_name ? ` · ${s.unit_name}` : ''}</p>
          <p className="text-xs text-slate-600">Enviado em {formatDateTime(s.created_at)}</p>
        </div>
        <Tag tone="amber">{plural(s.task_points, 'pt', 'pts')}</Tag>
      </div>
      {s.comment ? <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800">“{s.comment}”</p> : null}
      <EvidencePreview clubId={clubId} submission={s} />
      {s.status === 'submitted' && own ? (
        <p className="text-sm text-slate-700">{PROGRESS_MSG.ownSubmission}</p>
      ) : s.status === 'submitted' ? (
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onReject} icon={<X aria-hidden="true" className="h-4 w-4" />} aria-label={`Rejeitar envio de ${s.full_name}`}>Rejeitar</Button>
          <Button onClick={onApprove} loading={approve.isPending} icon={<Check aria-hidden="true" className="h-4 w-4" />} aria-label={`Aprovar envio de ${s.full_name}`}>Aprovar</Button>
        </div>
      ) : (
        <p className="text-sm text-slate-700">
          {s.status === 'approved' ? 'Aprovado' : 'Rejeitado'} por {s.reviewer_name ?? '-'} em {formatDateTime(s.reviewed_at)}
          {s.reject_reason ? ` · Motivo: ${s.reject_reason}` : ''}
        </p>
      )}
    </Card>
  );
}

function RejectModal({ clubId, submission, onClose }: { clubId: string; submission: TQueuedSubmission | null; onClose: () => void }) {
  const reject = useRejectSubmission(clubId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  function close() {
    setReason('');
    setError(null);
    onClose();
  }
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!submission) return;
    if (!reason.trim()) return setError(PROGRESS_MSG.rejectReasonRequired);
    try {
      await reject.mutateAsync({ id: submission.id, reason: reason.trim() });
      toast.success(PROGRESS_MSG.rejected);
      close();
    } catch (err) {
      const msg = errorMessage(err, PROGRESS_MSG.reviewError);
      setError(msg);
      toast.error(msg);
    }
  }
  return (
    <Modal open={submission !== null} title="Rejeitar envio" onClose={close} footer={<FormModalFooter formId="reject-form" onCancel={close} pending={reject.isPending} submitLabel="Rejeitar" variant="danger" />}>
      <form id="reject-form" onSubmit={submit} className="space-y-3" noValidate>
        <p className="text-slate-700">{submission?.full_name} verá o motivo e poderá enviar de novo.</p>
        <TextAreaField label="Motivo da rejeição" value={reason} onChange={(e) => setReason(e.target.value)} error={error ?? undefined} maxLength={1000} />
      </form>
    </Modal>
  );
}
