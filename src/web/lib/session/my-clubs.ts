import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMyClub } from '@shared/clubs';
import { api } from '@web/lib/api';

export function listMyClubs(): Promise<TMyClub[]> {
  return api<TMyClub[]>('GET', '/api/clubs');
}

export const myClubsQueryOptions = () => queryOptions({ queryKey: ['clubs', 'mine'], queryFn: listMyClubs });

export function useMyClubs(enabled = true) {
  return useQuery({ ...myClubsQueryOptions(), enabled });
}
