import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMe, TProfile } from '@shared/auth';
import { api, ApiError } from '@web/lib/api';

/** The signed-in profile, or null for a visitor (401 is an answer here, not an error). */
export async function getMe(): Promise<TProfile | null> {
  try {
    return (await api<TMe>('GET', '/api/auth/me')).profile;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export const meQueryOptions = () => queryOptions({ queryKey: ['auth', 'me'], queryFn: getMe });

export function useMe() {
  return useQuery(meQueryOptions());
}
