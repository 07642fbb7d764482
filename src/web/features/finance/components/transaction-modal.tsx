import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { Form, useZodForm } from '@web/components/form';
import { FIN_MSG, TRANSACTION_TYPE_LABEL, TRANSACTION_TYPES, ZCreateTransactionForm, type TFinanceMember } from '@shared/finance';
import { DateInput } from '@web/components/ui/date-input';
import { SelectField, TextField } from '@web/components/ui/field';
import { FormModalFooter, Modal } from '@web/components/ui/modal';
import { FormMoneyField } from '@web/components/ui/money-input';
import { useCashAccounts } from '../api/list-cash-accounts';
import { useChartAccounts } from '../api/list-chart-accounts';
import { useSavingsGoals } from '../api/list-savings-goals';
import { useCreateTransaction } from '../api/create-transaction';
import { todayIso } from './toast-error';

type FormOut = z.output<typeof ZCreateTransactionForm>;

/** 'Novo Lançamento': type defaults to income, date to today; chart accounts filtered by the chosen type. */
export function TransactionModal({ clubId, members, onClose }: { clubId: string; members: TFinanceMember[]; onClose: () => void }) {
  const create = useCreateTransaction(clubId);
  const accounts = useCashAccounts(clubId);
  const chart = useChartAccounts(clubId);
  const goals = useSavingsGoals(clubId, 'all');
  const form = useZodForm(ZCreateTransactionForm, {
    defaultValues: {
      type: 'income', cash_account_id: '', amount: '', description: '', transaction_date: todayIso(),
      chart_account_id: '', profile_id: '', savings_goal_id: '',
    },
  });
  const { register, formState, watch, setValue, control } = form;
  const type = watch('type') ?? 'income';
  const chartChoices = (chart.data ?? []).filter((c) => c.active && c.type === type);

  const onSubmit = async (values: FormOut) => {
    await create.mutateAsync(values);
    toast.success(FIN_MSG.transactionSaved);
    onClose();
  };
  const typeField = register('type', { onChange: () => setValue('chart_account_id', '') });

  return (
    <Modal
      open
      size="lg"
      title="Novo Lançamento"
      onClose={onClose}
      footer={<FormModalFooter formId="transaction-form" onCancel={onClose} pending={create.isPending} submitLabel="Registrar" />}
    >
      <Form id="transaction-form" form={form} onSubmit={onSubmit} errorPrefix={FIN_MSG.saveTransactionError} fallback={FIN_MSG.tryAgain} className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Tipo" {...typeField}>
          {TRANSACTION_TYPES.map((t) => <option key={t} value={t}>{TRANSACTION_TYPE_LABEL[t]}</option>)}
        </SelectField>
        <SelectField label="Caixa" required error={formState.errors.cash_account_id?.message} {...register('cash_account_id')}>
          <option value="">Selecione o caixa</option>
          {accounts.data?.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
        </SelectField>
        <FormMoneyField control={control} name="amount" label="Valor (R$)" required />
        <DateInput label="Data" required error={formState.errors.transaction_date?.message} {...register('transaction_date')} />
        <div className="sm:col-span-2">
          <TextField label="Descrição" required error={formState.errors.description?.message} {...register('description')} />
        </div>
        <SelectField label="Conta (plano de contas)" {...register('chart_account_id')}>
          <option value="">Sem categoria</option>
          {chartChoices.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
        </SelectField>
        <SelectField label="Membro (opcional)" {...register('profile_id')}>
          <option value="">Nenhum</option>
          {members.map((m) => <option key={m.profile_id} value={m.profile_id}>{m.full_name}</option>)}
        </SelectField>
        <div className="sm:col-span-2">
          <SelectField label="Cofre (opcional)" hint="Uma receita no cofre aumenta o valor guardado; uma despesa o reduz." {...register('savings_goal_id')}>
            <option value="">Nenhum</option>
            {goals.data?.map((g) => <option key={g.id} value={g.id}>{g.profile_name ? `${g.name} (${g.profile_name})` : `${g.name} (Clube)`}</option>)}
          </SelectField>
        </div>
      </Form>
    </Modal>
  );
}
