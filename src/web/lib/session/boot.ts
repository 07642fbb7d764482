import type { TProfile } from '@shared/auth';
import type { TMyClub } from '@shared/clubs';
import { api } from '@web/lib/api';
import { browserOffline, forgetKeptAnswers, keep } from '@web/lib/kept-answers';
import { setServedFromDevice } from '@web/lib/online';
import { getMe } from './me';
import { listMyClubs } from './my-clubs';

export type TBoot = { profile: TProfile | null; clubs: TMyClub[] };

/**
 * The session and the clubs in one read (`/api/boot`), kept as the two reads keep them so the app
 * still opens offline. With no connection, or any failure, it falls back to the two reads, which answer
 * what this device kept (at once when the browser knows it is offline).
 */
export async function readBoot(): Promise<TBoot> {
  if (!browserOffline()) {
    try {
      const boot = await api<TBoot>('GET', '/api/boot');
      if (boot.profile) {
        keep('/api/auth/session', { profile: boot.profile });
        keep('/api/clubs', boot.clubs);
      } else {
        forgetKeptAnswers();
      }
      setServedFromDevice(false);
      return boot;
    } catch {
      // Unreachable or failed: the two reads below answer what this device kept.
    }
  }
  const profile = await getMe();
  return { profile, clubs: profile ? await listMyClubs() : [] };
}
