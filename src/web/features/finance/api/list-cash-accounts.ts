import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCashAccount } from '@shared/finance';
import { api } from '@web/lib/api';
import { financeKey } from './keys';

export const listCashAccounts = (clubId: string) => api<TCashAccount[]>('GET', `/api/clubs/${clubId}/cash-accounts`);

export const cashAccountsQueryOptions = (clubId: string) =>
  queryOptions({ queryKey: financeKey(clubId, 'cash-accounts'), queryFn: () => listCashAccounts(clubId) });

export const useCashAccounts = (clubId: string) => useQuery(cashAccountsQueryOptions(clubId));
