import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { useMe } from '@web/lib/session/me';

/** /dashboard/*: visitors go to /login (the server refuses their API calls anyway). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  if (me.isLoading) return <PageSpinner label="Carregando sua sessão…" />;
  if (!me.data) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}

/** /superadmin/*: only super admins; everyone else goes to /dashboard. */
export function RequireSuperAdmin({ children }: { children: ReactNode }) {
  const me = useMe();
  if (me.isLoading) return <PageSpinner label="Carregando sua sessão…" />;
  if (!me.data) return <Navigate to="/login" replace />;
  if (me.data.user_type !== 'super_admin') return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}

/** /login and /register: a signed-in user goes straight to the dashboard. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const me = useMe();
  if (me.isLoading) return <PageSpinner />;
  if (me.data) return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}
