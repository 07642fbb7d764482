import type { TTransaction } from '@shared/finance';
import { api } from '@web/lib/api';
import { useFinanceMutation } from './keys';

/** 'Estornar': the server records the opposite transaction. */
export const reverseTransaction = (clubId: string, id: string) => api<TTransaction>('POST', `/api/clubs/${clubId}/transactions/${id}/reverse`, {});

export const useReverseTransaction = (clubId: string) => useFinanceMutation(clubId, (id: string) => reverseTransaction(clubId, id));
