import { lazy, Suspense, useState } from 'react';
import { Plus } from 'lucide-react';
import { FIN_MSG } from '@shared/finance';
import { Button } from '@web/components/ui/button';
import { PageHeader } from '@web/components/ui/page-header';
import { PageSpinner } from '@web/components/ui/spinner';
import { Tabs, type TabItem } from '@web/components/ui/tabs';
import { useSelectedClub } from '@web/lib/session/use-current-club';
import { useCashAccounts } from '../api/list-cash-accounts';
import { useFinanceMembers } from '../api/list-finance-members';
import { CashAccountsSection } from '../components/cash-accounts-section';
import { ChartOfAccountsTab } from '../components/chart-of-accounts-tab';
import { MySavingsGoals } from '../components/my-savings-goals';
import { SavingsGoalsSection } from '../components/savings-goals-section';
import { SummaryCards } from '../components/summary-cards';
import { TransactionModal } from '../components/transaction-modal';
import { TransactionsSection } from '../components/transactions-section';

// recharts is heavy: loaded only when 'Relatórios' opens.
const ReportsTab = lazy(() => import('../components/reports-tab').then((m) => ({ default: m.ReportsTab })));

type TabId = 'overview' | 'chart' | 'reports';
const TABS: TabItem<TabId>[] = [
  { key: 'overview', label: 'Visão geral' },
  { key: 'chart', label: 'Plano de contas' },
  { key: 'reports', label: 'Relatórios' },
];

function NewTransactionButton({ clubId, onOpen }: { clubId: string; onOpen: () => void }) {
  const accounts = useCashAccounts(clubId);
  const none = accounts.isSuccess && accounts.data.length === 0;
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <Button
        icon={<Plus aria-hidden="true" className="h-4 w-4" />}
        disabled={!accounts.isSuccess || none}
        aria-describedby={none ? 'need-cash-account' : undefined}
        onClick={onOpen}
      >
        Novo Lançamento
      </Button>
      {none ? <p id="need-cash-account" role="status" className="text-sm text-red-700">{FIN_MSG.needCashAccount}</p> : null}
    </div>
  );
}

function Finance({ clubId }: { clubId: string }) {
  const [tab, setTab] = useState<TabId>('overview');
  const [creating, setCreating] = useState(false);
  const members = useFinanceMembers(clubId);
  const memberList = members.data ?? [];
  return (
    <div>
      <PageHeader title="Financeiro" description="Caixas, cofres e lançamentos do clube." actions={<NewTransactionButton clubId={clubId} onOpen={() => setCreating(true)} />} />
      <Tabs label="Seções do financeiro" tabs={TABS} value={tab} onChange={setTab} look="grid" className="mb-6">
        {tab === 'overview' ? (
          <div className="space-y-8">
            <SummaryCards clubId={clubId} />
            <div className="grid gap-8 lg:grid-cols-2">
              <CashAccountsSection clubId={clubId} />
              <SavingsGoalsSection clubId={clubId} members={memberList} />
            </div>
            <TransactionsSection clubId={clubId} />
          </div>
        ) : null}
        {tab === 'chart' ? <ChartOfAccountsTab clubId={clubId} /> : null}
        {tab === 'reports' ? <Suspense fallback={<PageSpinner />}><ReportsTab clubId={clubId} /></Suspense> : null}
      </Tabs>
      {creating ? <TransactionModal clubId={clubId} members={memberList} onClose={() => setCreating(false)} /> : null}
    </div>
  );
}

export function Component() {
  const { club, can } = useSelectedClub();
  const isAdmin = can('finance.manage');
  if (!isAdmin) {
    // Finance is admin-only; a member still sees their own cofres here, read-only.
    return (
      <div className="space-y-6">
        <PageHeader title="Financeiro" description="O caixa do clube é gerido pela diretoria e pela tesouraria." />
        <MySavingsGoals clubId={club.id} />
      </div>
    );
  }
  return <Finance clubId={club.id} />;
}
