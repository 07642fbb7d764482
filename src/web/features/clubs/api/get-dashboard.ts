import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDashboardCounts } from '@shared/clubs';
import { api } from '@web/lib/api';

export function getDashboard(clubId: string): Promise<TDashboardCounts> {
  return api<TDashboardCounts>('GET', `/api/clubs/${clubId}/dashboard`);
}

export const dashboardQueryOptions = (clubId: string) =>
  queryOptions({ queryKey: ['clubs', clubId, 'dashboard'], queryFn: () => getDashboard(clubId) });

export function useDashboard(clubId: string | null) {
  return useQuery({ ...dashboardQueryOptions(clubId ?? ''), enabled: clubId !== null });
}
