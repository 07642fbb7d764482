import { useCurrentClub } from '@web/lib/session/use-current-club';
import { usePendingApprovals } from '../api/get-pending-approvals';

/** The sidebar's count of submissions waiting for approval (admins only). */
export function ApprovalsCounter() {
  const { clubId, can } = useCurrentClub();
  const pending = usePendingApprovals(clubId, can('submissions.review'));
  const n = pending.data?.pending ?? 0;
  if (n === 0) return null;
  return (
    <span className="ml-auto rounded-full bg-amber-400 px-2 py-0.5 text-xs font-bold text-slate-900" aria-label={`${n} aguardando aprovação`}>
      {n > 99 ? '99+' : n}
    </span>
  );
}
