import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBadge } from '@shared/badges';
import { api } from '@web/lib/api';

/** The active badges a member of the club can earn: the platform's and the club's own. */
export function listAvailableBadges(clubId: string): Promise<TBadge[]> {
  return api<TBadge[]>('GET', `/api/clubs/${clubId}/badges`);
}

export const availableBadgesQueryOptions = (clubId: string) =>
  queryOptions({ queryKey: ['clubs', clubId, 'badges', 'available'], queryFn: () => listAvailableBadges(clubId) });

export function useAvailableBadges(clubId: string) {
  return useQuery(availableBadgesQueryOptions(clubId));
}
