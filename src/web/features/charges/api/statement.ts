import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TChartAccount } from '@shared/finance';
import type { TStatementCharge, TStatementConfirm, TStatementConfirmResult, TStatementPreview } from '@shared/statement';
import { api } from '@web/lib/api';
import { chargesKey } from './keys';

/** 'Conciliar extrato': the server reads the file and proposes; nothing is written. */
export const usePreviewStatement = (clubId: string) =>
  useMutation({ mutationFn: (content: string) => api<TStatementPreview>('POST', `/api/clubs/${clubId}/charges/statement/preview`, { content }) });

/** Records the ticked pairs and expenses, all or none; every charge and finance query of the club is read again. */
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

/** 'Escolher cobrança': the open charges whose member, description or code match what is typed. */
export const useStatementChargeSearch = (clubId: string, q: string, enabled: boolean) =>
  useQuery({
    queryKey: chargesKey(clubId, 'statement-search', q),
    queryFn: () => api<TStatementCharge[]>('GET', `/api/clubs/${clubId}/charges/statement/charges?q=${encodeURIComponent(q)}`),
    enabled,
    placeholderData: keepPreviousData,
  });

/** The plano de contas' active expense categories, for an outgoing line posted in the caixa. */
export const useExpenseCategories = (clubId: string) =>
  useQuery({
    queryKey: chargesKey(clubId, 'expense-categories'),
    queryFn: () => api<TChartAccount[]>('GET', `/api/clubs/${clubId}/chart-of-accounts`),
    select: (accounts) => accounts.filter((a) => a.active && a.type === 'expense'),
  });
