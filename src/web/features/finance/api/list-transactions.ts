import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTransaction } from '@shared/finance';
import { api } from '@web/lib/api';
import { financeKey } from './keys';

/** The last 20 transactions, newest first. */
export const listRecentTransactions = (clubId: string) => api<TTransaction[]>('GET', `/api/clubs/${clubId}/transactions`);

export const recentTransactionsQueryOptions = (clubId: string) =>
  queryOptions({ queryKey: financeKey(clubId, 'transactions'), queryFn: () => listRecentTransactions(clubId) });

export const useRecentTransactions = (clubId: string) => useQuery(recentTransactionsQueryOptions(clubId));
