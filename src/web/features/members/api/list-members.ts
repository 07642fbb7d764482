import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMember } from '@shared/members';
import { api } from '@web/lib/api';

export function listMembers(clubId: string): Promise<TMember[]> {
  return api<TMember[]>('GET', `/api/clubs/${clubId}/members`);
}

export const membersQueryOptions = (clubId: string) => queryOptions({ queryKey: ['clubs', clubId, 'members'], queryFn: () => listMembers(clubId) });

export function useMembers(clubId: string, enabled = true) {
  return useQuery({ ...membersQueryOptions(clubId), enabled });
}
