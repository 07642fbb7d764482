import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { CHARGE_MSG, CHARGE_ORIGINS, CHARGE_ORIGIN_LABEL, ZCreateChargeForm } from '@shared/charges';
import { Button } from '@web/components/ui/button';
import { DateInput } from '@web/components/ui/date-input';
import { FormError, SelectField, TextField } from '@web/components/ui/field';
import { Modal } from '@web/components/ui/modal';
import { FormMoneyField } from '@web/components/ui/money-input';
import { errorMessage } from '@web/lib/api';
import { useChargeMembers, useCreateCharge } from '../api/charges';
import { todayIso } from './today';

type FormIn = z.input<typeof ZCreateChargeForm>;
type FormOut = z.output<typeof ZCreateChargeForm>;

/** 'Nova cobrança': member, description, amount typed the Brazilian way ('1.234,56'), due date and origin. */
export function NewChargeModal({ clubId, onClose }: { clubId: string; onClose: () => void }) {
  const create = useCreateCharge(clubId);
  const members = useChargeMembers(clubId);
  const { register, handleSubmit, formState, control, setError } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(ZCreateChargeForm),
    defaultValues: { profile_id: '', description: '', amount: '', due_date: todayIso(), origin: 'avulsa' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      toast.success(CHARGE_MSG.created);
      onClose();
    } catch (err) {
      setError('root', { message: errorMessage(err, 'tente novamente em instantes.') });
    }
  });
  return (
    <Modal
      open
      title="Nova cobrança"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={create.isPending}>Cancelar</Button>
          <Button type="submit" form="new-charge-form" loading={create.isPending}>Criar cobrança</Button>
        </>
      }
    >
      <form id="new-charge-form" onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <SelectField label="Membro" required error={formState.errors.profile_id?.message} {...register('profile_id')}>
            <option value="">{members.isPending ? 'Carregando…' : 'Selecione o membro'}</option>
            {members.data?.map((m) => <option key={m.profile_id} value={m.profile_id}>{m.full_name}</option>)}
          </SelectField>
        </div>
        <div className="sm:col-span-2">
          <TextField label="Descrição" required maxLength={200} placeholder="Ex.: Camiseta do clube" error={formState.errors.description?.message} {...register('description')} />
        </div>
        <FormMoneyField control={control} name="amount" label="Valor (R$)" required />
        <DateInput label="Vencimento" required error={formState.errors.due_date?.message} {...register('due_date')} />
        <SelectField label="Origem" error={formState.errors.origin?.message} {...register('origin')}>
          {CHARGE_ORIGINS.map((o) => <option key={o} value={o}>{CHARGE_ORIGIN_LABEL[o]}</option>)}
        </SelectField>
        <div className="sm:col-span-2"><FormError message={formState.errors.root?.message} /></div>
      </form>
    </Modal>
  );
}
