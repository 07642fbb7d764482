import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPostInput } from '@shared/associacao';
import { api } from '@web/lib/api';
import { diretoriaQueryOptions } from './get-diretoria';

export function savePost(clubId: string, id: string | null, input: TPostInput): Promise<{ id: string }> {
  return id
    ? api<{ id: string }>('PUT', `/api/clubs/${clubId}/associacao/diretoria/${id}`, input)
    : api<{ id: string }>('POST', `/api/clubs/${clubId}/associacao/diretoria`, input);
}

export function useSavePost(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TPostInput }) => savePost(clubId, id, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: diretoriaQueryOptions(clubId).queryKey }),
  });
}
