import { useState } from 'react';
import { Award, CalendarCheck, CheckCircle2, Circle, HeartPulse, PiggyBank, Trophy } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { CONSENT_LABEL, FAMILY_MSG, type TFamilyChild } from '@shared/families';
import { ATTENDANCE_STATUS_LABEL } from '@shared/meetings';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { CheckboxField, FormError, TextAreaField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { FilePicker } from '../../../components/ui/file-picker';
import { PageSpinner } from '../../../components/ui/spinner';
import { Tag } from '../../../components/ui/tag';
import { errorMessage } from '../../../lib/api';
import { formatDate, formatMoney } from '../../../lib/format';
import { useMe } from '@web/lib/session/me';
import { useChildConsentText, useFamily, useGiveConsentAgain, useSendEvidenceForChild, useWithdrawConsent } from '../api/family';
import { HealthFormModal } from '../components/health-form';
import { MyDataCard } from '../components/my-data-card';
import { ChildPushToggle } from '../components/child-push-toggle';

/**
 * /familia — the guardian's home: each child they follow, read-only, in every club (the header, bell
 * and the refresh while open are the family layout's, src/web/app/layout/family-layout.tsx). `childExtra`
 * lets the app add another domain's read-only panel to a consented child (composed in src/web/app).
 */
export function Component({ childExtra }: { childExtra?: (child: TFamilyChild) => React.ReactNode } = {}) {
  const me = useMe();
  const family = useFamily(Boolean(me.data));
  return (
    <main className="mx-auto max-w-5xl space-y-6 px-4 py-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Família</h1>
        <p className="text-slate-600">Acompanhe o progresso de quem você é responsável. {me.data ? `Conectado como ${me.data.full_name}.` : ''}</p>
      </div>
      {family.isLoading ? <PageSpinner /> : null}
      {family.isError ? <p role="alert" className="text-red-700">{errorMessage(family.error, 'Não foi possível carregar a área da família.')}</p> : null}
      {family.data?.length === 0 ? <EmptyState message="Você ainda não acompanha nenhum membro." hint="Peça ao clube um convite de responsável." /> : null}
      <div className="space-y-6">
        {(family.data ?? []).map((child) => <ChildCard key={child.member_id} child={child} extra={childExtra} />)}
      </div>
      <MyDataCard />
    </main>
  );
}

function ChildCard({ child, extra }: { child: TFamilyChild; extra?: (child: TFamilyChild) => React.ReactNode }) {
  const [health, setHealth] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const [sending, setSending] = useState<{ id: string; title: string } | null>(null);
  const withdraw = useWithdrawConsent();
  const granted = child.consent === 'granted';
  const doWithdraw = async () => {
    try {
      await withdraw.mutateAsync(child.member_id);
      toast.success('Consentimento retirado.');
    } catch (err) {
      toast.error(errorMessage(err, 'Não foi possível retirar o consentimento.'));
    }
    setWithdrawing(false);
  };
  return (
    <Card aria-labelledby={`child-${child.member_id}`} className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={`child-${child.member_id}`} className="text-xl font-semibold text-slate-900">{child.full_name}</h2>
          <p className="text-sm text-slate-600">{[child.club_name, child.unit_name, child.relationship].filter(Boolean).join(' · ')}</p>
        </div>
        <Tag tone={granted ? 'green' : 'amber'}>{CONSENT_LABEL[child.consent]}</Tag>
      </div>
      {granted ? (
        <>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Stat icon={<Trophy aria-hidden="true" className="h-5 w-5" />} label="Pontos" value={String(child.total_points)} />
            <Stat icon={<Trophy aria-hidden="true" className="h-5 w-5" />} label="Posição no ranking" value={child.ranking ? `${child.ranking}º` : '—'} />
            <Stat icon={<Award aria-hidden="true" className="h-5 w-5" />} label="Badges" value={String(child.badges.length)} />
            <Stat icon={<CheckCircle2 aria-hidden="true" className="h-5 w-5" />} label="Tarefas feitas" value={String(child.tasks_done.length)} />
          </div>
          <div className="grid gap-4 md:grid-cols-2">
            <List title="Tarefas feitas" empty="Nenhuma tarefa feita ainda." items={child.tasks_done.map((t) => ({ key: t.title, icon: <CheckCircle2 aria-hidden="true" className="h-4 w-4 text-emerald-700" />, text: t.title, extra: `${t.points_earned} pts` }))} />
            <List title="Tarefas pendentes" empty="Nenhuma tarefa pendente." items={child.tasks_pending.map((t) => ({
              key: t.task_id, icon: <Circle aria-hidden="true" className="h-4 w-4 text-slate-500" />, text: t.title,
              extra: t.status === 'submitted' ? 'Aguardando aprovação' : t.due_date ? `até ${formatDate(t.due_date)}` : '',
              action: child.can_submit_evidence && t.type === 'submission' && t.status !== 'submitted'
                ? <Button size="sm" variant="secondary" onClick={() => setSending({ id: t.task_id, title: t.title })}>Enviar comprovação</Button> : undefined,
            }))} />
            <List title="Badges" empty="Nenhum badge ainda." items={child.badges.map((b) => ({ key: b.name, icon: <Award aria-hidden="true" className="h-4 w-4 text-amber-600" />, text: b.name, extra: formatDate(b.awarded_at) }))} />
            <List
              title={child.attendance && child.attendance.counts.total > 0 ? `Presença nas reuniões · ${child.attendance.counts.attendance_pct}%` : 'Presença nas reuniões'}
              empty="Nenhuma reunião registrada."
              items={(child.attendance?.recent ?? []).map((r) => ({
                key: r.meeting_id,
                icon: <CalendarCheck aria-hidden="true" className="h-4 w-4 text-emerald-700" />,
                text: `${formatDate(r.date)} · ${r.title}`,
                extra: ATTENDANCE_STATUS_LABEL[r.status],
              }))}
            />
            <List title="Metas de economia" empty="Nenhuma meta de economia." items={child.savings_goals.map((g) => ({ key: g.name, icon: <PiggyBank aria-hidden="true" className="h-4 w-4 text-sky-700" />, text: g.name, extra: `${formatMoney(g.current_amount)} de ${formatMoney(g.goal_amount)}` }))} />
          </div>
          {extra?.(child)}
          <ChildPushToggle child={child} />
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" icon={<HeartPulse aria-hidden="true" className="h-4 w-4" />} onClick={() => setHealth(true)}>Ficha médica</Button>
            <Button variant="ghost" onClick={() => setWithdrawing(true)}>Retirar consentimento</Button>
          </div>
          <EvidenceModal memberId={child.member_id} task={sending} onClose={() => setSending(null)} />
          <HealthFormModal target={{ kind: 'family', memberId: child.member_id }} name={child.full_name} open={health} onClose={() => setHealth(false)} />
          <ConfirmDialog open={withdrawing} title="Retirar consentimento" confirmLabel="Retirar" loading={withdraw.isPending}
            message={<p>O clube deixa de tratar os dados de {child.full_name} além do nome e da unidade, e você deixa de ver o progresso aqui. Você pode dar o consentimento de novo depois.</p>}
            onConfirm={() => void doWithdraw()} onCancel={() => setWithdrawing(false)} />
        </>
      ) : <ConsentAgain child={child} />}
    </Card>
  );
}

function ConsentAgain({ child }: { child: TFamilyChild }) {
  const text = useChildConsentText(child.member_id);
  const give = useGiveConsentAgain();
  const [agreed, setAgreed] = useState(false);
  const submit = async () => {
    if (!text.data?.version) return;
    try {
      await give.mutateAsync({ memberId: child.member_id, version: text.data.version });
      toast.success('Consentimento registrado.');
    } catch (err) {
      toast.error(errorMessage(err, 'Não foi possível registrar o consentimento.'));
    }
  };
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">Sem consentimento em vigor, o progresso de {child.full_name} não é mostrado.</p>
      {text.data?.body ? <div className="max-h-40 overflow-y-auto whitespace-pre-wrap rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">{text.data.body}</div> : null}
      <CheckboxField label="Li e aceito" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
      <Button disabled={!agreed || !text.data?.version} loading={give.isPending} onClick={() => void submit()}>Aceitar</Button>
    </div>
  );
}

