import type { TCashAccount, TUpdateCashAccount } from '@shared/finance';
import { api } from '@web/lib/api';
import { useFinanceMutation } from './keys';

export const updateCashAccount = (clubId: string, id: string, input: TUpdateCashAccount) =>
  api<TCashAccount>('PUT', `/api/clubs/${clubId}/cash-accounts/${id}`, input);

export const useUpdateCashAccount = (clubId: string) =>
  useFinanceMutation(clubId, ({ id, input }: { id: string; input: TUpdateCashAccount }) => updateCashAccount(clubId, id, input));
