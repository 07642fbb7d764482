import { api } from '@web/lib/api';
import { useFinanceMutation } from './keys';

/** Deletes the row only; balances are NOT reversed (spec 4). */
export const deleteTransaction = (clubId: string, id: string) => api<{ ok: true }>('DELETE', `/api/clubs/${clubId}/transactions/${id}`);

export const useDeleteTransaction = (clubId: string) => useFinanceMutation(clubId, (id: string) => deleteTransaction(clubId, id));
