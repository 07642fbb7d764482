import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPendingInvitation } from '@shared/members';
import { api } from '@web/lib/api';

export function listInvitations(clubId: string): Promise<TPendingInvitation[]> {
  return api<TPendingInvitation[]>('GET', `/api/clubs/${clubId}/invitations`);
}

export const invitationsQueryOptions = (clubId: string) => queryOptions({ queryKey: ['clubs', clubId, 'invitations'], queryFn: () => listInvitations(clubId) });

export function useInvitations(clubId: string, enabled: boolean) {
  return useQuery({ ...invitationsQueryOptions(clubId), enabled });
}
