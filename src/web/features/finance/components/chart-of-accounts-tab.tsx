import { useState } from 'react';
import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { Pencil, Plus, Power } from 'lucide-react';
import { FIN_MSG, TRANSACTION_TYPES, ZCreateChartAccount, type TChartAccount, type TTransactionType } from '@shared/finance';
import { Form, useZodForm } from '@web/components/form';
import { Button, IconButton } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { SelectField, TextField } from '@web/components/ui/field';
import { FormModalFooter, Modal } from '@web/components/ui/modal';
import { Spinner } from '@web/components/ui/spinner';
import { ActiveTag } from '@web/components/ui/tag';
import { useChartAccounts } from '../api/list-chart-accounts';
import { useCreateChartAccount } from '../api/create-chart-account';
import { useUpdateChartAccount } from '../api/update-chart-account';
import { toastFinanceError } from './toast-error';

const GROUP_TITLE: Record<TTransactionType, string> = { income: 'Receitas', expense: 'Despesas' };
type FormOut = z.output<typeof ZCreateChartAccount>;

/** Create an account, or rename one (its type never changes so past transactions keep their meaning). */
function ChartAccountModal({ clubId, account, onClose }: { clubId: string; account: TChartAccount | null; onClose: () => void }) {
  const create = useCreateChartAccount(clubId);
  const update = useUpdateChartAccount(clubId);
  const form = useZodForm(ZCreateChartAccount, { defaultValues: { name: account?.name ?? '', type: account?.type ?? 'income' } });
  const { register, formState } = form;
  const onSubmit = async (values: FormOut) => {
    if (account) await update.mutateAsync({ id: account.id, input: { name: values.name } });
    else await create.mutateAsync(values);
    toast.success(FIN_MSG.chartSaved);
    onClose();
  };
  return (
    <Modal
      open
      title={account ? 'Renomear conta' : 'Nova conta'}
      onClose={onClose}
      footer={<FormModalFooter formId="chart-account-form" onCancel={onClose} pending={create.isPending || update.isPending} submitLabel="Salvar" />}
    >
      <Form id="chart-account-form" form={form} onSubmit={onSubmit} errorPrefix={FIN_MSG.chartSaveError} fallback={FIN_MSG.tryAgain}>
        <TextField label="Nome da conta" required error={formState.errors.name?.message} {...register('name')} />
        <SelectField label="Tipo" disabled={account !== null} error={formState.errors.type?.message} {...register('type')}>
          <option value="income">Receita</option>
          <option value="expense">Despesa</option>
        </SelectField>
      </Form>
    </Modal>
  );
}

/** 'Plano de contas': the club's income and expense categories; deactivated ones stay for history. */
export function ChartOfAccountsTab({ clubId }: { clubId: string }) {
  const chart = useChartAccounts(clubId);
  const update = useUpdateChartAccount(clubId);
  const [editing, setEditing] = useState<TChartAccount | null | 'new'>(null);

  const toggle = async (a: TChartAccount) => {
    try {
      await update.mutateAsync({ id: a.id, input: { active: !a.active } });
      toast.success(a.active ? FIN_MSG.chartDeactivated : FIN_MSG.chartSaved);
    } catch (err) {
      toastFinanceError(FIN_MSG.chartSaveError, err);
    }
  };

  return (
    <div>
      <div className="mb-4 flex items-center justify-between gap-2">
        <p className="text-slate-600">Categorias usadas nos lançamentos e nos relatórios.</p>
        <Button icon={<Plus aria-hidden="true" className="h-4 w-4" />} onClick={() => setEditing('new')}>Nova conta</Button>
      </div>
      {chart.isLoading ? <Spinner /> : null}
      <div className="grid gap-6 md:grid-cols-2">
        {TRANSACTION_TYPES.map((type) => (
          <section key={type} aria-labelledby={`plano-${type}`}>
            <h2 id={`plano-${type}`} className="mb-2 text-lg font-semibold">{GROUP_TITLE[type]}</h2>
            <Card className="p-0">
              <ul className="divide-y divide-slate-200">
                {chart.data?.filter((a) => a.type === type).map((a) => (
                  <li key={a.id} className="flex items-center justify-between gap-2 px-4 py-2">
                    <div className="flex min-w-0 items-center gap-2">
                      <span className={a.active ? 'text-slate-900' : 'text-slate-500 line-through'}>{a.name}</span>
                      <ActiveTag active={a.active} feminine />
                    </div>
                    <div className="flex shrink-0">
                      <IconButton label={`Renomear ${a.name}`} icon={<Pencil aria-hidden="true" className="h-4 w-4" />} onClick={() => setEditing(a)} />
                      <IconButton
                        label={a.active ? `Desativar ${a.name}` : `Reativar ${a.name}`}
                        icon={<Power aria-hidden="true" className={`h-4 w-4 ${a.active ? 'text-red-700' : 'text-emerald-700'}`} />}
                        disabled={update.isPending}
                        onClick={() => toggle(a)}
                      />
                    </div>
                  </li>
                ))}
              </ul>
            </Card>
          </section>
        ))}
      </div>
      {editing ? <ChartAccountModal clubId={clubId} account={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
