import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { diretoriaQueryOptions } from './get-diretoria';

export function removePost(clubId: string, id: string): Promise<{ ok: true }> {
  return api<{ ok: true }>('DELETE', `/api/clubs/${clubId}/associacao/diretoria/${id}`);
}

export function useRemovePost(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => removePost(clubId, id),
    onSuccess: () => qc.invalidateQueries({ queryKey: diretoriaQueryOptions(clubId).queryKey }),
  });
}
