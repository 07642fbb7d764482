import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSgcFieldsInput, TSgcMember } from '@shared/associacao';
import { api } from '@web/lib/api';
import { readinessQueryOptions } from './get-readiness';

export function saveSgcFields(clubId: string, memberId: string, input: TSgcFieldsInput): Promise<TSgcMember> {
  return api<TSgcMember>('PUT', `/api/clubs/${clubId}/associacao/members/${memberId}/sgc`, input);
}

export function useSaveSgcFields(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, input }: { memberId: string; input: TSgcFieldsInput }) => saveSgcFields(clubId, memberId, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: readinessQueryOptions(clubId).queryKey }),
  });
}
