import { useState } from 'react';
import { Paperclip } from 'lucide-react';
import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { MARK_MSG, PROGRAMME_MSG, ZMarkReturnInput, type TQueueMark } from '@shared/programme';
import { Form, useZodForm } from '../../../components/form';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextAreaField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { markEvidenceUrl, useMarkQueue, useReturnMark, useSignMark } from '../api/marks';

const when = (iso: string) => new Date(iso).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });

/** The leaders' queue: requisitos members marked done, oldest first, to sign or return with a reason. */
export function MarkQueue({ clubId }: { clubId: string }) {
  const queue = useMarkQueue(clubId);
  const sign = useSignMark(clubId);
  const giveBack = useReturnMark(clubId);
  const [returning, setReturning] = useState<TQueueMark | null>(null);
  const form = useZodForm(ZMarkReturnInput, { defaultValues: { reason: '' } });
  const reason = form.watch('reason');
  const busy = sign.isPending || giveBack.isPending;

  async function doSign(m: TQueueMark) {
    try {
      const r = await sign.mutateAsync(m.id);
      toast.success(r.completed.length ? `${PROGRAMME_MSG.signed} ${m.item_name} concluída!` : PROGRAMME_MSG.signed);
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao assinar.'));
    }
  }
  async function doReturn(input: z.output<typeof ZMarkReturnInput>) {
    if (!returning) return;
    await giveBack.mutateAsync({ id: returning.id, reason: input.reason });
    toast.success(MARK_MSG.returned);
    setReturning(null);
    form.reset();
  }

  if (queue.isLoading) return <PageSpinner />;
  if (queue.isError) return <p role="alert" className="text-red-700">{errorMessage(queue.error, 'Erro ao carregar a fila.')}</p>;
  if (!queue.data?.length) return <EmptyState message="Nenhum requisito esperando assinatura." hint="Quando um membro marcar um requisito como feito, ele aparece aqui." />;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{queue.data.length === 1 ? '1 requisito marcado' : `${queue.data.length} requisitos marcados`} pelos membros, mais antigos primeiro.</p>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {queue.data.map((m) => (
          <li key={m.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{m.full_name}{m.unit_name ? <span className="font-normal text-slate-600"> · {m.unit_name}</span> : null}</p>
              <p className="text-sm text-slate-800">{m.item_name}{m.section_code ? ` · ${m.section_code}` : ''}: {m.requirement_text}</p>
              {m.note ? <p className="text-sm italic text-slate-700">“{m.note}”</p> : null}
              <p className="text-xs text-slate-600">Marcado em {when(m.created_at)}</p>
              {m.evidence_name ? (
                <a href={markEvidenceUrl(clubId, m.id)} target="_blank" rel="noreferrer" className="mt-1 inline-flex items-center gap-1 text-sm text-emerald-800 underline">
                  <Paperclip aria-hidden="true" className="h-4 w-4" /> {m.evidence_name}
                </a>
              ) : null}
            </div>
            <div className="flex shrink-0 gap-2">
              <Button size="sm" onClick={() => void doSign(m)} disabled={busy} aria-label={`Assinar ${m.requirement_text} de ${m.full_name}`}>Assinar</Button>
              <Button size="sm" variant="secondary" onClick={() => { setReturning(m); form.clearErrors(); }} disabled={busy}>Devolver</Button>
            </div>
          </li>
        ))}
      </ul>
      <Modal open={Boolean(returning)} title="Devolver ao membro" onClose={() => setReturning(null)} footer={
        <>
          <Button variant="secondary" onClick={() => setReturning(null)} disabled={giveBack.isPending}>Cancelar</Button>
          <Button type="submit" form="mark-return-form" loading={giveBack.isPending} disabled={!reason.trim()}>Devolver</Button>
        </>
      }>
        <Form id="mark-return-form" form={form} onSubmit={doReturn} fallback="Erro ao devolver.">
          <TextAreaField label="O que falta?" rows={3} maxLength={500} error={form.formState.errors.reason?.message} {...form.register('reason')} />
        </Form>
      </Modal>
    </div>
  );
}
