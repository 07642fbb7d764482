import type { TCreateTransaction, TTransaction } from '@shared/finance';
import { api } from '@web/lib/api';
import { useFinanceMutation } from './keys';

export const createTransaction = (clubId: string, input: TCreateTransaction) =>
  api<TTransaction>('POST', `/api/clubs/${clubId}/transactions`, input);

export const useCreateTransaction = (clubId: string) => useFinanceMutation(clubId, (input: TCreateTransaction) => createTransaction(clubId, input));
