import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { invitationsQueryOptions } from './list-invitations';

export function revokeInvitation(clubId: string, invitationId: string): Promise<{ ok: true }> {
  return api('DELETE', `/api/clubs/${clubId}/invitations/${invitationId}`);
}

export function useRevokeInvitation(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => revokeInvitation(clubId, invitationId),
    onSuccess: () => qc.invalidateQueries({ queryKey: invitationsQueryOptions(clubId).queryKey }),
  });
}
