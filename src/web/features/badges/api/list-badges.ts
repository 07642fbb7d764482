import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBadge } from '@shared/badges';
import { api } from '@web/lib/api';

export function listBadges(): Promise<TBadge[]> {
  return api<TBadge[]>('GET', '/api/superadmin/badges');
}

export const badgesQueryOptions = () => queryOptions({ queryKey: ['superadmin', 'badges'], queryFn: listBadges });

export function useBadges() {
  return useQuery(badgesQueryOptions());
}
