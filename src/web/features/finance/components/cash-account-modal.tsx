import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { FIN_MSG, ZCreateCashAccountForm, type TCashAccount } from '@shared/finance';
import { Button } from '@web/components/ui/button';
import { TextAreaField, TextField } from '@web/components/ui/field';
import { Modal } from '@web/components/ui/modal';
import { FormMoneyField } from '@web/components/ui/money-input';
import { useCreateCashAccount } from '../api/create-cash-account';
import { useUpdateCashAccount } from '../api/update-cash-account';
import { toastFinanceError } from './toast-error';

type FormIn = z.input<typeof ZCreateCashAccountForm>;
type FormOut = z.output<typeof ZCreateCashAccountForm>;

/** Create (with initial balance) or edit (name and description only) a caixa. */
export function CashAccountModal({ clubId, account, onClose }: { clubId: string; account: TCashAccount | null; onClose: () => void }) {
  const create = useCreateCashAccount(clubId);
  const update = useUpdateCashAccount(clubId);
  const editing = account !== null;
  const { register, handleSubmit, formState, control } = useForm<FormIn, unknown, FormOut>({
    // Editing never sends a balance (the field is not shown): the initial balance exists only on create (spec 5).
    resolver: zodResolver(ZCreateCashAccountForm),
    defaultValues: { name: account?.name ?? '', description: account?.description ?? '', initial_balance: '0,00' },
  });

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        if (account) await update.mutateAsync({ id: account.id, input: { name: values.name, description: values.description } });
        else await create.mutateAsync(values);
        toast.success(FIN_MSG.cashAccountSaved);
        onClose();
      } catch (err) {
        toastFinanceError(FIN_MSG.saveCashAccountError, err);
      }
    },
    (errors) => {
      const first = Object.values(errors)[0]?.message;
      if (typeof first === 'string') toast.error(first);
    },
  );

  return (
    <Modal
      open
      title={editing ? 'Editar Caixa' : 'Novo Caixa'}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>Cancelar</Button>
          <Button type="submit" form="cash-account-form" loading={create.isPending || update.isPending}>Salvar</Button>
        </>
      }
    >
      <form id="cash-account-form" onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField label="Nome do caixa" required error={formState.errors.name?.message} {...register('name')} />
        <TextAreaField label="Descrição (opcional)" {...register('description')} />
        {editing ? (
          <p className="text-sm text-slate-600">O saldo muda apenas por lançamentos; o saldo inicial é definido na criação.</p>
        ) : (
          <FormMoneyField control={control} name="initial_balance" label="Saldo inicial (R$)" hint="O saldo atual começa igual ao saldo inicial." />
        )}
      </form>
    </Modal>
  );
}
