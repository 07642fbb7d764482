import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAdminClubList } from '@shared/admin';
import { api } from '@web/lib/api';
import { ADMIN_KEY } from './keys';

export function listAdminClubs(): Promise<TAdminClubList> {
  return api<TAdminClubList>('GET', '/api/admin/clubs');
}

export const adminClubsQueryOptions = () => queryOptions({ queryKey: [...ADMIN_KEY, 'clubs'], queryFn: listAdminClubs });

export function useAdminClubs() {
  return useQuery(adminClubsQueryOptions());
}
