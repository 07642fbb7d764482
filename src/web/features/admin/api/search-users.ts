import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { TAdminUserList } from '@shared/admin';
import { api } from '@web/lib/api';
import { ADMIN_KEY } from './keys';

export function searchUsers(q: string, after: string | null): Promise<TAdminUserList> {
  const params = new URLSearchParams({ q });
  if (after) params.set('after', after);
  return api<TAdminUserList>('GET', `/api/admin/users?${params.toString()}`);
}

/** Pages of accounts: each 'Carregar mais' fetches the next page after the last cursor. */
export const usersQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_KEY, 'users', q],
    queryFn: ({ pageParam }) => searchUsers(q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });

export function useUserSearch(q: string) {
  return useInfiniteQuery(usersQueryOptions(q));
}
