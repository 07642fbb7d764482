import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export function undoClaim(clubId: string, memberId: string): Promise<{ ok: true }> {
  return api('DELETE', `/api/clubs/${clubId}/members/${memberId}/claim`);
}

/** Takes back the login a member created through this club's link (the profile stays, without an account). */
export function useUndoClaim(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => undoClaim(clubId, memberId),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['clubs'] }),
  });
}
