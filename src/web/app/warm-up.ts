import type { QueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '@web/lib/session/me';
import { myClubsQueryOptions } from '@web/lib/session/my-clubs';

/** Screens whose guard asks for the session before it shows anything. */
const GUARDED = /^\/(dashboard|superadmin|familia|login|register)(\/|$)/;
/** Screens inside the signed-in shell (menu, club selector). */
const SHELL = /^\/(dashboard|superadmin)(\/|$)/;

/**
 * A signed-in screen opened directly (a bookmark, the installed app) loaded in steps: the page's
 * chunk, then the session, then the shell's chunk, then the clubs — four round trips before the
 * first number, which on a phone is most of the LCP. They start together here, when the app boots.
 */
export function warmUp(qc: QueryClient, path: string): void {
  if (!GUARDED.test(path)) return;
  const me = qc.prefetchQuery(meQueryOptions());
  if (!SHELL.test(path)) return;
  // The same module the lazy layout of the router imports: the browser fetches it once.
  void import('./layout/app-layout');
  void me.then(() => {
    if (qc.getQueryData(meQueryOptions().queryKey)) void qc.prefetchQuery(myClubsQueryOptions());
  });
}
