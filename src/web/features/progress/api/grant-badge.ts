import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { TBadge } from '@shared/badges';
import { api } from '@web/lib/api';
import { useProgressInvalidation } from './complete-task';

/** Active badges (by rarity) an admin can choose from. */
export function listClubBadges(clubId: string): Promise<TBadge[]> {
  return api<TBadge[]>('GET', `/api/clubs/${clubId}/badges`);
}

export const clubBadgesQueryOptions = (clubId: string) =>
  queryOptions({ queryKey: ['clubs', clubId, 'progress', 'badges'], queryFn: () => listClubBadges(clubId) });

export function useClubBadges(clubId: string, enabled: boolean) {
  return useQuery({ ...clubBadgesQueryOptions(clubId), enabled });
}

export function grantBadge(clubId: string, memberId: string, badgeId: string) {
  return api('POST', `/api/clubs/${clubId}/members/${memberId}/badges`, { badge_id: badgeId });
}

export function useGrantBadge(clubId: string, memberId: string) {
  const invalidate = useProgressInvalidation(clubId);
  return useMutation({ mutationFn: (badgeId: string) => grantBadge(clubId, memberId, badgeId), onSuccess: invalidate });
}
