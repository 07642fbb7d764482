import type { TCashAccount, TCreateCashAccount } from '@shared/finance';
import { api } from '@web/lib/api';
import { useFinanceMutation } from './keys';

export const createCashAccount = (clubId: string, input: TCreateCashAccount) =>
  api<TCashAccount>('POST', `/api/clubs/${clubId}/cash-accounts`, input);

export const useCreateCashAccount = (clubId: string) => useFinanceMutation(clubId, (input: TCreateCashAccount) => createCashAccount(clubId, input));
