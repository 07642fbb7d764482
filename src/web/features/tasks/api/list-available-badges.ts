import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBadgeSummary } from '@shared/tasks';
import { api } from '@web/lib/api';

/** Active badges not linked to the task yet. */
export function listAvailableBadges(clubId: string, taskId: string): Promise<TBadgeSummary[]> {
  return api<TBadgeSummary[]>('GET', `/api/clubs/${clubId}/tasks/${taskId}/available-badges`);
}

export const availableBadgesQueryOptions = (clubId: string, taskId: string) =>
  queryOptions({ queryKey: ['clubs', clubId, 'tasks', taskId, 'available-badges'], queryFn: () => listAvailableBadges(clubId, taskId) });

export function useAvailableBadges(clubId: string, taskId: string) {
  return useQuery(availableBadgesQueryOptions(clubId, taskId));
}
