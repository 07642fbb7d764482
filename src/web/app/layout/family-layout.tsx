import { useCallback, useEffect } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useSignOut } from './use-sign-out';
import { useMyClubs } from '@web/lib/session/my-clubs';
import { WAITING_POLL_MS } from '@web/lib/polling';
import { NotificationBell } from '../../features/notifications/components/notification-bell';

/** The reads of /familia (the child, their events, charges and cartão): each key's first part. */
const FAMILY_READS = new Set<unknown>(['family', 'family-events', 'family-charges']);
const refreshFamily = (qc: QueryClient) => qc.invalidateQueries({ predicate: (q) => FAMILY_READS.has(q.queryKey[0]) });

/**
 * /familia follows the club (issue 43): a guardian waits for the treasurer to confirm a payment or a
 * leader to approve, with the page open and focused (no focus event comes). What is on screen reads
 * again every WAITING_POLL_MS while the tab is visible, when a new notice arrives (the bell), and when
 * the person comes back to the page; the refresh on focus is the app's default.
 */
function useFollowFamily(qc: QueryClient) {
  const { pathname } = useLocation();
  useEffect(() => {
    void refreshFamily(qc);
  }, [qc, pathname]);
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refreshFamily(qc);
    }, WAITING_POLL_MS);
    return () => clearInterval(timer);
  }, [qc]);
}

/**
 * The guardian's shell: /familia and its 'Avisos'. A guardian belongs to no club, so the club shell
 * (menu, selector) is not theirs: here the bell counts every notice, 'Meus clubes' shows only to who
 * has one, and there is a way out.
 */
export function FamilyLayout() {
  const qc = useQueryClient();
  const clubs = useMyClubs();
  const { signOut, signingOut } = useSignOut();
  useFollowFamily(qc);
  const onNew = useCallback(() => void refreshFamily(qc), [qc]);
  const link = ({ isActive }: { isActive: boolean }) => `rounded-md px-2 py-1 text-slate-700 underline-offset-2 hover:underline ${isActive ? 'font-semibold text-emerald-900' : ''}`;
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-2">
          <Link to="/familia" className="text-xl font-bold text-emerald-800">Trilha</Link>
          <nav aria-label="Família" className="flex flex-wrap items-center gap-x-1 text-sm">
            <NavLink to="/familia" end className={link}>Família</NavLink>
            <NavLink to="/familia/avisos" className={link}>Avisos e preferências</NavLink>
            <NavLink to="/privacidade" className={link}>Privacidade</NavLink>
            {clubs.data && clubs.data.length > 0 ? <NavLink to="/dashboard" className={link}>Meus clubes</NavLink> : null}
            <NotificationBell clubId={null} to="/familia/avisos" tone="light" onNew={onNew} />
            <button type="button" onClick={() => void signOut()} disabled={signingOut} aria-label="Sair" title="Sair"
              className="rounded-lg p-2 text-emerald-900 hover:bg-emerald-50 disabled:opacity-60">
              <LogOut aria-hidden="true" className="h-5 w-5" />
            </button>
          </nav>
        </div>
      </header>
      <Outlet />
    </div>
  );
}
