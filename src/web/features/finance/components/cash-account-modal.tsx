import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { FIN_MSG, ZCreateCashAccountForm, type TCashAccount } from '@shared/finance';
import { Form, useZodForm } from '@web/components/form';
import { TextAreaField, TextField } from '@web/components/ui/field';
import { FormModalFooter, Modal } from '@web/components/ui/modal';
import { FormMoneyField } from '@web/components/ui/money-input';
import { useCreateCashAccount } from '../api/create-cash-account';
import { useUpdateCashAccount } from '../api/update-cash-account';

/** Create (with initial balance) or edit (name and description only) a caixa. */
export function CashAccountModal({ clubId, account, onClose }: { clubId: string; account: TCashAccount | null; onClose: () => void }) {
  const create = useCreateCashAccount(clubId);
  const update = useUpdateCashAccount(clubId);
  const editing = account !== null;
  // Editing never sends a balance (the field is not shown): the initial balance exists only on create (spec 5).
  const form = useZodForm(ZCreateCashAccountForm, {
    defaultValues: { name: account?.name ?? '', description: account?.description ?? '', initial_balance: '0,00' },
  });

  const { register, formState, control } = form;
  const onSubmit = async (values: z.output<typeof ZCreateCashAccountForm>) => {
    if (account) await update.mutateAsync({ id: account.id, input: { name: values.name, description: values.description } });
    else await create.mutateAsync(values);
    toast.success(FIN_MSG.cashAccountSaved);
    onClose();
  };

  return (
    <Modal
      open
      title={editing ? 'Editar Caixa' : 'Novo Caixa'}
      onClose={onClose}
      footer={<FormModalFooter formId="cash-account-form" onCancel={onClose} pending={create.isPending || update.isPending} submitLabel="Salvar" />}
    >
      <Form id="cash-account-form" form={form} onSubmit={onSubmit} errorPrefix={FIN_MSG.saveCashAccountError} fallback={FIN_MSG.tryAgain}>
        <TextField label="Nome do caixa" required error={formState.errors.name?.message} {...register('name')} />
        <TextAreaField label="Descrição (opcional)" {...register('description')} />
        {editing ? (
          <p className="text-sm text-slate-600">O saldo muda apenas por lançamentos; o saldo inicial é definido na criação.</p>
        ) : (
          <FormMoneyField control={control} name="initial_balance" label="Saldo inicial (R$)" hint="O saldo atual começa igual ao saldo inicial." />
        )}
      </Form>
    </Modal>
  );
}
