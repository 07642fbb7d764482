import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { ArrowDownCircle, ArrowUpCircle, Receipt, Trash2, Undo2 } from 'lucide-react';
import { FIN_MSG, type TTransaction } from '@shared/finance';
import { IconButton } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadMore } from '@web/components/ui/load-more';
import { Spinner } from '@web/components/ui/spinner';
import { TextField } from '@web/components/ui/field';
import { Tag } from '@web/components/ui/tag';
import { formatDate, formatMoney } from '@web/lib/format';
import { useTransactions } from '../api/list-transactions';
import { useDeleteTransaction } from '../api/delete-transaction';
import { useReverseTransaction } from '../api/reverse-transaction';
import { toastFinanceError } from './toast-error';

function TransactionRow({ t, onReverse, onDelete }: { t: TTransaction; onReverse: () => void; onDelete: () => void }) {
  const income = t.type === 'income';
  const Icon = income ? ArrowUpCircle : ArrowDownCircle;
  const canReverse = !t.reversal_of && !t.reversed_by;
  return (
    <Card className="flex items-start gap-3">
      <Icon aria-hidden="true" className={`mt-0.5 h-5 w-5 shrink-0 ${income ? 'text-emerald-700' : 'text-red-700'}`} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium text-slate-900">{t.description}</p>
          {t.reversal_of ? <Tag tone="amber">Estorno</Tag> : null}
          {t.reversed_by ? <Tag tone="gray">Estornado</Tag> : null}
        </div>
        <p className="text-sm text-slate-600">
          {t.cash_account_name}
          {t.profile_name ? ` · ${t.profile_name}` : ''}
          {t.savings_goal_name ? ` · Cofre: ${t.savings_goal_name}` : ''}
          {t.chart_account_name ? ` · ${t.chart_account_name}` : ''}
        </p>
        <p className="text-xs text-slate-600">{formatDate(t.transaction_date)}</p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <span className={`font-semibold ${income ? 'text-emerald-700' : 'text-red-700'}`}>
          {income ? '+' : '−'} {formatMoney(t.amount)}
        </span>
        <div className="flex">
          {canReverse ? (
            <IconButton label={`Estornar ${t.description}`} icon={<Undo2 aria-hidden="true" className="h-4 w-4" />} onClick={onReverse} />
          ) : null}
          <IconButton label={`Excluir ${t.description}`} icon={<Trash2 aria-hidden="true" className="h-4 w-4 text-red-700" />} onClick={onDelete} />
        </div>
      </div>
    </Card>
  );
}

/** 'Lançamentos Recentes': the last 20, then 'Carregar mais' page by page; Estornar (keeps history) and delete (with its reason; the balance follows). */
export function TransactionsSection({ clubId }: { clubId: string }) {
  const list = useTransactions(clubId);
  const shown = list.data?.pages.flatMap((p) => p.transactions) ?? [];
  const reverse = useReverseTransaction(clubId);
  const remove = useDeleteTransaction(clubId);
  const [reversing, setReversing] = useState<TTransaction | null>(null);
  const [deleting, setDeleting] = useState<TTransaction | null>(null);
  const [reason, setReason] = useState('');

  const confirmReverse = async () => {
    if (!reversing) return;
    try {
      await reverse.mutateAsync(reversing.id);
      toast.success(FIN_MSG.transactionReversed);
      setReversing(null);
    } catch (err) {
      toastFinanceError(FIN_MSG.reverseError, err);
    }
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    if (reason.trim().length < 3) {
      toast.error(FIN_MSG.deleteReasonRequired);
      return;
    }
    try {
      await remove.mutateAsync({ id: deleting.id, reason });
      toast.success(FIN_MSG.transactionDeleted);
      setDeleting(null);
      setReason('');
    } catch (err) {
      toastFinanceError(FIN_MSG.deleteTransactionError, err);
    }
  };

  return (
    <section aria-labelledby="lancamentos-title">
      <h2 id="lancamentos-title" className="mb-3 text-lg font-semibold">Lançamentos Recentes</h2>
      {list.isLoading ? <Spinner /> : null}
      {list.isError ? <p role="alert" className="text-red-700">Não foi possível carregar os lançamentos.</p> : null}
      {list.isSuccess && shown.length === 0 ? <EmptyState icon={<Receipt className="h-8 w-8" />} message="Nenhum lançamento registrado ainda." /> : null}
      <ul className="space-y-2">
        {shown.map((t) => (
          <li key={t.id}>
            <TransactionRow t={t} onReverse={() => setReversing(t)} onDelete={() => setDeleting(t)} />
          </li>
        ))}
      </ul>
      {shown.length > 0 ? (
        <LoadMore
          shown={shown.length}
          total={list.data?.pages[0]?.total ?? shown.length}
          noun={['lançamento', 'lançamentos']}
          hasMore={list.hasNextPage}
          loading={list.isFetchingNextPage}
          onMore={() => void list.fetchNextPage()}
        />
      ) : null}
      <ConfirmDialog
        open={reversing !== null}
        title="Estornar lançamento"
        danger={false}
        confirmLabel="Estornar"
        message={<p>Estornar <strong>{reversing?.description}</strong> ({formatMoney(reversing?.amount)})? {FIN_MSG.confirmReverse}</p>}
        loading={reverse.isPending}
        onConfirm={confirmReverse}
        onCancel={() => setReversing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Excluir lançamento"
        message={
          <div className="space-y-2">
            <p>Excluir <strong>{deleting?.description}</strong> ({formatMoney(deleting?.amount)})?</p>
            <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">{FIN_MSG.confirmDeleteTransaction}</p>
            <TextField label="Motivo da exclusão" required maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="Ex.: lançado em duplicidade" />
          </div>
        }
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => { setDeleting(null); setReason(''); }}
      />
    </section>
  );
}
