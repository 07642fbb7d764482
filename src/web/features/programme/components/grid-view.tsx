import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Check, Clock, CloudOff, Info, Undo2 } from 'lucide-react';
import { toast } from 'react-hot-toast';
import type { TGrid } from '@shared/programme';
import { PROGRAMME_MSG } from '@shared/programme-messages';
import { plural } from '@shared/plural';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api';
import { useOnline } from '../../../lib/online';
import { cellKey, membersToSign, pendingCells, pendingUndos, queueBannerText, queuedCount, queuedUndos } from '../../../lib/offline/signature-queue';
import { useSignatureQueue } from '../offline/signature-queue';

/**
 * The instructor's grid: enrolled members (rows) × requisitos (columns). Tapping a cell signs it (or
 * undoes it, with no connection too); 'Assinar para todos' signs one requisito for every member the signer may sign for.
 * The first column stays put while the requisitos scroll sideways on a phone. With no connection a
 * signature waits in the device's queue ('pendente de envio') and goes once the connection returns.
 */
export function GridView({ clubId, profileId, grid }: { clubId: string; profileId: string; grid: TGrid & { offline?: boolean } }) {
  const qc = useQueryClient();
  const queue = useSignatureQueue(clubId, profileId);
  const online = useOnline();
  const [sending, setSending] = useState(false);
  const [focus, setFocus] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ requirementId: string; members: TGrid['members'] } | null>(null);
  const signed = new Map(grid.signatures.map((s) => [cellKey(s.enrolment_id, s.requirement_id), s.id]));
  const pending = pendingCells(grid, queue.pending);
  const undoing = pendingUndos(grid, queue.pending);
  const waiting = queuedCount(queue.pending);
  const busy = sending;

  if (!grid.members.length) return <EmptyState message="Nenhum membro inscrito nesta classe." hint="Inscreva membros na aba Inscrições." />;
  if (!grid.requirements.length) return <EmptyState message="Esta classe ainda não tem requisitos." hint="Cadastre-os na aba Requisitos." />;

  async function submit(requirementId: string, members: TGrid['members']) {
    const number = grid.requirements.findIndex((r) => r.id === requirementId) + 1;
    setSending(true);
    try {
      const outcome = await queue.submit(qc, { itemCode: grid.item.code, requirementId, requirementNumber: number, memberIds: members.map((m) => m.member_id), memberNames: members.map((m) => m.full_name) });
      if (outcome.state === 'sent') toast.success(members.length === 1 ? PROGRAMME_MSG.signed : `${plural(outcome.result.signed, 'assinatura registrada', 'assinaturas registradas')}.`);
      // One notice however many taps: the banner counts them.
      if (outcome.state === 'queued') toast('Sem conexão: assinatura guardada no aparelho, enviada quando a conexão voltar.', { id: 'grid-queued' });
    } finally {
      setSending(false);
    }
  }

  /**
   * A cell: signs it; a signed one is undone (through the queue, so an undo with no connection waits
   * on the device like a signature); a cell still waiting on the device is taken back from the queue.
   */
  async function toggle(member: TGrid['members'][number], requirementId: string) {
    const key = cellKey(member.enrolment_id, requirementId);
    const signatureId = signed.get(key);
    const queuedUndo = undoing.get(key);
    try {
      if (queuedUndo) {
        await queue.cancelEntry(queuedUndo.id);
        toast.success('Desfazer cancelado: a assinatura continua.');
        return;
      }
      if (!signatureId && pending.has(key)) {
        await queue.cancelCell(requirementId, member.member_id);
        toast.success('Assinatura tirada da fila: não será enviada.');
        return;
      }
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao mexer na fila do aparelho.'));
      return;
    }
    if (!signatureId) return submit(requirementId, [member]);
    const number = grid.requirements.findIndex((r) => r.id === requirementId) + 1;
    setSending(true);
    try {
      const outcome = await queue.submit(qc, { kind: 'unsign', signatureId, itemCode: grid.item.code, requirementId, requirementNumber: number, memberIds: [member.member_id], memberNames: [member.full_name] });
      if (outcome.state === 'sent') toast.success(PROGRAMME_MSG.unsigned);
      if (outcome.state === 'queued') toast('Sem conexão: desfazer guardado no aparelho, enviado quando a conexão voltar.', { id: 'grid-queued' });
    } finally {
      setSending(false);
    }
  }

  /** 'Assinar para todos os presentes': shows who will be signed (today's roll call, if taken) and asks. */
  function askSignAll(requirementId: string) {
    const members = membersToSign(grid, queue.pending, requirementId);
    if (!members.length) {
      toast.success(grid.present_today ? 'Todos os presentes na chamada de hoje já estão assinados (ou ninguém está presente).' : 'Todos já estão assinados.');
      return;
    }
    setConfirming({ requirementId, members });
  }
  async function signAll() {
    if (!confirming) return;
    const { requirementId, members } = confirming;
    setConfirming(null);
    await submit(requirementId, members);
  }

  const current = grid.requirements.find((r) => r.id === focus);
  return (
    <div className="space-y-3">
      {grid.read_only_reason ? (
        <p role="note" className="flex items-start gap-2 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900">
          <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />{grid.read_only_reason}
        </p>
      ) : null}
      {waiting ? (
        <p role="status" className="flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          <CloudOff aria-hidden="true" className="h-4 w-4 shrink-0" />
          {queueBannerText(waiting, online && !grid.offline, queuedUndos(queue.pending))}
        </p>
      ) : null}
      {current ? (
        <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800" aria-live="polite">
          <p className="font-medium">{current.section_code ? `${current.section_code} · ` : ''}{current.text}</p>
          {grid.read_only_reason ? null : <Button className="mt-2" size="sm" loading={sending} onClick={() => askSignAll(current.id)}>Assinar para todos os presentes</Button>}
        </div>
      ) : <p className="text-sm text-slate-600">Toque no número de um requisito para ver o texto e assinar para todos.</p>}
      <ConfirmDialog
        open={confirming !== null}
        title="Assinar para todos os presentes"
        danger={false}
        confirmLabel={confirming ? `Assinar para ${confirming.members.length}` : 'Assinar'}
        onConfirm={() => void signAll()}
        onCancel={() => setConfirming(null)}
        message={confirming ? (
          <div className="space-y-2 text-sm">
            <p>
              Requisito {grid.requirements.findIndex((r) => r.id === confirming.requirementId) + 1}
              {grid.present_today ? ' — presentes na chamada de hoje:' : ' — ainda não houve chamada hoje; serão assinados todos os inscritos que faltam:'}
            </p>
            <ul className="max-h-60 list-disc overflow-y-auto pl-5">
              {confirming.members.map((m) => <li key={m.member_id}>{m.full_name}</li>)}
            </ul>
          </div>
        ) : null}
      />
      <div className="overflow-x-auto rounded-lg ring-1 ring-slate-200">
        <table className="min-w-full border-collapse text-sm">
          <thead>
            <tr className="bg-slate-50">
              <th scope="col" className="sticky left-0 z-10 bg-slate-50 px-2 py-2 text-left font-medium text-slate-700">Membro</th>
              {grid.requirements.map((r, i) => (
                <th key={r.id} scope="col" className="px-1 py-1">
                  <button type="button" title={r.text} aria-label={`Requisito ${i + 1}: ${r.text}`} aria-pressed={focus === r.id}
                    className={`h-9 w-9 rounded-md text-xs font-semibold ${focus === r.id ? 'bg-emerald-700 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-300'}`}
                    onClick={() => setFocus(focus === r.id ? null : r.id)}>
                    {i + 1}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.members.map((m) => (
              <tr key={m.member_id} className="border-t border-slate-100">
                <th scope="row" className="sticky left-0 z-10 max-w-[8rem] truncate bg-white px-2 py-1 text-left font-normal text-slate-900">{m.full_name}</th>
                {grid.requirements.map((r, i) => {
                  const key = cellKey(m.enrolment_id, r.id);
                  const undo = undoing.has(key);
                  const on = signed.has(key) && !undo;
                  const queued = !signed.has(key) && pending.has(key);
                  const state = undo ? 'desfazer pendente' : on ? 'assinado' : queued ? 'pendente de envio' : 'não assinado';
                  const look = undo ? 'bg-rose-50 text-rose-800 border-2 border-dashed border-rose-500'
                    : on ? 'bg-emerald-600 text-white' : queued ? 'bg-amber-100 text-amber-800 border-2 border-dashed border-amber-500' : 'bg-slate-100 text-slate-400';
                  const hint = undo ? 'Desfazer pendente: vai quando a conexão voltar (toque para cancelar)' : queued ? 'Pendente de envio: vai quando a conexão voltar (toque para tirar da fila)' : undefined;
                  return (
                    <td key={r.id} className="px-1 py-1 text-center">
                      <button type="button" disabled={!m.can_sign || busy} aria-pressed={on} aria-label={`${m.full_name}, requisito ${i + 1}: ${state}`}
                        title={hint}
                        className={`inline-flex h-9 w-9 items-center justify-center rounded-md ${look} disabled:opacity-60`}
                        onClick={() => void toggle(m, r.id)}>
                        {undo ? <Undo2 aria-hidden="true" className="h-4 w-4" /> : on ? <Check aria-hidden="true" className="h-4 w-4" /> : queued ? <Clock aria-hidden="true" className="h-4 w-4" /> : null}
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
