import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TInvitationLink } from '@shared/members';
import { api } from '@web/lib/api';
import { invitationsQueryOptions } from './list-invitations';

export function createClaimLink(clubId: string, memberId: string): Promise<TInvitationLink> {
  return api<TInvitationLink>('POST', `/api/clubs/${clubId}/members/${memberId}/invitation`);
}

/** A link for a member without account to create their own login. */
export function useCreateClaimLink(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => createClaimLink(clubId, memberId),
    onSuccess: () => qc.invalidateQueries({ queryKey: invitationsQueryOptions(clubId).queryKey }),
  });
}
