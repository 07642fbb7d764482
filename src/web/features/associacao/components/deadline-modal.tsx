import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { ZDeadlineInput } from '@shared/associacao';
import { Form, useZodForm } from '../../../components/form';
import { IntegerInput } from '../../../components/ui/integer-input';
import { FormModalFooter, Modal } from '../../../components/ui/modal';
import { useSaveDeadline } from '../api/save-deadline';

/** The Associação's deadline for the SGC and the seguro (a day of the year). */
export function DeadlineModal({ clubId, deadline, onClose }: { clubId: string; deadline: string; onClose: () => void }) {
  const save = useSaveDeadline(clubId);
  const form = useZodForm(ZDeadlineInput, {
    defaultValues: { day: Number(deadline.slice(8, 10)), month: Number(deadline.slice(5, 7)) },
    toInput: (v) => ({ day: Number(v.day), month: Number(v.month) }),
  });
  const { register, formState: { errors } } = form;

  async function onSubmit(input: z.output<typeof ZDeadlineInput>) {
    await save.mutateAsync(input);
    toast.success('Prazo salvo.');
    onClose();
  }

  return (
    <Modal open title="Prazo da Associação" onClose={onClose} footer={<FormModalFooter formId="deadline-form" onCancel={onClose} pending={save.isPending} submitLabel="Salvar" />}>
      <Form id="deadline-form" form={form} onSubmit={onSubmit} fallback="Erro ao salvar o prazo." aria-label="Prazo da Associação">
        <p className="text-sm text-slate-700">Dia e mês em que o SGC e o seguro devem estar prontos (10/02 se a Associação não definir outro).</p>
        <div className="grid grid-cols-2 gap-4">
          <IntegerInput label="Dia" required error={errors.day?.message} {...register('day')} />
          <IntegerInput label="Mês" required error={errors.month?.message} {...register('month')} />
        </div>
      </Form>
    </Modal>
  );
}
