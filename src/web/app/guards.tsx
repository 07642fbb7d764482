import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { WifiOff } from 'lucide-react';
import { PageSpinner } from '../components/ui/spinner';
import { useMe } from '@web/lib/session/me';

/**
 * No session could be read and none was kept on this device (first visit offline): neither signed in
 * nor a visitor, so no redirect to /login, which would look like being signed out.
 */
function NoConnection({ retry }: { retry: () => void }) {
  return (
    <div role="alert" className="mx-auto mt-24 max-w-sm px-4 text-center">
      <WifiOff aria-hidden="true" className="mx-auto h-10 w-10 text-slate-500" />
      <p className="mt-3 font-semibold text-slate-900">Sem conexão</p>
      <p className="mt-1 text-sm text-slate-600">Não foi possível ler sua sessão. Verifique sua internet.</p>
      <button type="button" onClick={retry} className="mt-4 rounded-lg bg-emerald-700 px-4 py-2 font-medium text-white hover:bg-emerald-800">
        Tentar de novo
      </button>
    </div>
  );
}

/** The session guard's state: a profile, a visitor (null), still reading, or unreadable (no connection). */
function useSessionState() {
  const me = useMe();
  const retry = () => void me.refetch();
  if (me.data !== undefined) return { state: me.data ? ('signed-in' as const) : ('visitor' as const), me, retry };
  // A read that failed, or one paused waiting for the connection, is not a sign-out.
  if (me.isError || me.fetchStatus === 'paused') return { state: 'unreachable' as const, me, retry };
  return { state: 'loading' as const, me, retry };
}

/** /dashboard/*: visitors go to /login (the server refuses their API calls anyway). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { state, retry } = useSessionState();
  const location = useLocation();
  if (state === 'loading') return <PageSpinner label="Carregando sua sessão…" />;
  if (state === 'unreachable') return <NoConnection retry={retry} />;
  if (state === 'visitor') return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}

/** /superadmin/*: only super admins; everyone else goes to /dashboard. */
export function RequireSuperAdmin({ children }: { children: ReactNode }) {
  const { state, me, retry } = useSessionState();
  if (state === 'loading') return <PageSpinner label="Carregando sua sessão…" />;
  if (state === 'unreachable') return <NoConnection retry={retry} />;
  if (state === 'visitor') return <Navigate to="/login" replace />;
  if (me.data?.user_type !== 'super_admin') return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}

/**
 * /login and /register: a signed-in user goes straight to the dashboard. The form shows while the
 * session is read: most who open these pages are visitors, and they get it a round trip sooner.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { state } = useSessionState();
  if (state === 'signed-in') return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}
