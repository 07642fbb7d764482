import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { TAdminClubList } from '@shared/admin';
import { api } from '@web/lib/api';
import { ADMIN_KEY } from './keys';

export function listAdminClubs(q: string, after: string | null): Promise<TAdminClubList> {
  const params = new URLSearchParams({ q });
  if (after) params.set('after', after);
  return api<TAdminClubList>('GET', `/api/admin/clubs?${params.toString()}`);
}

/** Pages of clubs, newest first: each 'Carregar mais' fetches the next page after the last cursor. */
export const adminClubsQueryOptions = (q = '') =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_KEY, 'clubs', q],
    queryFn: ({ pageParam }) => listAdminClubs(q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });

export function useAdminClubs(q = '') {
  return useInfiniteQuery(adminClubsQueryOptions(q));
}
