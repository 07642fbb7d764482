import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProfile } from '@shared/auth';
import { ApiError } from '@web/lib/api';
import { apiKept, forgetKeptAnswers } from '@web/lib/kept-answers';

/**
 * The signed-in profile, or null for a visitor. /api/auth/session answers a visitor with 200, so an
 * anonymous page logs no error; a 401 (a second factor still to give) is a visitor here too. With no
 * connection it is the last session this device saw: a network failure is not a sign-out.
 */
export async function getMe(): Promise<TProfile | null> {
  try {
    const { profile } = await apiKept<{ profile: TProfile | null }>('/api/auth/session');
    if (!profile) forgetKeptAnswers();
    return profile;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      forgetKeptAnswers();
      return null;
    }
    throw err;
  }
}

export const meQueryOptions = () => queryOptions({ queryKey: ['auth', 'me'], queryFn: getMe });

export function useMe() {
  return useQuery(meQueryOptions());
}
