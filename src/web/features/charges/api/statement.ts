import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TStatementConfirm, TStatementConfirmResult, TStatementPreview } from '@shared/statement';
import { api } from '@web/lib/api';
import { chargesKey } from './keys';

/** 'Conciliar extrato': the server reads the file and proposes; nothing is written. */
export const usePreviewStatement = (clubId: string) =>
  useMutation({ mutationFn: (content: string) => api<TStatementPreview>('POST', `/api/clubs/${clubId}/charges/statement/preview`, { content }) });

/** Records the ticked pairs, all or none; every charge and finance query of the club is read again. */
export function useConfirmStatement(clubId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TStatementConfirm) => api<TStatementConfirmResult>('POST', `/api/clubs/${clubId}/charges/statement/confirm`, input),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: chargesKey(clubId) });
      await qc.invalidateQueries({ queryKey: ['finance', clubId] });
    },
  });
}
