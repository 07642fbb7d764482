import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TAdminUserList } from '@shared/admin';
import { api } from '@web/lib/api';
import { ADMIN_KEY } from './keys';

export function searchUsers(q: string, page: number): Promise<TAdminUserList> {
  const params = new URLSearchParams({ q, page: String(page) });
  return api<TAdminUserList>('GET', `/api/admin/users?${params.toString()}`);
}

export const usersQueryOptions = (q: string, page: number) =>
  queryOptions({ queryKey: [...ADMIN_KEY, 'users', q, page], queryFn: () => searchUsers(q, page), placeholderData: keepPreviousData });

export function useUserSearch(q: string, page: number) {
  return useQuery(usersQueryOptions(q, page));
}
