import type { QueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '@web/lib/session/me';
import { myClubsQueryOptions } from '@web/lib/session/my-clubs';
import { readBoot } from '@web/lib/session/boot';

/** Screens whose guard asks for the session before it shows anything. */
const GUARDED = /^\/(dashboard|superadmin|familia|login|register)(\/|$)/;
/** Screens inside the signed-in shell (menu, club selector). */
const SHELL = /^\/(dashboard|superadmin)(\/|$)/;

/**
 * A signed-in screen opened directly (a bookmark, the installed app) loaded in steps: the page's
 * chunk, then the session, then the shell's chunk, then the clubs — four round trips before the
 * first number, which on a phone is most of the LCP. They start together here, when the app boots,
 * and the session and the clubs come in one read.
 */
export function warmUp(qc: QueryClient, path: string): void {
  if (!GUARDED.test(path)) return;
  if (!SHELL.test(path)) {
    void qc.prefetchQuery(meQueryOptions());
    return;
  }
  // The same module the lazy layout of the router imports: the browser fetches it once.
  void import('./layout/app-layout');
  // The session and the clubs in one round trip; the guard and the shell find both reads in flight.
  const boot = readBoot();
  void qc.prefetchQuery({ ...meQueryOptions(), queryFn: () => boot.then((b) => b.profile) });
  void qc.prefetchQuery({
    ...myClubsQueryOptions(),
    queryFn: () =>
      boot.then((b) => {
        // A visitor has no clubs to show: the read fails, and runs again after signing in.
        if (!b.profile) throw new Error('sem sessão');
        return b.clubs;
      }),
  });
}
