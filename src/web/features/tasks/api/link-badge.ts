import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTaskBadge } from '@shared/tasks';
import { api } from '@web/lib/api';
import { tasksQueryOptions } from './list-tasks';
import { taskBadgesQueryOptions } from './list-task-badges';
import { availableBadgesQueryOptions } from './list-available-badges';

export function linkBadge(clubId: string, taskId: string, badgeId: string): Promise<TTaskBadge[]> {
  return api<TTaskBadge[]>('POST', `/api/clubs/${clubId}/tasks/${taskId}/badges`, { badge_id: badgeId });
}

/** Refreshes the linked and available lists and the task's badge count. */
export async function invalidateTaskBadges(qc: ReturnType<typeof useQueryClient>, clubId: string, taskId: string) {
  await Promise.all([
    qc.invalidateQueries({ queryKey: taskBadgesQueryOptions(clubId, taskId).queryKey }),
    qc.invalidateQueries({ queryKey: availableBadgesQueryOptions(clubId, taskId).queryKey }),
    qc.invalidateQueries({ queryKey: tasksQueryOptions(clubId).queryKey }),
  ]);
}

export function useLinkBadge(clubId: string, taskId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (badgeId: string) => linkBadge(clubId, taskId, badgeId),
    onSettled: () => invalidateTaskBadges(qc, clubId, taskId),
  });
}
