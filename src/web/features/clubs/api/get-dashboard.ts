import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDashboardCounts } from '@shared/clubs';
import { apiKept } from '@web/lib/kept-answers';

export function getDashboard(clubId: string): Promise<TDashboardCounts> {
  return apiKept<TDashboardCounts>(`/api/clubs/${clubId}/dashboard`);
}

export const dashboardQueryOptions = (clubId: string) =>
  queryOptions({ queryKey: ['clubs', clubId, 'dashboard'], queryFn: () => getDashboard(clubId) });

export function useDashboard(clubId: string | null) {
  return useQuery({ ...dashboardQueryOptions(clubId ?? ''), enabled: clubId !== null });
}
