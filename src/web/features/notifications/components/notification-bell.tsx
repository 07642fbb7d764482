import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { unreadFor, useUnreadCounts } from '../api/get-unread';

/** The app shell's bell: unread of the current club and the account's own, linking to 'Avisos'. */
export function NotificationBell({ clubId, className = '' }: { clubId: string | null; className?: string }) {
  const counts = useUnreadCounts();
  const n = unreadFor(counts.data, clubId);
  // A new notice means something changed for this person (points, a task, a charge): the club's
  // screens read again, so the home under the bell agrees with it without F5.
  const qc = useQueryClient();
  const seen = useRef<number | null>(null);
  useEffect(() => {
    if (!counts.data) return;
    if (seen.current !== null && n > seen.current && clubId) void qc.invalidateQueries({ queryKey: ['clubs', clubId] });
    seen.current = n;
  }, [counts.data, n, clubId, qc]);
  const label = n === 0 ? 'Avisos: nenhum novo' : `Avisos: ${n} ${n === 1 ? 'novo' : 'novos'}`;
  return (
    <Link to="/dashboard/avisos" aria-label={label} title={label} data-testid="notification-bell" className={`relative inline-flex rounded-lg p-2 hover:bg-emerald-800 ${className}`}>
      <Bell aria-hidden="true" className="h-5 w-5" />
      {n > 0 ? (
        <span aria-hidden="true" className="absolute -right-0.5 -top-0.5 min-w-[1.25rem] rounded-full bg-amber-400 px-1 text-center text-xs font-bold leading-5 text-slate-900">
          {n > 99 ? '99+' : n}
        </span>
      ) : null}
    </Link>
  );
}
