import { api } from '@web/lib/api';
import { useFinanceMutation } from './keys';

/** Soft delete: the caixa is deactivated, its history stays. */
export const deleteCashAccount = (clubId: string, id: string) => api<{ ok: true }>('DELETE', `/api/clubs/${clubId}/cash-accounts/${id}`);

export const useDeleteCashAccount = (clubId: string) => useFinanceMutation(clubId, (id: string) => deleteCashAccount(clubId, id));
