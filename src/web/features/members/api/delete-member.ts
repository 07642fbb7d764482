import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export function deleteMember(clubId: string, memberId: string): Promise<{ ok: true }> {
  return api('DELETE', `/api/clubs/${clubId}/members/${memberId}`);
}

export function useDeleteMember(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => deleteMember(clubId, memberId),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['clubs'] }),
  });
}
