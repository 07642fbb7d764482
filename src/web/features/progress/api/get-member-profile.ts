import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMemberProfile } from '@shared/progress';
import { api } from '@web/lib/api';

/** 'Meu Perfil' (no memberId) or a member's profile for an admin. */
export function getMemberProfile(clubId: string, memberId?: string): Promise<TMemberProfile> {
  return api<TMemberProfile>('GET', memberId ? `/api/clubs/${clubId}/members/${memberId}/profile` : `/api/clubs/${clubId}/profile`);
}

export const memberProfileQueryOptions = (clubId: string, memberId?: string) =>
  queryOptions({ queryKey: ['clubs', clubId, 'progress', 'profile', memberId ?? 'me'], queryFn: () => getMemberProfile(clubId, memberId) });

export function useMemberProfile(clubId: string | null, memberId?: string) {
  return useQuery({ ...memberProfileQueryOptions(clubId ?? '', memberId), enabled: clubId !== null });
}