function Stat({ icon, label, value }: { icon: React.ReactNode; label: string; value: string }) {
  return (
    <div role="group" aria-label={label} className="rounded-lg bg-slate-50 p-3">
      <div className="flex items-center gap-2 text-slate-600">{icon}<span className="text-xs">{label}</span></div>
      <p className="mt-1 text-xl font-bold text-slate-900">{value}</p>
    </div>
  );
}

function EvidenceModal({ memberId, task, onClose }: { memberId: string; task: { id: string; title: string } | null; onClose: () => void }) {
  const send = useSendEvidenceForChild();
  const [file, setFile] = useState<File | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!task || !file) return setError('Escolha o arquivo da comprovação.');
    setError(null);
    try {
      await send.mutateAsync({ memberId, taskId: task.id, file, comment });
      toast.success(FAMILY_MSG.evidenceSent);
      setFile(null);
      setComment('');
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Não foi possível enviar a comprovação.'));
    }
  };
  return (
    <Modal open={task !== null} title={`Enviar comprovação — ${task?.title ?? ''}`} onClose={onClose}
      footer={<><Button variant="secondary" onClick={onClose} disabled={send.isPending}>Cancelar</Button><Button onClick={() => void submit()} loading={send.isPending}>Enviar</Button></>}>
      <div className="space-y-3">
        <FormError message={error} />
        <FilePicker label="Arquivo (foto, vídeo ou PDF)" accept="image/*,video/*,application/pdf" file={file} onChange={setFile} disabled={send.isPending} />
        <TextAreaField label="Comentário" value={comment} onChange={(e) => setComment(e.target.value)} maxLength={2000} />
      </div>
    </Modal>
  );
}

function List({ title, empty, items }: { title: string; empty: string; items: Array<{ key: string; icon: React.ReactNode; text: string; extra: string; action?: React.ReactNode }> }) {
  return (
    <section>
      <h3 className="mb-2 text-sm font-semibold text-slate-800">{title}</h3>
      {items.length === 0 ? <p className="text-sm text-slate-600">{empty}</p> : (
        <ul className="space-y-1">
          {items.map((i) => (
            <li key={i.key} className="flex items-center gap-2 text-sm">
              {i.icon}<span className="flex-1 text-slate-900">{i.text}</span><span className="text-xs text-slate-600">{i.extra}</span>{i.action}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
