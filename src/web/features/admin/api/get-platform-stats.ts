import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPlatformStats } from '@shared/admin';
import { api } from '@web/lib/api';
import { ADMIN_KEY } from './keys';

export function getPlatformStats(): Promise<TPlatformStats> {
  return api<TPlatformStats>('GET', '/api/admin/stats');
}

export const platformStatsQueryOptions = () => queryOptions({ queryKey: [...ADMIN_KEY, 'stats'], queryFn: getPlatformStats });

export function usePlatformStats() {
  return useQuery(platformStatsQueryOptions());
}
