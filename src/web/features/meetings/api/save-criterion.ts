import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCriterion, TCriterionInput } from '@shared/meetings';
import { api } from '@web/lib/api';
import { criteriaQueryOptions } from './list-criteria';

export function saveCriterion(clubId: string, id: string | null, input: TCriterionInput): Promise<TCriterion> {
  return id ? api<TCriterion>('PUT', `/api/clubs/${clubId}/meeting-criteria/${id}`, input) : api<TCriterion>('POST', `/api/clubs/${clubId}/meeting-criteria`, input);
}

export function useSaveCriterion(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TCriterionInput }) => saveCriterion(clubId, id, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: criteriaQueryOptions(clubId).queryKey }),
  });
}
