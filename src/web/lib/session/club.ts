import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TClub } from '@shared/clubs';
import { api } from '@web/lib/api';

export function getClub(clubId: string): Promise<TClub> {
  return api<TClub>('GET', `/api/clubs/${clubId}`);
}

export const clubQueryOptions = (clubId: string) => queryOptions({ queryKey: ['clubs', 'one', clubId], queryFn: () => getClub(clubId), retry: false });

/** One club by id; used for a club a super admin opened without being a member of it. */
export function useClub(clubId: string | null) {
  return useQuery({ ...clubQueryOptions(clubId ?? ''), enabled: clubId !== null });
}
