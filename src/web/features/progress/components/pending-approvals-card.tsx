import { Link } from 'react-router';
import { Inbox } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { usePendingApprovals } from '../api/get-pending-approvals';

/** The panel's count of submissions waiting for approval, a way into 'Aprovações' (for those who review). */
export function PendingApprovalsCard({ clubId }: { clubId: string }) {
  const pending = usePendingApprovals(clubId, true);
  const n = pending.data?.pending;
  return (
    <Card role="group" aria-label="Aguardando aprovação" className="mt-4 flex flex-wrap items-center gap-4">
      <div aria-hidden="true" className="rounded-lg bg-amber-50 p-3 text-amber-800"><Inbox className="h-6 w-6" /></div>
      <div className="min-w-0 flex-1">
        <p className="text-sm text-slate-600">Aguardando aprovação</p>
        <p className="text-2xl font-bold text-slate-900">{n === undefined ? '…' : n}</p>
      </div>
      <Link to="/dashboard/aprovacoes" className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-emerald-800 hover:bg-slate-50">
        Revisar envios
      </Link>
    </Card>
  );
}
