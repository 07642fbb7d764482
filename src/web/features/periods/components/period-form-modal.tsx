import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { PERIOD_MSG, ZPeriodInput, type TPeriod } from '@shared/periods';
import { DateTimeInput } from '../../../components/ui/date-input';
import { CheckboxField, TextAreaField, TextField } from '../../../components/ui/field';
import { FormModalFooter, Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api';
import { toLocalDateTimeInput } from '../../../lib/format';
import { useSavePeriod } from '../api/save-period';

type FormIn = z.input<typeof ZPeriodInput>;
type FormOut = z.output<typeof ZPeriodInput>;

const EMPTY: FormIn = { name: '', description: '', start_date: '', end_date: '', active: true };

/**
 * Create or edit a period. The inputs hold local date-times; the shared schema turns them into ISO
 * instants and checks the end is not before the start, as the server does.
 */
export function PeriodFormModal({ clubId, open, period, onClose }: { clubId: string; open: boolean; period: TPeriod | null; onClose: () => void }) {
  const save = useSavePeriod(clubId);
  const { register, handleSubmit, formState, reset } = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(ZPeriodInput), defaultValues: EMPTY });
  useEffect(() => {
    if (!open) return;
    reset(period
      ? { name: period.name, description: period.description ?? '', start_date: toLocalDateTimeInput(period.start_date), end_date: toLocalDateTimeInput(period.end_date), active: period.active }
      : EMPTY);
  }, [open, period, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: period?.id ?? null, input: values });
      toast.success(period ? PERIOD_MSG.updated : PERIOD_MSG.created);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, PERIOD_MSG.saveError));
    }
  });

  return (
    <Modal
      open={open}
      title={period ? 'Editar Período' : 'Novo Período'}
      onClose={onClose}
      footer={
        <FormModalFooter formId="period-form" onCancel={onClose} pending={save.isPending} submitLabel={period ? 'Salvar' : 'Criar'} />
      }
    >
      <form id="period-form" onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField label="Nome" required error={formState.errors.name?.message} {...register('name')} />
        <TextAreaField label="Descrição (opcional)" {...register('description')} />
        <div className="grid gap-4 sm:grid-cols-2">
          {/* A day alone is enough: the period starts at its first minute and ends at its last. */}
          <DateTimeInput label="Início" required defaultTime="00:00" hint="Sem horário: 00:00." error={formState.errors.start_date?.message} {...register('start_date')} />
          <DateTimeInput label="Fim" required defaultTime="23:59" hint="Sem horário: 23:59." error={formState.errors.end_date?.message} {...register('end_date')} />
        </div>
        <CheckboxField label="Período ativo" {...register('active')} />
      </form>
    </Modal>
  );
}
