import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDeadlineInput } from '@shared/associacao';
import { api } from '@web/lib/api';
import { readinessQueryOptions } from './get-readiness';

export function saveDeadline(clubId: string, input: TDeadlineInput): Promise<{ ok: true }> {
  return api<{ ok: true }>('PUT', `/api/clubs/${clubId}/associacao/deadline`, input);
}

export function useSaveDeadline(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TDeadlineInput) => saveDeadline(clubId, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: readinessQueryOptions(clubId).queryKey }),
  });
}
