import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'react-hot-toast';
import { ArrowLeft, CheckCircle2, Lock, Pencil } from 'lucide-react';
import { ATA_KIND_LABEL, ATA_STATUS_LABEL, SEC_MSG, type TAta, rollCallLabel } from '@shared/secretaria';
import { Button } from '@web/components/ui/button';
import { PrintButton } from '@web/components/ui/print-button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { CONTROL } from '@web/components/ui/field';
import { Modal } from '@web/components/ui/modal';
import { PageSpinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { formatDate } from '@web/lib/format';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { useApproveAta, useAta, useAtas, useCloseAta } from '../api/atas';
import { AtaFormModal } from '../components/ata-form-modal';
import { PrintSheet } from '@web/components/print-sheet';

export function Component() {
  const { id = '' } = useParams();
  const current = useSelectedClub();
  if (!current.can('secretaria.read')) return <EmptyState message="Sua função no clube não dá acesso à secretaria." />;
  return <AtaScreen key={`${current.clubId}:${id}`} clubId={current.clubId} clubName={current.club.name} logoUrl={current.club.logo_url} id={id} manage={current.can('secretaria.manage')} />;
}

const BACK = <Link to="/dashboard/secretaria" className="inline-flex items-center gap-1 text-sm text-emerald-800 hover:underline print:hidden"><ArrowLeft aria-hidden="true" className="h-4 w-4" /> Secretaria</Link>;

/** One ata as its book page: approve (numbers the votos), close (never edited again), print on A4. */
function AtaScreen({ clubId, clubName, logoUrl, id, manage }: { clubId: string; clubName: string; logoUrl: string | null; id: string; manage: boolean }) {
  const ata = useAta(clubId, id);
  const [editing, setEditing] = useState(false);
  const [approving, setApproving] = useState(false);
  const [closing, setClosing] = useState(false);
  const close = useCloseAta(clubId);
  if (ata.isPending) return <PageSpinner label="Carregando a ata…" />;
  if (ata.isError) return <div className="space-y-4">{BACK}<p role="alert" className="text-red-700">{errorMessage(ata.error, 'Erro ao carregar a ata.')}</p></div>;
  const a = ata.data;
  const onClose = async () => {
    try {
      await close.mutateAsync(a.id);
      toast.success(SEC_MSG.ataClosed);
      setClosing(false);
    } catch (err) {
      toast.error(errorMessage(err, 'Não foi possível encerrar a ata.'));
    }
  };
  return (
    <div className="space-y-4">
      {BACK}
      <div className="flex flex-wrap items-center gap-2 print:hidden">
        <span className="rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-800">{ATA_STATUS_LABEL[a.status]}</span>
        {manage && a.status === 'rascunho' ? <Button variant="secondary" icon={<Pencil aria-hidden="true" className="h-4 w-4" />} onClick={() => setEditing(true)}>Editar</Button> : null}
        {manage && a.status === 'rascunho' ? <Button icon={<CheckCircle2 aria-hidden="true" className="h-4 w-4" />} onClick={() => setApproving(true)}>Aprovar ata</Button> : null}
        {manage && a.status === 'aprovada' ? <Button icon={<Lock aria-hidden="true" className="h-4 w-4" />} onClick={() => setClosing(true)}>Encerrar ata</Button> : null}
        <PrintButton variant="secondary" />
      </div>
      {a.status === 'encerrada' ? <p className="text-sm text-slate-600 print:hidden">Ata encerrada: não pode mais ser alterada. Para corrigi-la, escreva uma nova ata que a referencie.</p> : null}
      <AtaSheet ata={a} clubName={clubName} logoUrl={logoUrl} />
      {editing ? <AtaFormModal clubId={clubId} ata={a} closedAtas={[]} onClose={() => setEditing(false)} /> : null}
      {approving ? <ApproveModal clubId={clubId} ata={a} onClose={() => setApproving(false)} /> : null}
      <ConfirmDialog
        open={closing}
        title={`Encerrar ${a.label}?`}
        message="Uma ata encerrada nunca mais é alterada. Uma correção será uma nova ata que a referencie."
        confirmLabel="Encerrar ata"
        danger={false}
        loading={close.isPending}
        onConfirm={() => void onClose()}
        onCancel={() => setClosing(false)}
      />
    </div>
  );
}

export function AtaSheet({ ata: a, clubName, logoUrl }: { ata: TAta; clubName: string; logoUrl: string | null }) {
  const present = [...a.present.map((p) => p.name), ...a.visitors.map((v) => `${v} (visitante)`)];
  return (
    <PrintSheet
      clubName={clubName}
      logoUrl={logoUrl}
      title={a.label}
      subtitle={<>{ATA_KIND_LABEL[a.kind]} · {formatDate(a.held_on)} · {a.place}</>}
      signatures={[`${a.presided_by} — Presidente`, `${a.written_by} — Secretário(a)`]}
    >
      {a.corrects ? <p className="text-sm italic">Esta ata corrige a {a.corrects.label}.</p> : null}
      {a.corrected_by.length > 0 ? <p className="text-sm italic">Corrigida por: {a.corrected_by.map((c) => c.label).join(', ')}.</p> : null}
      <p><strong>Presidida por</strong> {a.presided_by}; <strong>redigida por</strong> {a.written_by}.</p>
      <p><strong>Presentes ({present.length}):</strong> {present.join('; ') || '—'}.</p>
      {a.roll_call ? <p className="text-sm">Presença conforme a chamada da reunião {rollCallLabel(a.roll_call, formatDate(a.roll_call.date))}.</p> : null}
      {a.agenda ? <div><strong>Pauta</strong><p className="whitespace-pre-line">{a.agenda}</p></div> : null}
      <p className="whitespace-pre-line text-justify">{a.body}</p>
      {a.votos.length > 0 ? (
        <section aria-label="Votos" className="space-y-2">
          <h2 className="font-semibold">Votos</h2>
          <ol className="space-y-2">
            {a.votos.map((v) => (
              <li key={v.id} className="rounded border border-slate-300 p-2">
                <p className="font-medium">{v.label ?? `Voto ${v.position} (recebe número ao aprovar a ata)`}</p>
                <p className="whitespace-pre-line">{v.subject}</p>
                <p className="text-sm text-slate-700">A favor: {v.votes_for} · Contra: {v.votes_against} · Abstenções: {v.abstentions}</p>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {a.approved_in ? <p className="text-sm">Aprovada na {a.approved_in.label}.</p> : a.approved_at ? <p className="text-sm">Aprovada em {formatDate(a.approved_at)}.</p> : null}
    </PrintSheet>
  );
}

/** Approving names, when there is one, the ata of the meeting that approved it. */
function ApproveModal({ clubId, ata, onClose }: { clubId: string; ata: TAta; onClose: () => void }) {
  const approve = useApproveAta(clubId);
  const atas = useAtas(clubId, ata.year);
  const [approvedIn, setApprovedIn] = useState('');
  const [error, setError] = useState<string | null>(null);
  const later = atas.data?.filter((x) => x.id !== ata.id) ?? [];
  const onApprove = async () => {
    setError(null);
    try {
      await approve.mutateAsync({ id: ata.id, approvedInId: approvedIn || null });
      toast.success(SEC_MSG.ataApproved);
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Não foi possível aprovar a ata.'));
    }
  };
  return (
    <Modal
      open
      title={`Aprovar ${ata.label}`}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={approve.isPending}>Cancelar</Button>
          <Button onClick={() => void onApprove()} loading={approve.isPending}>Aprovar</Button>
        </>
      }
    >
      <div className="space-y-3">
        <p className="text-sm text-slate-700">Depois de aprovada, a ata não é mais editada e seus votos recebem número no livro do ano.</p>
        <label className="block space-y-1 text-sm font-medium text-slate-800">
          Aprovada na reunião da ata (opcional)
          <select className={CONTROL} value={approvedIn} onChange={(e) => setApprovedIn(e.target.value)}>
            <option value="">Não informar</option>
            {later.map((x) => <option key={x.id} value={x.id}>{x.label}</option>)}
          </select>
        </label>
        {error ? <p role="alert" className="text-sm text-red-700">{error}</p> : null}
      </div>
    </Modal>
  );
}
