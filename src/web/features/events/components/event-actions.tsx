import { toast } from 'react-hot-toast';
import { ZCancelEvent, type TEvent } from '@shared/events';
import { Form, useZodForm } from '@web/components/form';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { TextAreaField } from '@web/components/ui/field';
import { Modal } from '@web/components/ui/modal';
import { errorMessage } from '@web/lib/api';
import { useCancelEvent, useDeleteEvent } from '../api/events';

/** 'Cancelar evento': asks the reason; its registrations and the charges without payments are cancelled. */
export function CancelEventModal({ clubId, event, onClose }: { clubId: string; event: TEvent; onClose: () => void }) {
  const cancel = useCancelEvent(clubId);
  const form = useZodForm(ZCancelEvent, { defaultValues: { reason: '' } });
  const onSubmit = async ({ reason }: { reason: string }) => {
    await cancel.mutateAsync({ id: event.id, reason });
    toast.success('Evento cancelado.');
    onClose();
  };
  return (
    <Modal
      open
      title="Cancelar evento"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={cancel.isPending}>Voltar</Button>
          <Button type="submit" form="cancel-event-form" variant="danger" loading={cancel.isPending}>Cancelar evento</Button>
        </>
      }
    >
      <Form id="cancel-event-form" form={form} onSubmit={onSubmit} fallback="Não foi possível cancelar o evento: tente novamente em instantes.">
        <p className="text-sm text-slate-700">
          Cancelar <strong>{event.title}</strong>? As {event.registered_count} inscrições e as cobranças ainda sem pagamento serão canceladas;
          as que já têm pagamento ficam para a tesouraria estornar.
        </p>
        <TextAreaField label="Motivo" required maxLength={500} error={form.formState.errors.reason?.message} {...form.register('reason')} />
      </Form>
    </Modal>
  );
}

/** 'Excluir evento': only for an event nobody registered for. */
export function DeleteEventDialog({ clubId, event, onClose, onDeleted }: { clubId: string; event: TEvent; onClose: () => void; onDeleted?: () => void }) {
  const remove = useDeleteEvent(clubId);
  const confirm = async () => {
    try {
      await remove.mutateAsync(event.id);
      toast.success('Evento excluído.');
      onClose();
      onDeleted?.();
    } catch (err) {
      toast.error(errorMessage(err, 'Erro ao excluir o evento.'));
    }
  };
  return (
    <ConfirmDialog
      open
      title="Excluir evento"
      message={<>Excluir o evento <strong>{event.title}</strong>? Ninguém se inscreveu nele.</>}
      loading={remove.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
