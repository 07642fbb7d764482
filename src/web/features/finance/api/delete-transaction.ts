import { api } from '@web/lib/api';
import { useFinanceMutation } from './keys';

/** Deletes the transaction and its effect on the caixa (and cofre); the reason is audited. */
export const deleteTransaction = (clubId: string, id: string, reason: string) =>
  api<{ ok: true }>('DELETE', `/api/clubs/${clubId}/transactions/${id}`, { reason });

export const useDeleteTransaction = (clubId: string) =>
  useFinanceMutation(clubId, ({ id, reason }: { id: string; reason: string }) => deleteTransaction(clubId, id, reason));
