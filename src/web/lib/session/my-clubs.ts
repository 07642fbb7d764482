import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMyClub } from '@shared/clubs';
import { apiKept } from '@web/lib/kept-answers';

export function listMyClubs(): Promise<TMyClub[]> {
  return apiKept<TMyClub[]>('/api/clubs');
}

export const myClubsQueryOptions = () => queryOptions({ queryKey: ['clubs', 'mine'], queryFn: listMyClubs });

export function useMyClubs(enabled = true) {
  return useQuery({ ...myClubsQueryOptions(), enabled });
}
