import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TInsuranceInput } from '@shared/associacao';
import { api } from '@web/lib/api';
import { readinessQueryOptions } from './get-readiness';

export function saveInsurance(clubId: string, memberId: string, input: TInsuranceInput): Promise<{ ok: true }> {
  return api<{ ok: true }>('PUT', `/api/clubs/${clubId}/associacao/members/${memberId}/insurance`, input);
}

export function useSaveInsurance(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, input }: { memberId: string; input: TInsuranceInput }) => saveInsurance(clubId, memberId, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: readinessQueryOptions(clubId).queryKey }),
  });
}
