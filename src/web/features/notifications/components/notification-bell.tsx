import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { unreadFor, useUnreadCounts } from '../api/get-unread';

const TONE = { dark: 'hover:bg-emerald-800', light: 'text-emerald-900 hover:bg-emerald-50' } as const;

/**
 * The bell: unread of the current club and the account's own (with no club, all of them), linking to
 * 'Avisos' (`to`: /dashboard/avisos in the club shell, /familia/avisos for a guardian).
 */
export function NotificationBell({ clubId, className = '', to = '/dashboard/avisos', tone = 'dark', onNew }: {
  clubId: string | null; className?: string; to?: string; tone?: keyof typeof TONE;
  /** Called when the count grows (a new notice): the screen under the bell reads again. */
  onNew?: () => void;
}) {
  const counts = useUnreadCounts();
  const n = unreadFor(counts.data, clubId);
  // A new notice means something changed for this person (points, a task, a charge): the club's
  // screens read again, so the home under the bell agrees with it without F5.
  const qc = useQueryClient();
  const seen = useRef<number | null>(null);
  useEffect(() => {
    if (!counts.data) return;
    if (seen.current !== null && n > seen.current) {
      if (clubId) void qc.invalidateQueries({ queryKey: ['clubs', clubId] });
      onNew?.();
    }
    seen.current = n;
  }, [counts.data, n, clubId, qc, onNew]);
  const label = n === 0 ? 'Avisos: nenhum novo' : `Avisos: ${n} ${n === 1 ? 'novo' : 'novos'}`;
  return (
    <Link to={to} aria-label={label} title={label} data-testid="notification-bell" className={`relative inline-flex rounded-lg p-2 ${TONE[tone]} ${className}`}>
      <Bell aria-hidden="true" className="h-5 w-5" />
      {n > 0 ? (
        <span aria-hidden="true" className="absolute -right-0.5 -top-0.5 min-w-[1.25rem] rounded-full bg-amber-400 px-1 text-center text-xs font-bold leading-5 text-slate-900">
          {n > 99 ? '99+' : n}
        </span>
      ) : null}
    </Link>
  );
}
