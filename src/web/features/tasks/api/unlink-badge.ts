import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { invalidateTaskBadges } from './link-badge';

export function unlinkBadge(clubId: string, taskId: string, badgeId: string): Promise<void> {
  return api<void>('DELETE', `/api/clubs/${clubId}/tasks/${taskId}/badges/${badgeId}`);
}

export function useUnlinkBadge(clubId: string, taskId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (badgeId: string) => unlinkBadge(clubId, taskId, badgeId),
    onSettled: () => invalidateTaskBadges(qc, clubId, taskId),
  });
}
