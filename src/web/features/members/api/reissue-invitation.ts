import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TInvitationLink } from '@shared/members';
import { api } from '@web/lib/api';
import { invitationsQueryOptions } from './list-invitations';

/** 'Gerar novo link': the previous link of the invitation stops working. */
export function reissueInvitation(clubId: string, invitationId: string): Promise<TInvitationLink> {
  return api('POST', `/api/clubs/${clubId}/invitations/${invitationId}/link`);
}

export function useReissueInvitation(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => reissueInvitation(clubId, invitationId),
    onSuccess: () => qc.invalidateQueries({ queryKey: invitationsQueryOptions(clubId).queryKey }),
  });
}
