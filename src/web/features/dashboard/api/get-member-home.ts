import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMemberHome } from '@shared/member-home';
import { apiKept } from '@web/lib/kept-answers';

export function getMemberHome(clubId: string): Promise<TMemberHome> {
  return apiKept<TMemberHome>(`/api/clubs/${clubId}/home`);
}

// Under ['clubs', clubId] so every progress mutation (which invalidates that key) refreshes it.
export const memberHomeQueryOptions = (clubId: string) => queryOptions({ queryKey: ['clubs', clubId, 'home'], queryFn: () => getMemberHome(clubId) });

export function useMemberHome(clubId: string | null, enabled = true) {
  return useQuery({ ...memberHomeQueryOptions(clubId ?? ''), enabled: clubId !== null && enabled });
}
