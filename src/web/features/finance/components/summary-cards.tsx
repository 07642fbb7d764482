import { Landmark, PiggyBank, Wallet } from 'lucide-react';
import { StatCard } from '@web/components/ui/card';
import { formatMoney } from '@web/lib/format';
import { useFinanceSummary } from '../api/get-summary';

/** Total balance (Σ current balances of the caixas), number of caixas, number of cofres. */
export function SummaryCards({ clubId }: { clubId: string }) {
  const summary = useFinanceSummary(clubId);
  const s = summary.data;
  const loading = summary.isLoading;
  return (
    <section aria-label="Resumo financeiro" className="grid gap-4 sm:grid-cols-3">
      <StatCard label="Saldo Total" value={loading ? '…' : formatMoney(s?.total_balance)} icon={<Landmark className="h-6 w-6" />} />
      <StatCard label="Caixas" value={loading ? '…' : (s?.cash_accounts ?? 0)} icon={<Wallet className="h-6 w-6" />} accent="text-sky-700 bg-sky-50" />
      <StatCard label="Cofres e Metas" value={loading ? '…' : (s?.savings_goals ?? 0)} icon={<PiggyBank className="h-6 w-6" />} accent="text-violet-700 bg-violet-50" />
    </section>
  );
}
