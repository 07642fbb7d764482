import { lazy } from 'react';
import { Outlet, useMatches } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner';
import { useCurrentClub } from '@web/lib/session/use-current-club';
import { clubPurpose } from '../club-route';

// Loaded only by someone in no club: the signed-in shell's first download stays within its budget.
const NoClubState = lazy(() => import('../../components/ui/no-club-state').then((m) => ({ default: m.NoClubState })));

/**
 * The one guard for 'no club selected': a route declared with `handle: clubScreen(…)` renders only
 * once the session's club is known and there is one; its page reads it with `useSelectedClub()`.
 * The shell renders it inside its Suspense, which shows the spinner while NoClubState loads.
 */
export function ClubOutlet() {
  const purpose = clubPurpose(useMatches());
  const current = useCurrentClub();
  if (purpose === undefined) return <Outlet />;
  if (current.isLoading) return <PageSpinner />;
  if (!current.clubId) return <NoClubState purpose={purpose} />;
  return <Outlet />;
}
