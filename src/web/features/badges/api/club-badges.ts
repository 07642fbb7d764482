import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TBadge, TClubBadgeInput } from '@shared/badges';
import { api } from '@web/lib/api';

export function listClubBadges(clubId: string): Promise<TBadge[]> {
  return api<TBadge[]>('GET', `/api/clubs/${clubId}/badges/own`);
}

export const clubBadgesQueryOptions = (clubId: string) => queryOptions({ queryKey: ['clubs', clubId, 'badges', 'own'], queryFn: () => listClubBadges(clubId) });

export function useClubBadges(clubId: string) {
  return useQuery(clubBadgesQueryOptions(clubId));
}

export function saveClubBadge(clubId: string, id: string | null, body: TClubBadgeInput): Promise<TBadge> {
  return id ? api<TBadge>('PUT', `/api/clubs/${clubId}/badges/${id}`, body) : api<TBadge>('POST', `/api/clubs/${clubId}/badges`, body);
}

/** Create, edit or (with active false) deactivate a club badge; task badge lists refresh too. */
export function useSaveClubBadge(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string | null; body: TClubBadgeInput }) => saveClubBadge(clubId, v.id, v.body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['clubs', clubId] }),
  });
}
