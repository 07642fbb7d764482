import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TClub } from '@shared/clubs';
import { api } from '@web/lib/api';

export function removeLogo(clubId: string): Promise<TClub> {
  return api<TClub>('DELETE', `/api/clubs/${clubId}/logo`);
}

export function useRemoveLogo(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => removeLogo(clubId),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['clubs'] }),
  });
}
