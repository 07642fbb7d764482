import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRiskInput } from '@shared/camps';
import { api } from '@web/lib/api';
import type { TRiskTemplate } from './get-risk-template';

export function useSaveRiskTemplate(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (items: TRiskInput[]) => api<TRiskTemplate>('PUT', `/api/clubs/${clubId}/camp-risk-template`, { items }),
    onSuccess: (t) => qc.setQueryData(['clubs', clubId, 'camp-risk-template'], t),
  });
}
