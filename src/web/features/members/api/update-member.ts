import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMember, TUpdateMember } from '@shared/members';
import { api } from '@web/lib/api';

export function updateMember(clubId: string, memberId: string, input: TUpdateMember): Promise<TMember> {
  return api<TMember>('PUT', `/api/clubs/${clubId}/members/${memberId}`, input);
}

export function useUpdateMember(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TUpdateMember }) => updateMember(clubId, id, input),
    // Role changes may change what the signed-in user can do: refresh their club list too.
    onSuccess: () => qc.invalidateQueries({ queryKey: ['clubs'] }),
  });
}
