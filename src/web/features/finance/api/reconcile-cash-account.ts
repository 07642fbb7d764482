import type { TCashAccount } from '@shared/finance';
import { api } from '@web/lib/api';
import { useFinanceMutation } from './keys';

/** 'Corrigir saldo': the caixa takes the balance its transactions give (audited). */
export const reconcileCashAccount = (clubId: string, id: string) => api<TCashAccount>('POST', `/api/clubs/${clubId}/cash-accounts/${id}/reconcile`);

export const useReconcileCashAccount = (clubId: string) => useFinanceMutation(clubId, (id: string) => reconcileCashAccount(clubId, id));
