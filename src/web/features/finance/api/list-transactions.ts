import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { TTransactionPage } from '@shared/finance';
import { api } from '@web/lib/api';
import { financeKey } from './keys';

/** One page of transactions, newest first; the first is the last 20. */
export function listTransactions(clubId: string, after: string | null): Promise<TTransactionPage> {
  const params = new URLSearchParams();
  if (after) params.set('after', after);
  return api<TTransactionPage>('GET', `/api/clubs/${clubId}/transactions?${params.toString()}`);
}

export const transactionsQueryOptions = (clubId: string) =>
  infiniteQueryOptions({
    queryKey: financeKey(clubId, 'transactions'),
    queryFn: ({ pageParam }) => listTransactions(clubId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });

export const useTransactions = (clubId: string) => useInfiniteQuery(transactionsQueryOptions(clubId));
