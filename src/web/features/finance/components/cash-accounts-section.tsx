import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { AlertTriangle, CheckCircle2, Pencil, Plus, Trash2, Wallet } from 'lucide-react';
import { FIN_MSG, type TCashAccount } from '@shared/finance';
import { Button, IconButton } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { Spinner } from '@web/components/ui/spinner';
import { formatMoney } from '@web/lib/format';
import { useCashAccounts } from '../api/list-cash-accounts';
import { useDeleteCashAccount } from '../api/delete-cash-account';
import { useReconcileCashAccount } from '../api/reconcile-cash-account';
import { CashAccountModal } from './cash-account-modal';
import { toastFinanceError } from './toast-error';

/** Conciliation: initial balance + Σ transactions vs current balance (differs only on data from before deletes kept it). */
function Conciliation({ account, onFix }: { account: TCashAccount; onFix: () => void }) {
  if (account.reconciled) {
    return (
      <span className="inline-flex items-center gap-1 text-xs text-emerald-800" title="Saldo inicial + lançamentos = saldo atual">
        <CheckCircle2 aria-hidden="true" className="h-3.5 w-3.5" /> Conciliado
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">
      <AlertTriangle aria-hidden="true" className="h-3.5 w-3.5" />
      Divergência de {formatMoney(account.difference)} (esperado {formatMoney(account.expected_balance)})
      <button type="button" className="ml-1 font-semibold underline" onClick={onFix}>Corrigir saldo</button>
    </span>
  );
}

export function CashAccountsSection({ clubId }: { clubId: string }) {
  const accounts = useCashAccounts(clubId);
  const remove = useDeleteCashAccount(clubId);
  const [editing, setEditing] = useState<TCashAccount | null | 'new'>(null);
  const [deleting, setDeleting] = useState<TCashAccount | null>(null);
  const [fixing, setFixing] = useState<TCashAccount | null>(null);
  const reconcile = useReconcileCashAccount(clubId);
  const confirmFix = async () => {
    if (!fixing) return;
    try {
      await reconcile.mutateAsync(fixing.id);
      toast.success(FIN_MSG.reconciled);
      setFixing(null);
    } catch (err) {
      toastFinanceError('Erro ao corrigir saldo', err);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(FIN_MSG.cashAccountDeleted);
      setDeleting(null);
    } catch (err) {
      toastFinanceError(FIN_MSG.deleteCashAccountError, err);
    }
  };

  return (
    <section aria-labelledby="caixas-title">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="caixas-title" className="text-lg font-semibold">Caixas</h2>
        <Button size="sm" variant="secondary" icon={<Plus aria-hidden="true" className="h-4 w-4" />} onClick={() => setEditing('new')}>Novo Caixa</Button>
      </div>
      {accounts.isLoading ? <Spinner /> : null}
      {accounts.data && accounts.data.length === 0 ? (
        <EmptyState icon={<Wallet className="h-8 w-8" />} message="Nenhum caixa cadastrado ainda." />
      ) : null}
      <ul className="space-y-3">
        {accounts.data?.map((a) => (
          <li key={a.id}>
            <Card className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{a.name}</p>
                {a.description ? <p className="text-sm text-slate-600">{a.description}</p> : null}
                <p className="mt-1 text-xl font-bold text-slate-900" aria-label={`Saldo de ${a.name}`}>{formatMoney(a.current_balance)}</p>
                <Conciliation account={a} onFix={() => setFixing(a)} />
              </div>
              <div className="flex shrink-0">
                <IconButton label={`Editar ${a.name}`} icon={<Pencil aria-hidden="true" className="h-4 w-4" />} onClick={() => setEditing(a)} />
                <IconButton label={`Excluir ${a.name}`} icon={<Trash2 aria-hidden="true" className="h-4 w-4 text-red-700" />} onClick={() => setDeleting(a)} />
              </div>
            </Card>
          </li>
        ))}
      </ul>
      {editing ? <CashAccountModal clubId={clubId} account={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Excluir caixa"
        message={<p>Excluir o caixa <strong>{deleting?.name}</strong>? {FIN_MSG.confirmIrreversible}</p>}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={fixing !== null}
        title="Corrigir saldo"
        danger={false}
        confirmLabel="Corrigir saldo"
        message={<p>O saldo de <strong>{fixing?.name}</strong> passa de {formatMoney(fixing?.current_balance)} para {formatMoney(fixing?.expected_balance)}. {FIN_MSG.confirmReconcile}</p>}
        loading={reconcile.isPending}
        onConfirm={confirmFix}
        onCancel={() => setFixing(null)}
      />
    </section>
  );
}
