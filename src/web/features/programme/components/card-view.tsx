import { useState } from 'react';
import { CheckCircle2, Circle, Clock, ExternalLink, MapPin, Paperclip, Trash2, Undo2 } from 'lucide-react';
import { toast } from 'react-hot-toast';
import type { TCard, TCardEnrolment } from '@shared/programme';
import { MARK_MSG, PROGRAMME_MSG } from '@shared/programme-messages';
import { TextAreaField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { FilePicker } from '../../../components/ui/file-picker';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { Tag } from '../../../components/ui/tag';
import { errorMessage } from '../../../lib/api';
import { useUnenrol } from '../api/enrolments';
import { useMarkDone } from '../api/marks';
import { useSign, useUnsign } from '../api/signatures';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { brDate } from './br-date';

const pct = (p: { signed: number; total: number }) => (p.total ? Math.round((p.signed / p.total) * 100) : 0);

type Req = TCardEnrolment['requirements'][number];

/** 'Marquei como feito': a note and, when the requisito needs it, the evidence file. */
function MarkModal({ clubId, requirement, onClose }: { clubId: string; requirement: Req | null; onClose: () => void }) {
  const run = useMarkDone(clubId);
  const [note, setNote] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function send() {
    if (!requirement) return;
    if (requirement.needs_evidence && !file) {
      setError(MARK_MSG.evidenceNeeded);
      return;
    }
    try {
      await run.mutateAsync({ requirementId: requirement.id, note, file });
      toast.success(MARK_MSG.marked);
      setNote('');
      setFile(null);
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Erro ao marcar.'));
    }
  }
  return (
    <Modal open={Boolean(requirement)} title="Marcar como feito" onClose={onClose} footer={
      <>
        <Button variant="secondary" onClick={onClose} disabled={run.isPending}>Cancelar</Button>
        <Button onClick={() => void send()} loading={run.isPending}>Enviar para assinatura</Button>
      </>
    }>
      <div className="space-y-3">
        <p className="text-sm text-slate-900">{requirement?.text}</p>
        <TextAreaField label="Comentário (opcional)" rows={3} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
        <FilePicker
          label={requirement?.needs_evidence ? 'Comprovação (obrigatória): foto, vídeo ou documento' : 'Comprovação (opcional)'}
          accept="image/*,video/*,application/pdf" file={file} disabled={run.isPending}
          onChange={(f) => { setFile(f); setError(null); }}
        />
        {error ? <p role="alert" className="text-sm text-red-700">{error}</p> : null}
        <p className="text-xs text-slate-600">A liderança confere e assina. Ninguém assina o próprio requisito.</p>
      </div>
    </Modal>
  );
}

/**
 * 'Remover inscrição' (issue 43): a kid put in the wrong class leaves it. With signatures it says how
 * many will be undone and that their points are reversed, and asks.
 */
function RemoveEnrolment({ clubId, card, enrolment }: { clubId: string; card: TCard; enrolment: TCardEnrolment }) {
  const remove = useUnenrol(clubId);
  const [open, setOpen] = useState(false);
  const signed = enrolment.progress.signed;
  async function confirm() {
    try {
      const r = await remove.mutateAsync({ id: enrolment.id, confirm: signed > 0 });
      toast.success(r.points_reversed ? `Inscrição removida. ${r.points_reversed} pontos estornados.` : 'Inscrição removida.');
      setOpen(false);
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao remover a inscrição.'));
    }
  }
  return (
    <>
      <Button size="sm" variant="ghost" icon={<Trash2 aria-hidden="true" className="h-4 w-4" />} onClick={() => setOpen(true)} aria-label={`Remover inscrição em ${enrolment.item.name}`}>Remover inscrição</Button>
      <ConfirmDialog
        open={open}
        title="Remover inscrição"
        confirmLabel="Remover inscrição"
        loading={remove.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
        message={signed > 0
          ? <>Remover {card.member.full_name} de <strong>{enrolment.item.name}</strong>? {signed === 1 ? '1 requisito assinado será desfeito' : `${signed} requisitos assinados serão desfeitos`} e os pontos deles estornados. Isto fica no registro de atividades.</>
          : <>Remover {card.member.full_name} de <strong>{enrolment.item.name}</strong>? Nenhum requisito foi assinado ainda.</>}
      />
    </>
  );
}

function EnrolmentCard({ clubId, card, enrolment, canSign, canManage, own }: { clubId: string; card: TCard; enrolment: TCardEnrolment; canSign: boolean; canManage: boolean; own: boolean }) {
  const [marking, setMarking] = useState<Req | null>(null);
  const sign = useSign(clubId);
  const unsign = useUnsign(clubId);
  const busy = sign.isPending || unsign.isPending;
  async function doSign(requirementId: string) {
    try {
      const r = await sign.mutateAsync({ requirement_id: requirementId, member_ids: [card.member.member_id] });
      toast.success(r.completed.length ? `${PROGRAMME_MSG.signed} ${enrolment.item.name} concluída!` : PROGRAMME_MSG.signed);
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao assinar.'));
    }
  }
  async function doUnsign(signatureId: string) {
    try {
      await unsign.mutateAsync(signatureId);
      toast.success(PROGRAMME_MSG.unsigned);
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao desfazer.'));
    }
  }
  return (
    <Card aria-label={`Cartão de ${enrolment.item.name}`} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{enrolment.item.name}</h2>
        <div className="flex flex-wrap gap-2">
          {enrolment.invested_on ? <Tag tone="violet">Investido em {brDate(enrolment.invested_on)}</Tag> : null}
          {enrolment.ready ? <Tag tone="green">Pronto para investidura</Tag> : null}
          {canManage && !enrolment.invested_on ? <RemoveEnrolment clubId={clubId} card={card} enrolment={enrolment} /> : null}
          {enrolment.item.reference_url ? (
            <a href={enrolment.item.reference_url} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-sm text-emerald-800 underline">
              Ver requisitos <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
            </a>
          ) : null}
        </div>
      </div>
      <div>
        <p className="mb-1 text-sm text-slate-700">{enrolment.progress.signed} de {enrolment.progress.total} requisitos assinados</p>
        <ProgressBar value={pct(enrolment.progress)} label={`Progresso em ${enrolment.item.name}`} />
      </div>
      {enrolment.requirements.length === 0 ? <p className="text-sm text-slate-600">O clube ainda não cadastrou os requisitos deste item.</p> : null}
      {enrolment.sections.map((section) => (
        <section key={section.code ?? 'none'} aria-label={section.name} className="space-y-2">
          <div className="flex items-center justify-between gap-2">
            <h3 className="font-medium text-slate-900">{section.code ? `${section.code} — ` : ''}{section.name}</h3>
            <span className="text-xs text-slate-600">{section.progress.signed}/{section.progress.total}</span>
          </div>
          <ProgressBar value={pct(section.progress)} label={`Progresso da seção ${section.name}`} tone="bg-sky-600" />
          <ul className="divide-y divide-slate-100">
            {enrolment.requirements.filter((r) => r.section_code === section.code).map((r) => (
              <li key={r.id} className="flex items-start gap-3 py-2">
                {r.signature ? <CheckCircle2 aria-label="Assinado" className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" /> : <Circle aria-label="Pendente" className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" />}
                <div className="min-w-0 flex-1">
                  <p className="text-sm text-slate-900">{r.text}</p>
                  <div className="mt-1 flex flex-wrap gap-1.5">
                    {r.in_field ? <Tag tone="amber"><MapPin aria-hidden="true" className="mr-1 h-3 w-3" />Feito em campo</Tag> : null}
                    {r.needs_evidence ? <Tag tone="blue"><Paperclip aria-hidden="true" className="mr-1 h-3 w-3" />Precisa de comprovação</Tag> : null}
                  </div>
                  {r.signature ? (
                    <p className="mt-1 text-xs text-slate-600">
                      Assinado por {r.signature.signed_by_name ?? '—'} em {brDate(r.signature.signed_on)}{r.signature.note ? ` · ${r.signature.note}` : ''}
                    </p>
                  ) : null}
                  {r.mark?.status === 'pending' ? <p className="mt-1 inline-flex items-center gap-1 text-xs text-amber-800"><Clock aria-hidden="true" className="h-3.5 w-3.5" />Marcado como feito: aguardando assinatura</p> : null}
                  {r.mark?.status === 'returned' ? <p className="mt-1 text-xs text-red-800">Devolvido: {r.mark.reason}</p> : null}
                </div>
                {own && !canSign && !r.signature && r.mark?.status !== 'pending' && !enrolment.invested_on ? (
                  <Button size="sm" variant="secondary" onClick={() => setMarking(r)} aria-label={`Marcar como feito: ${r.text}`}>Marquei</Button>
                ) : null}
                {canSign && !enrolment.invested_on ? (
                  r.signature ? (
                    <Button size="sm" variant="ghost" disabled={busy} icon={<Undo2 aria-hidden="true" className="h-4 w-4" />} onClick={() => void doUnsign(r.signature?.id ?? '')} aria-label={`Desfazer assinatura: ${r.text}`}>
                      Desfazer
                    </Button>
                  ) : (
                    <Button size="sm" variant="secondary" disabled={busy} onClick={() => void doSign(r.id)} aria-label={`Assinar: ${r.text}`}>Assinar</Button>
                  )
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
      {own ? <MarkModal clubId={clubId} requirement={marking} onClose={() => setMarking(null)} /> : null}
    </Card>
  );
}

/** The member's cartão: each class and especialidade, requisitos by section, who signed and when. */
export function CardView({ clubId, card, own = false, canManage = false }: { clubId: string; card: TCard; own?: boolean; canManage?: boolean }) {
  if (!card.enrolments.length) {
    return <EmptyState message="Nenhuma classe ou especialidade em andamento." hint={card.suggested_class_name ? `Classe sugerida pela idade: ${card.suggested_class_name}` : undefined} />;
  }
  return (
    <div className="space-y-4">
      {card.enrolments.map((e) => <EnrolmentCard key={e.id} clubId={clubId} card={card} enrolment={e} canSign={card.can_sign} canManage={canManage} own={own} />)}
    </div>
  );
}
